-- Issue 38, part 4: rule health (docs/decisions/151-rule-health.md). What the nightly check found in the rules, so the
-- admin page and the hub read counts and lists without scanning every rule on each request.
create table rule_health_findings (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('conflict', 'missing-target', 'missing-source', 'expired', 'no-start', 'asked')),
  -- The rule the finding is about; gone with it. Null for a pair students ask about that no rule covers.
  rule_id integer references equivalency_rules (id) on delete cascade,
  -- Conflicts: the rules that send one course to one destination at one authority share a group.
  group_key text,
  from_institution_id integer references institutions (id) on delete cascade,
  to_institution_id integer references institutions (id) on delete cascade,
  code_key text,
  -- In words, for the list and the CSV: what is wrong ("MATH 999 is not in the catalogue", "ended Spring 2019").
  detail text not null default '',
  -- Pairs students ask about: how many students wait.
  students integer
);
create index rule_health_findings_kind on rule_health_findings (kind, id);
create index rule_health_findings_rule on rule_health_findings (rule_id) where rule_id is not null;
create index rule_health_findings_group on rule_health_findings (group_key) where group_key is not null;

-- The reports a rule decided, found by index when the rule is removed or changed (to decide them again); the foreign
-- key's "on delete set null" uses it too.
create index transcript_rows_rule on transcript_rows (rule_id) where rule_id is not null;
