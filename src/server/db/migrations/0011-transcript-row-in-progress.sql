-- A course the transcript lists without a grade in a term still running is in progress, not earned: kept with the row
-- so every later decision on stored rows (the compare view) treats it as the report did.
alter table transcript_rows add column in_progress boolean not null default false;
