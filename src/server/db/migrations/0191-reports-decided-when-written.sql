-- A report is decided completely when it is written (issue 34): what a rule on file says of an undecided row's
-- cross-listed code (the same course under another subject at the student's school) is decided by the analysis, a
-- correction and a re-decision, and stored with the row; reading a report no longer asks the engine.
-- {courseNumber, transfersTo, ruleId}; null: no other code of the course that a rule transfers.
alter table transcript_rows add column cross_listed jsonb;

-- The way of deciding a report was written with (transcript-analysis.ts REPORT_FORMAT). Reports written before, with
-- an undecided row (which may have a cross-listed answer) or a row without its verdict class (migration 0110), are
-- decided again by the periodic task, a few hundred a run; every other report, and each one written from now, is 1.
alter table transcripts add column report_format smallint not null default 0;
update transcripts t set report_format = 1
 where not exists (select 1 from transcript_rows r
                    where r.transcript_id = t.id and not r.removed_by_student
                      and (r.status = 'NEEDS_EVAL' or (r.verdict_class is null and r.status is not null)));
alter table transcripts alter column report_format set default 1;
create index transcripts_report_format on transcripts (report_format) where status in ('done', 'saved');
drop index transcript_rows_unclassified;
