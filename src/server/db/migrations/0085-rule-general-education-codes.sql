-- General-education codes a transfer rule states for the credit it gives (follow-up of issue 24). PostgreSQL 15 and PGlite.

-- The receiving school's codes as the rule's notes write them ("gen ed S, ETHNIC; footnote 5" -> {S,ETHNIC}), read by
-- the rule writers (generalEducationCodesInNotes) with every rule they write, so kept in step with the notes; null when
-- the notes state none.
-- Derived from the notes, which the content hash already covers, so the hash does not change.
alter table equivalency_rules add column gen_ed_codes text[] check (cardinality(gen_ed_codes) > 0);

-- Which codes the rules into a school state (degree progress: an option naming one of them can be checked there).
create index equivalency_rules_gen_ed_codes on equivalency_rules (to_institution_id) where gen_ed_codes is not null;
