-- Issue 38: the evaluation queue counts people, and a registrar's decision can be undone for a minute
-- (docs/decisions/150-evaluation-queue-counts-people.md).

-- A signed-out visitor's browser (a random id in a first-party cookie, http/visitor-browser.ts), hashed: the queue counts
-- a visitor's uploads from one browser as one student. Cleared when the visitor claims the transcript into an account.
alter table transcripts add column visitor_browser_hash text;

-- Undo: until `undo_until` the registrar may take the decision back (its rule removed, the reports decided again);
-- the appeals it resolves and the e-mails to students wait for that minute to pass (`notify_job_id`).
alter table evaluation_decisions
  add column undo_until timestamptz,
  add column undone_at timestamptz,
  add column undone_by text references "user" ("id") on delete set null,
  add column notify_job_id bigint;
