-- The evaluation queue (docs/decisions/080-evaluation-queue.md): every transcript row no rule decides (NEEDS_EVAL) is
-- demand for a pair (sending school's course, destination school).

-- A row's course in the one normalised form the rules' sources use (equivalency_rule_sources.code_key), so a pair's
-- rows are found by index and grouped the same way the engine matches them.
alter table transcript_rows
  add column code_key text generated always as (lower(regexp_replace(subject || number, '[^A-Za-z0-9.]', '', 'g'))) stored;
-- Only the undecided rows: the queue's grouping reads this index, not the whole table.
create index transcript_rows_undecided on transcript_rows (code_key, transcript_id) where status = 'NEEDS_EVAL';
create index transcripts_report_pair on transcripts (detected_institution_id, to_institution_id)
  where detected_institution_id is not null and to_institution_id is not null;
create index appeals_transcript_row on appeals (transcript_row_id) where transcript_row_id is not null;

-- What a registrar decided for a pair: a rule (approved, another course, does not transfer) or "leave for later".
create table evaluation_decisions (
  id bigint generated always as identity primary key,
  from_institution_id integer not null references institutions (id) on delete cascade,
  to_institution_id integer not null references institutions (id) on delete cascade,
  code_key text not null,
  subject text not null,
  number text not null,
  action text not null check (action in ('approved', 'another-course', 'no-transfer', 'dismissed')),
  rule_id integer references equivalency_rules (id) on delete set null,
  -- The destination course as the student reads it ("ENG 106 College Writing"); null when it does not transfer.
  target text,
  -- Which of the offered suggestions was approved (0 = the first); null when the clerk typed another course.
  suggestion_rank smallint,
  -- How many suggestions were offered when the pair was decided: the share accepted as offered is measured on these.
  suggestions_offered smallint not null default 0,
  reason text,
  decided_by text references "user" ("id") on delete set null,
  decided_at timestamptz not null default now(),
  -- The background re-decision: reports re-decided, appeals resolved, students e-mailed.
  job_id bigint,
  outcome jsonb
);
create index evaluation_decisions_pair on evaluation_decisions (from_institution_id, to_institution_id, code_key, decided_at desc);
