-- A student's file the reader found no courses in (issue 40). PostgreSQL 15 and PGlite.

-- When the reader found no course rows in a signed-in student's file: the student is asked whether it is a transcript.
-- Until they answer it is not counted among their transcripts; unanswered, it is discarded a week later.
alter table transcripts add column no_courses_found_at timestamptz;
-- When the student said it is a transcript: kept, and listed on the evaluation queue for the registrar to read by hand.
alter table transcripts add column kept_unreadable_at timestamptz;
-- When a registrar marked it read (it leaves the queue), and who.
alter table transcripts add column unreadable_read_at timestamptz;
alter table transcripts add column unreadable_read_by text references "user" ("id") on delete set null;

-- The queue's list of files students kept, oldest first.
create index transcripts_kept_unreadable on transcripts (kept_unreadable_at) where kept_unreadable_at is not null and unreadable_read_at is null;
-- The week-old questions nobody answered.
create index transcripts_no_courses_asked on transcripts (no_courses_found_at) where no_courses_found_at is not null and kept_unreadable_at is null;
