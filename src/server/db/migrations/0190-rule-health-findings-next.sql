-- Rule health's check writes its findings beside the shown ones and swaps the two tables' names in one short
-- transaction (rule-health.queries.ts replaceFindings): a check of 233,000 rules no longer holds the embedded
-- database, one statement at a time, for half a minute. The two tables take turns; their ids never meet (this one
-- counts from 10^9), so a finding a page still shows is never taken for another one.
create table rule_health_findings_next (like rule_health_findings including all);
alter table rule_health_findings_next alter column id restart with 1000000000;
alter table rule_health_findings_next
  add foreign key (rule_id) references equivalency_rules (id) on delete cascade,
  add foreign key (from_institution_id) references institutions (id) on delete cascade,
  add foreign key (to_institution_id) references institutions (id) on delete cascade;
