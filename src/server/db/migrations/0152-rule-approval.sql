-- Who approved a rule at the receiving school and on which day, as a published table states them (approved_by,
-- approved_on; docs/decisions/152-tables-as-published.md). Kept with the rule, shown to the clerk, exported. Null for
-- most rules: the rules import sets them after the writers, as it does the credit units (0075) and the stated class
-- (0110). The day is ISO text ('2024-05-01'): it sorts as text and no driver turns it into a time in some time zone.
alter table equivalency_rules add column approved_by text check (length(approved_by) between 1 and 200);
alter table equivalency_rules add column approved_on text check (approved_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
