-- The student checks what the reader read (issue 19): a row they fixed keeps the reader's values in as_read, a row
-- they removed stays (removed_by_student) so the original reading is never lost, and a course they added is marked
-- added_by_student. Reports, what admins see and appeals tell the student's rows from the reader's by these columns.
alter table transcript_rows add column as_read jsonb;
alter table transcript_rows add column added_by_student boolean not null default false;
alter table transcript_rows add column removed_by_student boolean not null default false;
alter table transcript_rows add column corrected_at timestamptz;

-- An appeal carries the row as it stood when the student appealed (credits, grade, term, and whether the student
-- corrected it, with what the reader had read), so the school reviews the course the student vouched for.
alter table appeals add column course_row jsonb;
