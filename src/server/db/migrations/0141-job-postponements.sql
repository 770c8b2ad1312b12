-- Issue 37: a job that could not finish because the machine was busy (not because of its input) goes back in the queue
-- without using one of its attempts, a few times at most (jobs/job-queue.ts, postponeJob).
alter table jobs add column postponements integer not null default 0;
