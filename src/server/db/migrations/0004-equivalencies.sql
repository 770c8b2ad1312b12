-- Equivalency imports (src/server/features/equivalencies/equivalency-import.service.ts). PostgreSQL 15 and PGlite.

-- Everything about a rule except its identity (which is `fingerprint`): a re-import compares it to tell an
-- edited rule from an unchanged one without reading the rule's sources and targets back.
alter table equivalency_rules add column content_hash text;

-- Variable credit as written in the import ("1-3"): the target then has no fixed `credits` and the engine awards what
-- the student earned. Kept so that an export imports back unchanged.
alter table equivalency_rule_targets add column credits_text text;
