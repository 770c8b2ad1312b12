-- Indexes for course search (src/server/features/search/search.queries.ts). Written for PostgreSQL 15 and PGlite.

-- Code prefixes ('mac2311' finds MAC 2311C) with LIKE in any collation; also serves equality.
create index courses_code_key_pattern on courses (code_key text_pattern_ops);

-- A course by its code at one school: where an equivalency rule's source points.
create index courses_institution_code_key on courses (institution_id, code_key);

-- The subject filter matches subject prefixes ('eco' finds ECO and ECON).
create index courses_subject_pattern on courses ((lower(subject)) text_pattern_ops);

-- "Which courses transfer to this school": rules by destination.
create index equivalency_rules_to on equivalency_rules (to_institution_id, from_institution_id) where transfers;
