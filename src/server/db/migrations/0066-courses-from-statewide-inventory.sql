-- Search finds a Florida school's course through Florida's statewide course inventory (issue 22): a course the
-- inventory lists at a school that takes part in statewide numbering is a course at that school, stored as
-- `known_from = 'statewide'` (reference-data/florida, loaded by features/equivalencies/import/statewide-inventory.ts).
-- A catalogue import that lists the course later makes it a catalogue course (catalogue.queries.ts).
alter table courses drop constraint courses_known_from_check;
alter table courses add constraint courses_known_from_check check (known_from in ('catalogue', 'rule', 'statewide'));
