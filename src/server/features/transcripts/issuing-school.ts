/**
 * Who issued a transcript, decided in one place from what the page says (the reader's evidence, reader/institution.ts:
 * the names printed where an issuer's name is, best first, never one from a transfer or test-credit block, and the
 * web addresses) against the national directory (the institutions feature):
 *
 * 1. A school a printed web address belongs to (lsu.edu → LSU) that a printed name also names, or whose name begins with
 *    a printed name (the reader cut "Colorado State University-Global Campus" short at "University"): that school.
 * 2. Otherwise the best printed name that is one school. A name that is no school (a residential college such as
 *    "Earl Warren College", a made-up name) gives way to the next; one printed only in the page's furniture gives way
 *    to the web address's school.
 * 3. Otherwise the web address's school, when it is one school; else the one directory school whose name begins with a
 *    printed name the directory has no school for (the reader stops a name at its kind: "Texas Chiropractic College"
 *    of "Texas Chiropractic College Foundation Inc", "American Institute" of "American Institute-West Hartford").
 *    Where several schools share the printed name ("Westminster College", "DeVry University"), the one whose city, or
 *    else whose state ("Fulton, MO 65251"), is printed beside the name is it. A name that runs on after its kind word
 *    ("Columbia College Chicago", "Radford University-Carilion") is tried as printed before the name the reader took;
 *    a line at the top of the page that is a school's own name ("Douglas Education Center") is that school.
 * 4. Otherwise nobody: the printed name is kept as printed (a school outside the directory), with the schools it may
 *    be when several share it. The report says so and the student picks the school in the typeahead
 *    (`PUT /api/transcripts/:id/school`, transcripts.service.ts), which decides every row again from that school.
 *
 * The reader (reader/institution.ts) gathers the evidence and never decides; this is the one entry to call with it.
 */
import type { Queryable } from '../../db/client';
import { findInstitution, findSchoolsByWebAddress, normalizeSchoolName, resolveSchoolName, suggestSchools, type InstitutionInfo, type SchoolResolution } from '../institutions';
import type { IssuerEvidence } from './reader/types';

export interface IssuingSchool {
  /** The school, when the page decides it. */
  school: InstitutionInfo | null;
  /** The issuer's name as printed (also when the directory does not know it), or null when the page prints none. */
  printedName: string | null;
  /** How the page named it. */
  how: 'name' | 'web-address' | 'name-and-web-address' | null;
  /** Schools the printed name may be when several go by it: the student picks one. */
  choices: Array<{ key: string; name: string; state: string | null; city: string | null }>;
}

const MAX_NAMES = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Of schools sharing a name, the one whose city, or else whose state, the page prints beside the name; else none. */
function placedOnPage<T extends { city: string | null; state: string | null }>(schools: readonly T[], besideNames: readonly string[]): T | null {
  if (schools.length < 2 || besideNames.length === 0) return null;
  const text = besideNames.join('\n');
  const byCity = schools.filter((school) => school.city && new RegExp(`\\b${escapeRegExp(school.city)}\\b`, 'i').test(text));
  if (byCity.length === 1) return byCity[0]!;
  const byState = schools.filter((school) => school.state && new RegExp(`(?:,\\s*|\\s)${school.state}(?:\\s+\\d{5}|\\s*$|,)`, 'm').test(text));
  return byState.length === 1 ? byState[0]! : null;
}

