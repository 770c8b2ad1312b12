-- Cross-listed courses (issue 27): one course a school lists under several subjects (Delaware's AFRA 329, HIST 333 and
-- WOMS 342, "Black Women's History to 1865") is one search result, counted once, that names its other codes.
--
-- Catalogues do not mark cross-listings, so they are recognised: courses at one school, at one level, with the same
-- title, the same description (at least 40 letters and digits, so a missing or one-line description never joins two
-- courses) and the same credits, each under a different subject. Two rules keep look-alikes apart:
-- - a group in which two courses share a subject is a sequence (CHEM 331 and 332, both "Organic Chemistry" with one
--   description; DANC 211/212), not a cross-listing: none of it is folded;
-- - a title made only of words that name a kind of course rather than its content ("Special Topics", "Senior Honors",
--   "Independent Study", "Pre-Candidacy Study", "Junior Recital") is a different course in each department.
-- The level keeps a 400-level course apart from its 600-level twin for graduate students.

-- A course's text as compared: lower case, markup, punctuation and spaces dropped. No user functions are called, so
-- the generated column below never depends on a search_path.
create function course_listing_key(title text, description text, credits text) returns text
  language plpgsql immutable parallel safe as $$
declare
  plain_title text := btrim(regexp_replace(regexp_replace(lower(coalesce(title, '')), '<[^>]*>', ' ', 'g'), '[^a-z0-9]+', ' ', 'g'));
  plain_description text := btrim(regexp_replace(regexp_replace(lower(coalesce(description, '')), '<[^>]*>', ' ', 'g'), '[^a-z0-9]+', ' ', 'g'));
begin
  if length(replace(plain_description, ' ', '')) < 40 then
    return null;
  end if;
  if btrim(regexp_replace(plain_title,
       '\m(special|topic|topics|selected|select|independent|individual|individualized|directed|study|studies|reading|readings|research|thesis|dissertation|honors|honor|senior|junior|sophomore|freshman|internship|internships|intern|practicum|practica|seminar|seminars|colloquium|cooperative|coop|co|op|education|program|overseas|abroad|field|experience|experiences|work|contemporary|interdivisional|problem|problems|supervised|teaching|pre|candidacy|precandidacy|doctoral|masters|master|graduate|undergraduate|project|projects|capstone|workshop|lab|laboratory|recital|clerkship|clinical|first|second|third|fourth|fifth|year|ph|d|phd|s|student|students|preparation|tutorial|continuing|registration|credit|credits|in|of|and|the|for|a|an|to|on|i|ii|iii|iv|v|vi|1|2|3|4|5|6|advanced|issues|current)\M',
       ' ', 'g')) = '' then
    return null;
  end if;
  -- Compared without spaces: '17<sup>th</sup>' and '17th' are the same text.
  return md5(replace(plain_title, ' ', '') || '|' || replace(plain_description, ' ', '') || '|' || coalesce(credits, ''));
end
$$;

alter table courses add column listing_key text generated always as (course_listing_key(title, description, coalesce(credits_text, credits::text))) stored;
create index courses_listing_key on courses (institution_id, level, listing_key) where listing_key is not null;

-- Each course of a cross-listing and its listing: the group's lowest course id (which the search folds by). Courses
-- listed once have no row. Kept by the triggers below for every write to courses, whoever makes it.
create table course_listings (
  course_id integer primary key references courses (id) on delete cascade,
  listing_id integer not null
);
create index course_listings_listing on course_listings (listing_id);

create function refresh_course_listings(schools integer[]) returns void language sql as $$
  delete from course_listings l using courses c where l.course_id = c.id and c.institution_id = any(schools);
  insert into course_listings (course_id, listing_id)
  select c.id, min(c.id) over (partition by c.institution_id, c.level, c.listing_key)
    from courses c
    join (select institution_id, level, listing_key
            from courses
           where institution_id = any(schools) and listing_key is not null
           group by institution_id, level, listing_key
          having count(*) > 1 and count(*) = count(distinct lower(subject))) listing
      on listing.institution_id = c.institution_id and listing.level is not distinct from c.level and listing.listing_key = c.listing_key;
$$;

-- Statement triggers: an import of a few hundred rows refreshes its schools once. Only schools where a written course
-- has (or had) a listing key are refreshed, so the rule import's courses (no description) cost nothing.
create function courses_refresh_listings() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform refresh_course_listings(array(select distinct institution_id from written_courses where listing_key is not null));
  elsif tg_op = 'DELETE' then
    perform refresh_course_listings(array(select distinct institution_id from removed_courses where listing_key is not null));
  else
    perform refresh_course_listings(array(
      select institution_id from written_courses where listing_key is not null
      union select institution_id from removed_courses where listing_key is not null));
  end if;
  return null;
end
$$;

create trigger courses_listings_insert after insert on courses
  referencing new table as written_courses for each statement execute function courses_refresh_listings();
create trigger courses_listings_update after update on courses
  referencing new table as written_courses old table as removed_courses for each statement execute function courses_refresh_listings();
create trigger courses_listings_delete after delete on courses
  referencing old table as removed_courses for each statement execute function courses_refresh_listings();

select refresh_course_listings(array(select id from institutions));
