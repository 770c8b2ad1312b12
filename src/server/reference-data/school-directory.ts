/**
 * The federal IPEDS directory (reference-data/institutions/ipeds-hd2020.csv.gz: every US postsecondary institution,
 * survey year 2020) as the schools Crosswalk knows: one school per campus, named as Crosswalk shows it, with every name
 * it goes by, where it is, its web domain, sector, enrolment size and system. Crosswalk's own additions (later names,
 * short names students use that the directory does not report) come from crosswalk-school-names.ts.
 *
 * Left out: administrative units (sector 0: a system's office is not a school anyone attends or that issues a
 * transcript) and institutions of unknown sector that were no longer active (sector 99). Their system names stay known
 * as each member's `systemName`, which the transcript reader uses to tell a system's name from the issuing school.
 */
import { createCsvRowParser } from '../features/equivalencies';
import { displayNameOf, splitReportedAliases, webDomainOf, type DirectorySchool } from '../features/institutions';
import { CROSSWALK_SCHOOL_NAMES } from './crosswalk-school-names';

export const IPEDS_DIRECTORY_FILE = 'institutions/ipeds-hd2020.csv.gz';
/** Rows in the file. */
export const IPEDS_DIRECTORY_ROWS = 6_440;

/** IPEDS sector codes: 1-3 four-year (public, private nonprofit, for-profit), 4-6 two-year, 7-9 less than two-year. */
const SCHOOL_SECTORS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]);

function kindOf(name: string, sector: number): DirectorySchool['kind'] {
  if (/community college/i.test(name)) return 'community-college';
  if (/\btechnical\b|\bvocational\b/i.test(name) && sector >= 4) return 'technical-college';
  if (sector >= 4 && sector <= 6) return 'community-college';
  if (sector >= 7) return 'technical-college';
  return /\buniversity\b/i.test(name) ? 'university' : 'college';
}

const numberOr = (text: string | undefined, fallback: number | null) => {
  const value = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(value) ? value : fallback;
};

/** The directory's schools, with Crosswalk's own names applied (a later name shown, the directory's kept as an alias). */
export function readSchoolDirectory(csvText: string): DirectorySchool[] {
  const parser = createCsvRowParser();
  const [header = [], ...records] = [...parser.push(csvText), ...parser.end()].map((row) => row.fields);
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`The IPEDS directory has no ${name} column`);
    return index;
  };
  const c = {
    unitid: column('unitid'),
    name: column('instnm'),
    aliases: column('ialias'),
    city: column('city'),
    state: column('stabbr'),
    web: column('webaddr'),
    sector: column('sector'),
    control: column('control'),
    size: column('instsize'),
    system: column('f1sysnam'),
  };
  const ours = new Map(CROSSWALK_SCHOOL_NAMES.map((entry) => [entry.unitid, entry]));
  const schools: DirectorySchool[] = [];
  for (const record of records) {
    const unitid = numberOr(record[c.unitid], null);
    const sector = numberOr(record[c.sector], 0)!;
    if (unitid === null || !SCHOOL_SECTORS.has(sector)) continue;
    const officialName = (record[c.name] ?? '').trim();
    const city = (record[c.city] ?? '').trim() || null;
    const own = ours.get(unitid);
    const reported = splitReportedAliases(record[c.aliases] ?? '', { name: officialName, city });
    const name = own?.name ?? displayNameOf(officialName);
    const formerNames = own?.name ? [officialName, ...(own.formerNames ?? [])] : (own?.formerNames ?? []);
    const aliases = [...new Set([officialName, ...reported, ...(own?.aliases ?? []), ...formerNames])].filter((alias) => alias !== name);
    const system = (record[c.system] ?? '').trim();
    const size = numberOr(record[c.size], null);
    schools.push({
      unitid,
      name,
      aliases,
      formerNames,
      city,
      state: (record[c.state] ?? '').trim().toUpperCase() || null,
      webDomain: webDomainOf(record[c.web]),
      sector,
      control: numberOr(record[c.control], 1) === 1 ? 'public' : 'private',
      kind: kindOf(name, sector),
      size: size !== null && size > 0 ? size : null,
      systemName: system && system !== '-2' && system !== '-1' ? system : null,
    });
  }
  return schools;
}
