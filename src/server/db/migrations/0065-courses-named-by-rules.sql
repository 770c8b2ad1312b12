-- Search finds a sending school's course through everything Crosswalk knows, not only its catalogue (issue 22): a
-- course an equivalency rule names as its source is a course at that school. It is stored as a course marked
-- `known_from = 'rule'` (the school's catalogue never listed it), so search, the course page and every card reach it
-- by one id. A catalogue import that lists the course later makes it a catalogue course (catalogue.queries.ts).
alter table courses add column known_from text not null default 'catalogue' check (known_from in ('catalogue', 'rule'));

-- Course level in hundreds, for "intro"/"introductory" searches (lower-level courses): the SQL form of the engine's
-- courseLevel (features/equivalencies/engine/course-code.ts), which search-level.test.ts holds it to. A Wisconsin
-- technical college's "(809) 122" counts by its catalogue number; four-digit numbers count by thousands (ECO 2013 is
-- lower-level like a 200-level course); 0 below 100; null with no leading digits.
alter table courses add column level smallint generated always as (
  case
    when substring(regexp_replace(number, '^\s*\(\d+\)\s*', '') from '^\d+') is null then null
    when length(substring(regexp_replace(number, '^\s*\(\d+\)\s*', '') from '^\d+')) >= 3
      then substring(regexp_replace(number, '^\s*\(\d+\)\s*', '') from '^\d')::smallint
    else 0
  end
) stored;

-- Every statement that stores rule sources adds the courses they name that no course row has yet. ENABLE ALWAYS: the
-- rule import switches ordinary triggers off for its transaction (decision 006) and must still add them.
create function add_courses_named_by_rules() returns trigger language plpgsql as $$
begin
  insert into courses (institution_id, subject, number, title, credits, known_from)
  select distinct on (s.from_institution_id, s.code_key)
         s.from_institution_id, s.subject, s.number, coalesce(nullif(btrim(s.title), ''), s.subject || ' ' || s.number), s.credits, 'rule'
    from added_sources s
   where s.code_key <> ''
     and not exists (select 1 from courses c where c.institution_id = s.from_institution_id and c.code_key = s.code_key)
   order by s.from_institution_id, s.code_key, s.rule_id desc
  on conflict (institution_id, subject, number) do nothing;
  return null;
end
$$;

create trigger equivalency_rule_sources_name_courses after insert on equivalency_rule_sources
  referencing new table as added_sources for each statement execute function add_courses_named_by_rules();
alter table equivalency_rule_sources enable always trigger equivalency_rule_sources_name_courses;

-- The rules stored before this migration.
insert into courses (institution_id, subject, number, title, credits, known_from)
select distinct on (s.from_institution_id, s.code_key)
       s.from_institution_id, s.subject, s.number, coalesce(nullif(btrim(s.title), ''), s.subject || ' ' || s.number), s.credits, 'rule'
  from equivalency_rule_sources s
 where s.code_key <> ''
   and not exists (select 1 from courses c where c.institution_id = s.from_institution_id and c.code_key = s.code_key)
 order by s.from_institution_id, s.code_key, s.rule_id desc
on conflict (institution_id, subject, number) do nothing;
