-- Where a transcript came from: the search screen's Transcript Upload (a one-off analysis whose refused file is
-- deleted) or the student's profile (kept until the student deletes it, even if an analysis refuses it).
alter table transcripts add column uploaded_from text not null default 'search' check (uploaded_from in ('search', 'profile'));
update transcripts set uploaded_from = 'profile' where status = 'saved';
