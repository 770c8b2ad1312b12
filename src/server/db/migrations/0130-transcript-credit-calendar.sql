-- Quarter or semester credits on each transcript (issue 36): the calendar its report was decided with, and where it
-- came from: the page ('page': "Fall Quarter 2022", a Winter term between Fall and Spring), the issuing school's
-- directory entry ('school'), or the student's answer ('student'). 'unknown' means neither the page nor a known school
-- said, and the report asks the student one question; until they answer, no credits are converted. Null on reports
-- analysed before this column (decided with the issuing school's calendar, as then).
alter table transcripts add column credit_calendar text check (credit_calendar in ('quarter', 'semester'));
alter table transcripts add column credit_calendar_source text check (credit_calendar_source in ('page', 'school', 'student', 'unknown'));
-- What on the page said so ("Fall Quarter 2022", "semester hours"), shown on the report.
alter table transcripts add column credit_calendar_evidence text check (char_length(credit_calendar_evidence) <= 120);
