-- The admin searches at a registrar's scale (issue 9: 10,000 students, 50,000 appeals, p99 under 100 ms on PGlite).
-- Written for PostgreSQL 15 and PGlite. Queries: src/server/features/admin/admin-*.queries.ts.

-- Searches compare lower-cased text with LIKE (what ILIKE does in a UTF-8 database, without lower-casing every row
-- again on every search). The appeal's own searchable text is a generated column…
alter table appeals add column search_text text
  generated always as (lower(course_name || ' ' || course_code || ' ' || target_school || ' ' || current_school)) stored;
-- …and its student's name and e-mail (the live account, as before) are copied onto the appeal and kept up to date by
-- the triggers below, so one table answers the whole search: a common word walks appeals_created and stops after a
-- page, a rare one is a BitmapOr of the two trigram indexes.
alter table appeals add column student_search text;

create function appeals_copy_student_search() returns trigger language plpgsql as $$
begin
  new.student_search := (select lower(u.name || ' ' || u.email) from "user" u where u.id = new.user_id);
  return new;
end
$$;
create trigger appeals_student_search before insert or update of user_id on appeals
  for each row execute function appeals_copy_student_search();

create function user_push_student_search() returns trigger language plpgsql as $$
begin
  update appeals set student_search = lower(new.name || ' ' || new.email) where user_id = new.id;
  return null;
end
$$;
create trigger user_appeals_student_search after update of name, email on "user"
  for each row when (old.name is distinct from new.name or old.email is distinct from new.email)
  execute function user_push_student_search();

update appeals a set student_search = lower(u.name || ' ' || u.email) from "user" u where u.id = a.user_id;

drop index appeals_search_trgm;
create index appeals_search_text_trgm on appeals using gin (search_text gin_trgm_ops);
create index appeals_student_search_trgm on appeals using gin (student_search gin_trgm_ops);

-- Students: accounts with the student role and without the admin role (staff are not listed among students). Kept
-- as a generated column so the directory filters on one boolean (with real statistics) instead of evaluating two
-- LIKEs on the role text for every account.
create function admin_is_student(role text) returns boolean language sql immutable as $$
  select (',' || coalesce(role, '') || ',') like '%,student,%' and (',' || coalesce(role, '') || ',') not like '%,admin,%'
$$;
alter table "user" add column is_student boolean generated always as (admin_is_student(role)) stored;
drop index user_students_created;
create index user_students_created on "user" ("createdAt" desc, id desc) where is_student;

-- The student directory's search: the account's name and e-mail or the profile's full name and school, each a
-- lower-cased generated column with its trigram index. better-auth reads only the fields of its own schema, so a
-- column of ours on its "user" table is never part of a session or an auth answer.
alter table "user" add column search_text text generated always as (lower(name || ' ' || email)) stored;
drop index user_name_email_trgm;
create index user_search_text_trgm on "user" using gin (search_text gin_trgm_ops);
alter table student_profiles add column search_text text generated always as (lower(full_name || ' ' || current_school)) stored;
drop index student_profiles_search_trgm;
create index student_profiles_search_text_trgm on student_profiles using gin (search_text gin_trgm_ops);

analyze appeals;
analyze "user";
analyze student_profiles;
