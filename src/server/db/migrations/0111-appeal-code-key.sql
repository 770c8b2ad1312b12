-- An appeal's course in the one "same course" key (codeKey in engine/course-code.ts; courses, rule sources and report
-- rows generate theirs the same way), so the evaluation queue counts form appeals by the column instead of writing
-- the rule out again in its SQL. tests/api/code-key-parity.test.ts holds every generated code_key to codeKey().
alter table appeals
  add column code_key text generated always as (lower(regexp_replace(coalesce(subject, '') || coalesce(number, ''), '[^A-Za-z0-9.]', '', 'g'))) stored;
