-- Two favorites are the same school when their names are, in the one normalised form (normalizeSchoolName in
-- src/shared/institutions/school-names.ts: lower-case letters and digits, '&' as 'and'), no longer by lower-casing
-- alone: 'U.C.F.' and 'UCF' are one favorite. The form is written out here once for the rows already stored; a
-- student who kept both spellings keeps the one added first.
delete from favorite_schools later
 using favorite_schools earlier
 where later.user_id = earlier.user_id
   and later.added_order > earlier.added_order
   and regexp_replace(replace(lower(later.school), '&', 'and'), '[^a-z0-9]', '', 'g')
       = regexp_replace(replace(lower(earlier.school), '&', 'and'), '[^a-z0-9]', '', 'g');

update favorite_schools set school_normalized = regexp_replace(replace(lower(school), '&', 'and'), '[^a-z0-9]', '', 'g');
