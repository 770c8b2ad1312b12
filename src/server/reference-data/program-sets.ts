/**
 * The degree and general-education requirement sets (reference-data/programs/, see its README). They are listed by
 * `npm run data:list` and skipped by `data:load` until the programs feature's import can write them.
 *
 * To plug one in: set its `load` to a function that reads its files through `context.files.file(path)` (text of the
 * gzip-compressed CSV) and writes through the programs import, returning a ReferenceSetOutcome (set-loaders.ts:
 * counts by kind in `written`, such as `written.programs`; anything it cannot store in `notes`), and drop `waitingFor`. The
 * runner (load-reference-sets.ts) then loads it with `data:load`, in `all` and in the demo, marks it loaded, and the
 * admin overview lists it like every other set.
 */
import type { ReferenceSet } from './reference-sets';

const NEEDS_PROGRAMS_IMPORT = 'needs the programs import';

function programSet(name: string, title: string, folder: string, files: string[], programs: number, requirements: number): ReferenceSet {
  return {
    name,
    title: `${title} (${programs} program${programs === 1 ? '' : 's'})`,
    brief: title,
    files: files.map((file) => `programs/${folder}/${file}`),
    rows: requirements,
    unit: 'requirements',
    load: null,
    waitingFor: NEEDS_PROGRAMS_IMPORT,
  };
}

export const PROGRAM_SETS: ReferenceSet[] = [
  programSet('programs-florida-gen-ed-core', "Florida's statewide general-education core, 2015 and 2024 versions", 'florida-general-education-core', ['program.csv.gz', 'requirements.csv.gz', 'core_courses.csv.gz'], 2, 10),
  programSet('programs-ohio-state', 'Ohio State general education, majors, minors and pre-professional programs; AP/IB credit', 'ohio-state-buckiplan', ['program.csv.gz', 'requirements.csv.gz', 'ge_attribute_codes.csv.gz', 'exam_credit.csv.gz'], 19, 328),
  programSet('programs-uw-madison-gen-ed', 'UW-Madison general education and L&S breadth, with course designations', 'wisconsin-gen-ed', ['program.csv.gz', 'requirements.csv.gz', 'uw_madison_attribute_codes.csv.gz', 'uw_madison_course_attributes_from_tis.csv.gz'], 4, 21),
  programSet('programs-udel-breadth', 'University of Delaware university requirements and course breadth designations', 'university-of-delaware-breadth', ['program.csv.gz', 'requirements.csv.gz', 'attribute_codes.csv.gz', 'course_attributes.csv.gz'], 1, 9),
  programSet('programs-william-and-mary-coll', 'William & Mary COLL curriculum and course attributes', 'william-and-mary-coll', ['program.csv.gz', 'requirements.csv.gz', 'course_attributes.csv.gz'], 1, 16),
  // Its 124 Delgado -> UNO rules (dcc_to_uno_equivalencies.csv) are pilot data: 62 repeat rules of the Louisiana matrix
  // set with other titles and 20 name another target than the matrix does, so they are not loaded as rules of their own.
  programSet('programs-louisiana-dcc-uno', 'Delgado CC Biology AS and University of New Orleans Biology BS requirements', 'louisiana-degreelink-dcc-uno', ['program.csv.gz', 'requirements.csv.gz', 'dcc_to_uno_equivalencies.csv.gz'], 2, 25),
];
