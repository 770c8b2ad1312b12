/**
 * The degree and general-education requirement sets (reference-data/programs/, see its README), loaded by the programs
 * feature's own loader (loadProgramsSet: the admin's programs import, one transaction a set), so `npm run data:load`,
 * `all` and the demo load them like every other set and the admin overview lists them.
 */
import { join, resolve } from 'node:path';
import { loadProgramsSet, type ProgramsSetName } from '../features/programs';
import { DELAWARE, louisianaSchool, OHIO_STATE, UW_MADISON, WILLIAM_AND_MARY } from './reference-schools';
import type { ReferenceSet } from './reference-sets';
import { emptyOutcome, ensureSchools, type SchoolFacts } from './set-loaders';
import { letOthersRun } from '../jobs/let-others-run';

/**
 * A program set: `files` are the folder's files the loader reads (a bare name is in the folder, a path is from the data
 * folder's root), the requirements file second; `schools` are made known first, so the set loads on a database that
 * holds nothing else (the programs import refuses a school it does not know).
 */
function programSet(
  name: string,
  title: string,
  folder: ProgramsSetName,
  files: string[],
  counts: { programs: number; requirements: number },
  schools: SchoolFacts[],
): ReferenceSet {
  return {
    name,
    title: `${title} (${counts.programs} program${counts.programs === 1 ? '' : 's'})`,
    brief: title,
    files: files.map((file) => (file.includes('/') ? file : `programs/${folder}/${file}`)),
    rows: counts.requirements,
    unit: 'requirements',
    async load(context) {
      const outcome = emptyOutcome();
      await ensureSchools(context, outcome, schools);
      context.progress(0, counts.requirements);
      context.signal?.throwIfAborted();
      // The loader reads the folder itself; the data folder's parent is the repository root it takes (catalogues).
      const loaded = await loadProgramsSet(context.db, join(context.files.root, 'programs', folder), { repositoryRoot: resolve(context.files.root, '..') });
      const { inserted, updated, unchanged } = loaded.result;
      outcome.written['program data rows'] = { inserted, updated, unchanged };
      if (loaded.rules) outcome.written.rules = loaded.rules;
      if (loaded.result.removed > 0) outcome.notes.push(`${loaded.result.removed} requirements or attributes no longer in the files were removed`);
      outcome.notes.push(...loaded.skipped);
      context.progress(counts.requirements, counts.requirements);
      await letOthersRun();
      await context.betweenTransactions?.();
      return outcome;
    },
  };
}

export const PROGRAM_SETS: ReferenceSet[] = [
  // Statewide: every Florida public school honours it, so it needs no school of its own.
  programSet('programs-florida-gen-ed-core', "Florida's statewide general-education core, 2015 and 2024 versions", 'florida-general-education-core', ['program.csv.gz', 'requirements.csv.gz'], { programs: 2, requirements: 10 }, []),
  programSet(
    'programs-ohio-state',
    'Ohio State general education, majors, minors and pre-professional programs; AP/IB credit',
    'ohio-state-buckiplan',
    // Its exam credit is checked against Ohio State's course list.
    ['program.csv.gz', 'requirements.csv.gz', 'exam_credit.csv.gz', 'catalogs/ohio-state-university/courses.csv.gz'],
    { programs: 19, requirements: 328 },
    [OHIO_STATE],
  ),
  programSet(
    'programs-uw-madison-gen-ed',
    'UW-Madison general education and L&S breadth, with course designations',
    'wisconsin-gen-ed',
    ['program.csv.gz', 'requirements.csv.gz', 'uw_madison_course_attributes_from_tis.csv.gz'],
    { programs: 4, requirements: 21 },
    [UW_MADISON],
  ),
  programSet(
    'programs-udel-breadth',
    'University of Delaware university requirements and course breadth designations',
    'university-of-delaware-breadth',
    ['program.csv.gz', 'requirements.csv.gz', 'course_attributes.csv.gz'],
    { programs: 1, requirements: 9 },
    [DELAWARE],
  ),
  programSet('programs-william-and-mary-coll', 'William & Mary COLL curriculum and course attributes', 'william-and-mary-coll', ['program.csv.gz', 'requirements.csv.gz', 'course_attributes.csv.gz'], { programs: 1, requirements: 16 }, [
    WILLIAM_AND_MARY,
  ]),
  // With its 124 Delgado -> UNO rules (the source lists seven twice), which the loader stores through the rules import.
  programSet(
    'programs-louisiana-dcc-uno',
    'Delgado CC Biology AS and University of New Orleans Biology BS requirements',
    'louisiana-degreelink-dcc-uno',
    ['program.csv.gz', 'requirements.csv.gz', 'dcc_to_uno_equivalencies.csv.gz'],
    { programs: 2, requirements: 25 },
    [louisianaSchool({ code: 'DCC', name: 'Delgado Community College' }), louisianaSchool({ code: 'UNO', name: 'University of New Orleans' })],
  ),
];
