-- The admin hub's figures at a registrar's scale (issue 9). Written for PostgreSQL 15 and PGlite.
-- Read by readAdminStats in src/server/features/admin/admin-appeals.queries.ts.

-- The hub's four figures without counting 50,000 rows per visit: every statement that changes a count appends its net
-- change here (statement triggers with transition tables, so a bulk insert adds one row per figure, and writers never
-- wait on a shared counter row); the stats read sums the rows and a periodic task folds them into one row per figure.
create table admin_count_deltas (
  id bigint generated always as identity primary key,
  name text not null check (name in ('students', 'transcripts', 'appeals_submitted', 'appeals_in_review', 'appeals_resolved')),
  delta bigint not null
);

create function admin_count_user_changes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into admin_count_deltas (name, delta)
      select 'students', count(*) from new_rows where is_student having count(*) <> 0;
  elsif tg_op = 'UPDATE' then
    insert into admin_count_deltas (name, delta)
      select 'students', d from (select (select count(*) from new_rows where is_student)
                                      - (select count(*) from old_rows where is_student) as d) x where d <> 0;
  else
    insert into admin_count_deltas (name, delta)
      select 'students', -count(*) from old_rows where is_student having count(*) <> 0;
  end if;
  return null;
end
$$;
create trigger user_count_insert after insert on "user" referencing new table as new_rows
  for each statement execute function admin_count_user_changes();
create trigger user_count_update after update on "user" referencing old table as old_rows new table as new_rows
  for each statement execute function admin_count_user_changes();
create trigger user_count_delete after delete on "user" referencing old table as old_rows
  for each statement execute function admin_count_user_changes();

-- Transcripts: those that belong to a student (a signed-out visitor's have no user_id until claimed).
create function admin_count_transcript_changes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into admin_count_deltas (name, delta)
      select 'transcripts', count(*) from new_rows where user_id is not null having count(*) <> 0;
  elsif tg_op = 'UPDATE' then
    insert into admin_count_deltas (name, delta)
      select 'transcripts', d from (select (select count(*) from new_rows where user_id is not null)
                                         - (select count(*) from old_rows where user_id is not null) as d) x where d <> 0;
  else
    insert into admin_count_deltas (name, delta)
      select 'transcripts', -count(*) from old_rows where user_id is not null having count(*) <> 0;
  end if;
  return null;
end
$$;
create trigger transcripts_count_insert after insert on transcripts referencing new table as new_rows
  for each statement execute function admin_count_transcript_changes();
create trigger transcripts_count_update after update on transcripts referencing old table as old_rows new table as new_rows
  for each statement execute function admin_count_transcript_changes();
create trigger transcripts_count_delete after delete on transcripts referencing old table as old_rows
  for each statement execute function admin_count_transcript_changes();

-- Appeals by status.
create function admin_count_appeal_changes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into admin_count_deltas (name, delta)
      select 'appeals_' || status, count(*) from new_rows group by status;
  elsif tg_op = 'UPDATE' then
    insert into admin_count_deltas (name, delta)
      select name, sum(delta) from (select 'appeals_' || status as name, 1 as delta from new_rows
                                    union all select 'appeals_' || status, -1 from old_rows) x
       group by name having sum(delta) <> 0;
  else
    insert into admin_count_deltas (name, delta)
      select 'appeals_' || status, -count(*) from old_rows group by status;
  end if;
  return null;
end
$$;
create trigger appeals_count_insert after insert on appeals referencing new table as new_rows
  for each statement execute function admin_count_appeal_changes();
create trigger appeals_count_update after update on appeals referencing old table as old_rows new table as new_rows
  for each statement execute function admin_count_appeal_changes();
create trigger appeals_count_delete after delete on appeals referencing old table as old_rows
  for each statement execute function admin_count_appeal_changes();

-- TRUNCATE fires no row or transition-table triggers: start the figures again from the table itself.
create function admin_counts_reset_on_truncate() returns trigger language plpgsql as $$
begin
  delete from admin_count_deltas
   where case tg_table_name when 'user' then name = 'students' when 'transcripts' then name = 'transcripts' else name like 'appeals%' end;
  return null;
end
$$;
create trigger user_count_truncate after truncate on "user" for each statement execute function admin_counts_reset_on_truncate();
create trigger transcripts_count_truncate after truncate on transcripts for each statement execute function admin_counts_reset_on_truncate();
create trigger appeals_count_truncate after truncate on appeals for each statement execute function admin_counts_reset_on_truncate();

-- The figures of the data already here.
insert into admin_count_deltas (name, delta)
  select 'students', count(*) from "user" where is_student
  union all select 'transcripts', count(*) from transcripts where user_id is not null
  union all select 'appeals_' || s.status, count(a.id) from (values ('submitted'), ('in_review'), ('resolved')) s (status)
                                                          left join appeals a on a.status = s.status group by s.status;
