-- Issue 20: limits that hold against hostile input.

-- Which queued job runs first (lower first): signed-out visitors' analyses after signed-in students' (jobs/job-queue.ts).
alter table jobs add column priority smallint not null default 0;
drop index jobs_claim;
create index jobs_claim on jobs (status, priority, run_after) where status in ('queued', 'running');
-- A job runs once, and once more only if its worker crashed.
alter table jobs alter column max_attempts set default 2;

-- The address a signed-out visitor uploaded from, for the per-address quotas (uploads/visitor-quotas.ts); null for
-- students' files. Deleted with the visitor's transcript, 24 hours after its analysis.
alter table stored_files add column uploader_address text;
create index stored_files_visitor_uploads on stored_files (uploader_address, created_at) where owner_id is null;
-- When the bytes passed the upload checks and were moved to a key no upload address names: nothing replaces them after.
alter table stored_files add column checked_at timestamptz;
