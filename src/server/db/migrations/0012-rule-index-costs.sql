-- Less work for every rule an import writes (issue 6's import benchmark). PostgreSQL 15 and PGlite.

-- Rules by origin are only ever counted over the whole table (the data overview, the pathways list), which reads every
-- rule either way; the index cost each inserted rule an entry.
drop index if exists equivalency_rules_origin;

-- A fingerprint is a hash in hex, only ever compared for equality: byte order ("C") instead of the database's
-- collation, whose comparisons go through the C library's locale on a PostgreSQL created with a UTF-8 locale. The unique
-- index is rebuilt; the values do not change.
alter table equivalency_rules alter column fingerprint type text collate "C";
