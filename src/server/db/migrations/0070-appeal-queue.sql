-- The clerk's appeal queue (issue 26): oldest first by default (the due date is the submission date plus 3 business
-- days, so it sorts as the submission does), newest first, or by destination school; filtered by status and school.
-- Written for PostgreSQL 15 and PGlite. appeals_created and appeals_status_created (0007) already serve the oldest and
-- newest orders, each read backwards or forwards.

-- By school, then oldest first within it; and one school's queue in submission order.
create index appeals_school_created on appeals (target_school, created_at, id);
create index appeals_status_school_created on appeals (status, target_school, created_at, id);

-- When a student last looked at their appeal center: the hub marks what changed since.
create table appeal_center_visits (
  user_id text primary key references "user" ("id") on delete cascade,
  seen_at timestamptz not null default now()
);

analyze appeals;
