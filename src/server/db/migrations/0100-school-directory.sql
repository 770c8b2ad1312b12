-- Every US school, from the federal IPEDS directory (issue 33, decision 100). PostgreSQL 15 and PGlite.

-- A school's row in the directory (the `institutions` reference set, reference-data/institutions/): its IPEDS unit id,
-- where it is, its web domain (lsu.edu: how a transcript's printed web address names it), its sector and enrolment
-- size (how a picker ranks schools that share a name), and the system it belongs to (a system's name on a transcript is
-- not the issuing school). Null for a school the directory does not list (a made-up test school, one outside the US).
alter table institutions
  add column ipeds_unitid integer unique,
  add column city text,
  add column web_domain text,
  add column ipeds_sector smallint,
  add column ipeds_size smallint,
  add column system_name text,
  -- Added by the directory's loader (not by an admin, an import or another set): Universities Management lists these
  -- only when searched for, or once Crosswalk has their courses or rules.
  add column from_directory boolean not null default false;
create index institutions_web_domain on institutions (web_domain) where web_domain is not null;

-- A name may now belong to several schools: the directory's aliases are not unique ("UNO" is New Orleans and Nebraska
-- at Omaha, "Tech" a dozen schools), and a name two schools share never decides alone (features/institutions asks, or
-- uses the state). Which kind of name each one is:
--   name   the school's name as Crosswalk shows it       key    its key
--   alias  any other name: the directory's official name and reported aliases, Crosswalk's own, an earlier name
--   short  a short form derived by rule from a name ("UW-Madison", "Kapiolani CC", "Florida State", "St. Johns")
alter table institution_aliases drop constraint institution_aliases_pkey;
alter table institution_aliases add primary key (alias_normalized, institution_id);
alter table institution_aliases add column source text not null default 'alias' check (source in ('name', 'key', 'alias', 'short'));
update institution_aliases a set source = 'name'
  from institutions i
 where i.id = a.institution_id and a.alias_normalized = regexp_replace(replace(lower(i.name), '&', 'and'), '[^a-z0-9]', '', 'g');
update institution_aliases a set source = 'key'
  from institutions i
 where i.id = a.institution_id and a.source = 'alias' and a.alias = i.key;

-- The name's words, lower-case and spaced (' university of wisconsin madison '), for the picker's "words that start
-- with what was typed": a search aid only; which school a name is stays alias_normalized's.
alter table institution_aliases
  add column words text generated always as (' ' || btrim(regexp_replace(replace(lower(alias), '&', ' and '), '[^a-z0-9]+', ' ', 'g')) || ' ') stored;
create index institution_aliases_prefix on institution_aliases (alias_normalized text_pattern_ops);
create index institution_aliases_words on institution_aliases using gin (words gin_trgm_ops);
