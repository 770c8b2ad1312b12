-- Verdict classes (docs/decisions/110-verdict-classes.md): what a student gets for a course, classified once by the
-- equivalency engine. PostgreSQL 15 and PGlite.

-- What a rule gives when its source states it (a published table's type column, a Louisiana matrix cell), read by the
-- engine before it infers anything from the rule's targets; null when the source does not say (inferred, as before).
-- Few rules carry one: the rules import sets it after the writers, as it does the credit units (0075).
alter table equivalency_rules add column stated_class text
  check (stated_class in ('specific-course', 'general-education', 'elective', 'not-degree-credit', 'no-credit', 'does-not-transfer'));

-- A report row's class as the engine decided it, beside its status (the spec's DIRECT / NEEDS_EVAL / NO_TRANSFER, which
-- the class belongs to). Null for rows decided before classes existed: a periodic task decides those reports again
-- (transcripts' classifyStoredReports), finding them by this partial index; until then they show their status.
alter table transcript_rows add column verdict_class text
  check (verdict_class in ('specific-course', 'general-education', 'elective', 'not-guaranteed', 'needs-review', 'not-degree-credit', 'no-credit', 'does-not-transfer'));
create index transcript_rows_unclassified on transcript_rows (transcript_id) where verdict_class is null and status is not null;
