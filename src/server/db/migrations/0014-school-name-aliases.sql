-- A school is found by its key or by an alias (features/institutions): the lookups compare institution_aliases'
-- normalised form only, no longer the school's name normalised in SQL. Every path that creates or renames a school adds
-- its name as an alias; this gives any school entered before that its name and key as aliases too (the normalised
-- form written out once, as normalizeSchoolName in src/shared/institutions/school-names.ts computes it).
insert into institution_aliases (alias_normalized, alias, institution_id)
select normalized, alias, id
  from (select id, regexp_replace(replace(lower(name), '&', 'and'), '[^a-z0-9]', '', 'g') as normalized, name as alias, 0 as pick from institutions
        union all
        select id, regexp_replace(replace(lower(key), '&', 'and'), '[^a-z0-9]', '', 'g'), key, 1 from institutions) spelled
 where normalized <> ''
 order by pick, id
on conflict (alias_normalized) do nothing;