const wordsOf = (name: string) => name.toLowerCase().replace(/['’.]/g, '').split(/[^a-z0-9&]+/).filter(Boolean);

/**
 * A directory name that is the printed name with a campus or a legal suffix after it ("American Institute-West
 * Hartford", "Texas Chiropractic College Foundation Inc"), not a longer name of another school ("Queens University
 * of Charlotte" is not "Queen's University").
 */
function continuesName(directoryName: string, printedName: string): boolean {
  const full = wordsOf(directoryName);
  const printed = wordsOf(printedName);
  if (printed.length < 2 || full.length <= printed.length || printed.some((word, index) => full[index] !== word)) return false;
  return !['of', 'at', 'in', 'and', '&', 'for', 'on'].includes(full[printed.length]!);
}

export async function identifyIssuingSchool(db: Queryable, evidence: IssuerEvidence): Promise<IssuingSchool> {
  const named: Array<{ name: string; where: 'header' | 'furniture'; resolution: SchoolResolution }> = [];
  for (const candidate of evidence.candidates.slice(0, MAX_NAMES)) {
    // The name as it runs on ("Columbia College Chicago") first, when the directory knows it.
    const runOn = candidate.printedAs ? await resolveSchoolName(db, candidate.printedAs) : null;
    if (runOn && candidate.printedAs && runOn.candidates.length > 0) named.push({ name: candidate.printedAs, where: candidate.where, resolution: runOn });
    named.push({ name: candidate.name, where: candidate.where, resolution: await resolveSchoolName(db, candidate.name) });
  }
  let byAddress: Awaited<ReturnType<typeof findSchoolsByWebAddress>> = [];
  for (const address of evidence.webAddresses) {
    byAddress = await findSchoolsByWebAddress(db, address);
    if (byAddress.length > 0) break;
  }
  const info = (school: { key: string }) => findInstitution(db, school.key);
  const printedName = named[0]?.name ?? null;

  // 1. A web address's school that a printed name names too (decided, or among the schools a shared name may be).
  for (const school of byAddress) {
    const alsoNamed = named.find((entry) => entry.resolution.school?.id === school.id || entry.resolution.candidates.some((candidate) => candidate.id === school.id));
    if (alsoNamed) return { school: await info(school), printedName: alsoNamed.name, how: 'name-and-web-address', choices: [] };
  }
  if (byAddress.length === 1) {
    const [school] = byAddress as [(typeof byAddress)[number]];
    const cutShort = named.find((entry) => {
      const printed = normalizeSchoolName(entry.name);
      return printed.length >= 8 && normalizeSchoolName(school.name).startsWith(printed);
    });
    if (cutShort) return { school: await info(school), printedName: cutShort.name, how: 'name-and-web-address', choices: [] };
  }
  // 2. The best printed name that is one school; in the furniture only when no web address names another.
  const decided = named.find((entry) => entry.resolution.school !== null && (entry.where === 'header' || byAddress.length === 0));
  if (decided?.resolution.school) return { school: await info(decided.resolution.school), printedName: decided.name, how: 'name', choices: [] };
  // 3. The web address's school.
  if (byAddress.length === 1) return { school: await info(byAddress[0]!), printedName, how: 'web-address', choices: [] };
  // A name several schools share, told apart by the place printed beside it.
  for (const entry of named.filter((candidate) => candidate.resolution.ambiguous)) {
    const placed = placedOnPage(entry.resolution.candidates, evidence.besideNames);
    if (placed) return { school: await info(placed), printedName: entry.name, how: 'name', choices: [] };
  }
  // A line at the top of the page that is a school's own name, which the reader's patterns did not take for one.
  for (const line of evidence.topLines) {
    const resolution = await resolveSchoolName(db, line);
    if (resolution.school && resolution.school.strength === 0) return { school: await info(resolution.school), printedName: line, how: 'name', choices: [] };
  }
  const startingWith: IssuingSchool['choices'] = [];
  for (const entry of named.filter((candidate) => candidate.resolution.candidates.length === 0)) {
    const schools = (await suggestSchools({ db, text: entry.name })).filter((school) => continuesName(school.name, entry.name));
    const school = schools.length === 1 ? schools[0]! : placedOnPage(schools, evidence.besideNames);
    if (school) return { school: await info(school), printedName: entry.name, how: 'name', choices: [] };
    if (startingWith.length === 0) startingWith.push(...schools.map((choice) => ({ key: choice.key, name: choice.name, state: choice.state, city: choice.city })));
  }
  // 4. Nobody: the printed name, and the schools it may be.
  const shared = named.find((entry) => entry.resolution.ambiguous);
  return {
    school: null,
    printedName: shared?.name ?? printedName,
    how: null,
    choices: shared ? shared.resolution.candidates.map((candidate) => ({ key: candidate.key, name: candidate.name, state: candidate.state, city: candidate.city })) : startingWith,
  };
}
