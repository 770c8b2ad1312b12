-- Indexes for course search (src/server/features/search/search.queries.ts). Written for PostgreSQL 15 and PGlite.

-- Code prefixes ('mac2311' finds MAC 2311C) with LIKE in any collation; also serves equality.
create index courses_code_key_pattern on courses (code_key text_pattern_ops);

-- A course by its code at one school: where an equivalency rule's source points.
create index courses_institution_code_key on courses (institution_id, code_key);

-- The subject filter matches subject prefixes ('eco' finds ECO and ECON).
create index courses_subject_pattern on courses ((lower(subject)) text_pattern_ops);

-- "Which courses transfer to this school": rules by destination.
create index equivalency_rules_to on equivalency_rules (to_institution_id, from_institution_id) where transfers;

-- The catalogue's version for cached search answers: every statement that writes a table search reads moves it on.
-- A sequence, not a counter row, so concurrent imports never wait on each other.
create sequence search_catalogue_version;

create function bump_search_catalogue_version() returns trigger language plpgsql as $$
begin
  perform nextval('search_catalogue_version');
  return null;
end
$$;

create trigger institutions_search_version after insert or update or delete or truncate on institutions
  for each statement execute function bump_search_catalogue_version();
create trigger institution_aliases_search_version after insert or update or delete or truncate on institution_aliases
  for each statement execute function bump_search_catalogue_version();
create trigger courses_search_version after insert or update or delete or truncate on courses
  for each statement execute function bump_search_catalogue_version();
create trigger offerings_search_version after insert or update or delete or truncate on offerings
  for each statement execute function bump_search_catalogue_version();
create trigger equivalency_rules_search_version after insert or update or delete or truncate on equivalency_rules
  for each statement execute function bump_search_catalogue_version();
create trigger equivalency_rule_sources_search_version after insert or update or delete or truncate on equivalency_rule_sources
  for each statement execute function bump_search_catalogue_version();
create trigger equivalency_rule_targets_search_version after insert or update or delete or truncate on equivalency_rule_targets
  for each statement execute function bump_search_catalogue_version();
