-- Each queued pair's best three suggestions, computed once per catalogue version (docs/decisions/080-evaluation-queue.md):
-- the ranking job stores them for the first pages, a page computes and stores the ones it finds missing or out of date.
-- `catalogue_version` is search_catalogue_version as read before computing (migration 0003: every write to the
-- institutions, courses and rules the suggestion owner reads moves it on), `course` the pair's course as it was asked
-- (subject, number, title, credits as JSON): a stored row serves only the same course at the same version. Like the
-- ranking it is derived data without foreign keys: a school deleted while a page stores its answers fails nothing, and
-- each ranking drops the rows of pairs no longer ranked.
create table evaluation_pair_suggestions (
  from_institution_id integer not null,
  to_institution_id integer not null,
  code_key text not null,
  course text not null,
  catalogue_version text not null,
  suggestions jsonb not null,
  computed_at timestamptz not null default now(),
  primary key (from_institution_id, to_institution_id, code_key)
);
