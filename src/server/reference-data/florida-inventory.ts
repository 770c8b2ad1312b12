/**
 * Florida's statewide course inventory (reference-data/florida/statewide-course-inventory.csv.gz: 16,650 statewide
 * course numbers, each with the schools that offer it) loaded the way the product reads statewide numbering: the
 * schools flagged as taking part (`florida_statewide_numbering`) and each one's courses under their statewide numbers.
 * Search and the course page then answer "transfers" between any two flagged schools for the same prefix and last
 * three digits (florida-statewide-numbering.ts, search.service.ts); no rule is stored for it.
 *
 * Which schools: Florida's public system, the 12 universities of the State University System and the 28 colleges of
 * the Florida College System, where the statewide guarantee applies. The inventory also lists ~85 private and
 * technical-college participants by a code only; their names and kind are not in the data, so they are left out.
 * The University of Florida and Florida International University take their courses from their own catalogues (the
 * catalog-ufl and catalog-fiu sets, with descriptions and exact numbers), not from here.
 *
 * The inventory merged ABC1234 and ABC1234C into the C form and gives each course its most common title in capitals:
 * the C says nothing about a school's own numbering, so the lecture form is loaded (BSC2010C is BSC 2010 at each school
 * listed; most number it so, and two schools on one row then match under statewide numbering instead of reading as a
 * lecture against a combined lecture-and-lab course), and titles read as the state lists them.
 */
import { createCsvRowParser } from '../features/equivalencies/engine/csv-row-parser';

export interface FloridaSchool {
  /** The inventory's code. */
  code: string;
  name: string;
  /** Other names the school goes by (earlier names, short forms), for finding it among the schools on file. */
  alsoKnownAs: string[];
  kind: 'university' | 'college';
  /** Its courses come from a catalogue set of their own. */
  ownCatalogue: boolean;
}

const university = (code: string, name: string, alsoKnownAs: string[] = [], ownCatalogue = false): FloridaSchool => ({ code, name, alsoKnownAs, kind: 'university', ownCatalogue });
const college = (code: string, name: string, alsoKnownAs: string[] = []): FloridaSchool => ({ code, name, alsoKnownAs, kind: 'college', ownCatalogue: false });

/** The public system by the inventory's codes (names as the schools write them; earlier names where they changed). */
export const FLORIDA_PUBLIC_SCHOOLS: FloridaSchool[] = [
  university('UF', 'University of Florida', [], true),
  university('FSU', 'Florida State University'),
  university('FAMU', 'Florida A&M University', ['Florida Agricultural and Mechanical University']),
  university('USF', 'University of South Florida'),
  university('FAU', 'Florida Atlantic University'),
  university('UWF', 'University of West Florida'),
  university('UCF', 'University of Central Florida'),
  university('FIU', 'Florida International University', [], true),
  university('UNF', 'University of North Florida'),
  university('FGCU', 'Florida Gulf Coast University'),
  university('NCF', 'New College of Florida'),
  university('FLPOLY', 'Florida Polytechnic University'),
  college('BC', 'Broward College'),
  college('CC', 'Chipola College'),
  college('CF', 'College of Central Florida'),
  college('DSC', 'Daytona State College'),
  college('EFSC', 'Eastern Florida State College'),
  college('FGC', 'Florida Gateway College'),
  college('FSWSC', 'Florida SouthWestern State College'),
  college('FSCJ', 'Florida State College at Jacksonville'),
  college('CFK', 'The College of the Florida Keys'),
  college('GCSC', 'Gulf Coast State College'),
  college('HC', 'Hillsborough College', ['Hillsborough Community College', 'Hillsborough CC']),
  college('IRSC', 'Indian River State College'),
  college('LSSC', 'Lake-Sumter State College'),
  college('MDC', 'Miami Dade College'),
  college('NFC', 'North Florida College'),
  college('NWFSC', 'Northwest Florida State College'),
  college('PBSC', 'Palm Beach State College'),
  college('PHSC', 'Pasco-Hernando State College'),
  college('PESC', 'Pensacola State College'),
  college('PSC', 'Polk State College'),
  college('SJRSC', 'St. Johns River State College'),
  college('SPC', 'St. Petersburg College'),
  college('SFC', 'Santa Fe College'),
  college('SSCF', 'Seminole State College of Florida'),
  college('SFSC', 'South Florida State College'),
  college('SCFMS', 'State College of Florida, Manatee-Sarasota'),
  college('TSC', 'Tallahassee State College', ['Tallahassee Community College']),
  college('VC', 'Valencia College'),
];

export const FLORIDA_COURSE_COLUMNS = ['institution', 'subject', 'number', 'title', 'credits', 'description'] as const;

const STATEWIDE_ID = /^([A-Z]{3})(\d{4}[A-Z]?)$/;

/**
 * The courses of the schools loaded here, as rows of the catalogue import (FLORIDA_COURSE_COLUMNS), school by school
 * in the inventory's order. `institutionOf` names each school as the database knows it (its key).
 */
export function* floridaCourseRows(inventoryCsv: string, institutionOf: (school: FloridaSchool) => string): Generator<string[]> {
  const schools = new Map(FLORIDA_PUBLIC_SCHOOLS.filter((school) => !school.ownCatalogue).map((school) => [school.code, school]));
  const parser = createCsvRowParser();
  const [header = [], ...records] = [...parser.push(inventoryCsv), ...parser.end()].map((row) => row.fields);
  const column = (name: string) => header.indexOf(name);
  const [idColumn, titleColumn, schoolsColumn] = [column('course_id'), column('title'), column('institutions')];
  for (const fields of records) {
    const id = STATEWIDE_ID.exec((fields[idColumn] ?? '').trim());
    if (!id) continue;
    for (const code of (fields[schoolsColumn] ?? '').split(';')) {
      const school = schools.get(code.trim());
      const number = id[2]!.replace(/C$/, '');
      if (school) yield [institutionOf(school), id[1]!, number, (fields[titleColumn] ?? '').trim() || `${id[1]} ${number}`, '', ''];
    }
  }
}
