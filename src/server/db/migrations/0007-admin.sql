-- Indexes for the admin area (src/server/features/admin/admin.queries.ts). Written for PostgreSQL 15 and PGlite.

-- The appeals list is paginated newest first by (created_at, id), for every appeal and per status.
create index appeals_created on appeals (created_at desc, id desc);
create index appeals_status_created on appeals (status, created_at desc, id desc);

-- The student directory is paginated newest first; its search and the appeals search look for a student by name or e-mail.
-- Only students (the directory's role filter, written exactly as admin-appeals.queries.ts STUDENT_ROLE_SQL writes it).
create index user_students_created on "user" ("createdAt" desc, id desc)
  where (',' || coalesce(role, '') || ',') like '%,student,%' and (',' || coalesce(role, '') || ',') not like '%,admin,%';
create index user_name_email_trgm on "user" using gin ((name || ' ' || email) gin_trgm_ops);
create index student_profiles_search_trgm on student_profiles using gin ((full_name || ' ' || current_school) gin_trgm_ops);

create index favorite_schools_user on favorite_schools (user_id, created_at);
create index announcements_created on announcements (created_at desc);
