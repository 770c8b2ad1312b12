-- Tables as schools publish them (issue 25, part 3).

-- The system a rule's credits are counted in when the table that made it said so ('4 quarter units'); null when it
-- did not (the schools' own calendars apply, as before).
alter table equivalency_rules add column credit_unit text check (credit_unit in ('quarter', 'semester'));

-- How a sending school's tables name their columns, as the clerk last mapped them on Course Data Upload: Crosswalk's
-- column -> the file's header ({"source_code": "CC Course", ...}). Offered again for the next file from that school.
create table import_column_mappings (
  institution_id integer primary key references institutions (id) on delete cascade,
  mapping jsonb not null,
  updated_by text references "user" ("id") on delete set null,
  updated_at timestamptz not null default now()
);
