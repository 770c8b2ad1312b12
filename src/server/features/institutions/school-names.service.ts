/**
 * "Which school is this?" for everything that reads a school's name: a name as written (resolveSchoolName), the schools
 * a sentence names and which is which (findSchoolsInText: search's "from X to Y"), what a picker offers for what was
 * typed (suggestSchools) or before anything is (firstChoiceSchools), a printed web address (findSchoolsByWebAddress),
 * and the federal directory's schools loaded beside the ones on file (loadSchoolDirectory).
 *
 * The decision is school-resolution.ts's (a name two schools share never decides alone); the forms are
 * school-name-forms.ts's; this file reads them from the database.
 */
import type { SchoolSuggestion } from '../../../shared/schemas/equivalencies';
import { normalizeSchoolName, schoolKeyFromName } from '../../../shared/institutions/school-names';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import type { DirectorySchool } from './directory';
import { FIRST_CHOICES, type FirstChoiceList } from './first-choices';
import { domainsToTry, nameFormsOf, webDomainOf, type SchoolNameForm } from './school-name-forms';
import { SchoolNameIndex } from './school-name-index';
import {
  attachDirectoryRow,
  findNameForms,
  findPickerForms,
  findSchoolFactsByKeys,
  findSchoolsByDomains,
  insertDirectorySchools,
  insertNameForms,
  listInstitutionKeys,
  listSchoolNames,
  listSchoolsOnFile,
  replaceNameForms,
  toRankedFacts,
  type DirectoryColumns,
  type NameFormRow,
} from './school-names.queries';
import { compareCandidates, decideSchool, queryForms, type NameMatch, type RankedSchoolFacts, type ResolutionContext, type SchoolCandidate, type SchoolResolution } from './school-resolution';
import { readSchoolsInText, type NameLookup, type SchoolsInText } from './schools-in-text';

/** The stored forms as findSchoolsInText and resolveSchoolName read them. */
function lookupIn(db: Queryable): NameLookup {
  return async (forms) => {
    const rows = await findNameForms(db, forms);
    return { matches: matchesByForm(rows), schools: factsOf(rows) };
  };
}

function matchesByForm(rows: readonly NameFormRow[]) {
  const matches = new Map<string, Array<Omit<NameMatch, 'queryRank'>>>();
  for (const row of rows) {
    const list = matches.get(row.alias_normalized) ?? [];
    list.push({ schoolId: row.id, alias: row.alias, source: row.source });
    matches.set(row.alias_normalized, list);
  }
  return matches;
}

const factsOf = (rows: readonly NameFormRow[]) => new Map(rows.map((row) => [row.id, toRankedFacts(row)]));

/**
 * The school a name as written means ("LSU", "UW Madison", "Madison Area Tech. College", "UNO" with Louisiana as the
 * context's state), or the schools it may mean, ranked. See school-resolution.ts for when a name decides.
 */
export async function resolveSchoolName(db: Queryable, text: string, context: ResolutionContext = {}): Promise<SchoolResolution> {
  const forms = queryForms(text.slice(0, 200));
  const rows = await findNameForms(
    db,
    forms.map((form) => form.normalized),
  );
  const rankOf = new Map(forms.map((form) => [form.normalized, form.rank]));
  const matches = rows.map((row): NameMatch => ({ schoolId: row.id, alias: row.alias, source: row.source, queryRank: rankOf.get(row.alias_normalized) ?? 1 }));
  return decideSchool(text.trim(), matches, factsOf(rows), context);
}

/**
 * The schools a sentence names and which is which: "MATH 1550 from LSU to Southeastern Louisiana University" → from
 * LSU, to Southeastern Louisiana University, rest "MATH 1550". The entry point for anything that reads schools in what
 * someone typed (search today): see schools-in-text.ts for the rules.
 */
export function findSchoolsInText(db: Queryable, text: string, context: ResolutionContext = {}): Promise<SchoolsInText> {
  return readSchoolsInText(text.slice(0, 1000), lookupIn(db), context);
}

/**
 * Every school's stored names in memory, answering resolveSchoolName's question without a database round trip
 * (`resolve`: the same decision, school-resolution.ts). For a reader that asks many times over one version of the
 * schools (course search builds it once per catalogue version, decision 120).
 */
export async function loadSchoolNames(db: Queryable): Promise<SchoolNameIndex> {
  const { schools, forms } = await listSchoolNames(db);
  const formsBySchool = new Map<number, SchoolNameForm[]>();
  for (const form of forms) {
    const list = formsBySchool.get(form.institution_id) ?? [];
    list.push({ alias: form.alias, normalized: form.alias_normalized, source: form.source });
    formsBySchool.set(form.institution_id, list);
  }
  return new SchoolNameIndex(
    schools.map((school) => ({ ...school, aliases: (formsBySchool.get(school.id) ?? []).map((form) => form.alias) })),
    formsBySchool,
  );
}

/** A school as a picker shows it. */
function suggestion(school: RankedSchoolFacts, matchedName: string | null, exact: boolean): SchoolSuggestion {
  return {
    id: school.id,
    key: school.key,
    name: school.name,
    state: school.state,
    city: school.city,
    exact,
    alsoKnownAs: matchedName && normalizeSchoolName(matchedName) !== normalizeSchoolName(school.name) ? matchedName : null,
    hasData: school.hasData,
  };
}

export const SCHOOL_SUGGESTIONS = 8;

/**
 * What a picker offers for what was typed: schools the text names exactly first (a name two schools share lists both,
 * the state's first), then names that start with it, then names whose words start with its words; within each, in the
 * state first, schools Crosswalk has data for, then larger schools. `state` is the student's context, if any.
 */
export async function suggestSchools({ db, text, state, limit = SCHOOL_SUGGESTIONS }: { db: Queryable; text: string; state?: string | null; limit?: number }): Promise<SchoolSuggestion[]> {
  const normalized = normalizeSchoolName(text);
  const words = text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 6);
  if (!normalized) return [];
  const expanded = queryForms(text).filter((form) => form.normalized !== normalized);
  const [rows, rewritten] = await Promise.all([findPickerForms(db, normalized, words, 80), findNameForms(db, expanded.map((form) => form.normalized))]);
  const states = new Set(state ? [state.toUpperCase()] : []);
  const candidates = new Map<number, SchoolCandidate & { tier: number }>();
  const consider = (row: NameFormRow, tier: number) => {
    const facts = toRankedFacts(row);
    const strength = tier * 10 + (row.source === 'name' || row.source === 'key' ? 0 : row.source === 'alias' ? 1 : 2);
    const existing = candidates.get(facts.id);
    if (existing && existing.strength <= strength) return;
    candidates.set(facts.id, { ...facts, matchedName: row.alias, strength, inState: facts.state !== null && states.has(facts.state), tier });
  };
  for (const row of rows) consider(row, row.tier);
  for (const row of rewritten) consider(row, 0);
  // Within a tier, the strength of the form does not outrank the state, data and size: "UNO" lists New Orleans and
  // Omaha by the student's state, then by size, whichever of them reports it as an alias.
  const ranked = [...candidates.values()].sort((a, b) => a.tier - b.tier || compareCandidates({ ...a, strength: 0 }, { ...b, strength: 0 }));
  return ranked.slice(0, limit).map((school) => suggestion(school, school.matchedName, school.tier === 0));
}

/** The schools a picker shows before anything is typed: the spec's search options or transcript destinations. */
export async function firstChoiceSchools(db: Queryable, list: FirstChoiceList): Promise<SchoolSuggestion[]> {
  const keys = FIRST_CHOICES[list];
  const schools = new Map((await findSchoolFactsByKeys(db, keys)).map((school) => [school.key, school]));
  return keys.flatMap((key) => {
    const school = schools.get(key);
    return school ? [suggestion(school, null, false)] : [];
  });
}

/**
 * The schools a printed web address belongs to ("https://www.lsu.edu/registrar" → LSU; "selfservice.bluestem.edu" →
 * the school at bluestem.edu), the most specific domain that names any.
 */
export async function findSchoolsByWebAddress(db: Queryable, address: string): Promise<RankedSchoolFacts[]> {
  const host = webDomainOf(address);
  if (!host) return [];
  const domains = domainsToTry(host);
  const schools = await findSchoolsByDomains(db, domains);
  for (const domain of domains) {
    const found = schools.filter((school) => school.webDomain === domain);
    if (found.length > 0) return found.map(({ webDomain: _domain, ...school }) => school);
  }
  return [];
}

// ---------------------------------------------------------------------------
// The directory
// ---------------------------------------------------------------------------

export interface DirectoryLoadOutcome {
  /** Directory schools that were not on file. */
  inserted: number;
  /** Schools on file matched to their directory row now. */
  matched: number;
  unchanged: number;
  /** Schools on file that no directory row is (made-up, outside the US, not a campus), by name. */
  unmatched: string[];
}

/** A key for a new school: its name's, then with its state, city or unit id when taken. */
function freeKey(school: DirectorySchool, taken: Set<string>): string {
  const base = schoolKeyFromName(school.name).slice(0, 44).replace(/-+$/, '');
  for (const candidate of [base, `${base}-${school.state ?? ''}`, `${base}-${school.city ?? ''}`, `${base}-${school.unitid}`]) {
    const key = schoolKeyFromName(candidate);
    if (!taken.has(key)) {
      taken.add(key);
      return key;
    }
  }
  return `school-${school.unitid}`;
}

const columnsOf = (school: DirectorySchool, key: string): DirectoryColumns => ({
  unitid: school.unitid,
  key,
  name: school.name,
  state: school.state,
  city: school.city,
  control: school.control,
  kind: school.kind,
  website: school.webDomain ? `https://${school.webDomain}` : null,
  webDomain: school.webDomain,
  sector: school.sector,
  size: school.size,
  systemName: school.systemName,
});

/**
 * Loads the directory's schools beside those on file. A school on file is matched to its directory row by its names in
 * its state (the same decision as any name: one school, or one in the state), keeps the name and facts an admin gave
 * it and gains the directory's unit id, place, domain and names; one still called by a name the directory has since
 * changed (Tallahassee Community College) takes the new one, the old one staying an alias. Every other directory school
 * is added. Loading again changes nothing.
 *
 * In one transaction, or with `schoolsPerTransaction` in pieces (the server's demo load: requests wait for each), the
 * schools on file first, so a load stopped half-way and run again adds only what is missing.
 */
export async function loadSchoolDirectory({
  db,
  schools,
  actor,
  schoolsPerTransaction,
  betweenTransactions = async () => undefined,
  progress = () => undefined,
}: {
  db: Database;
  schools: readonly DirectorySchool[];
  actor: { id: string | null; email: string | null };
  schoolsPerTransaction?: number;
  betweenTransactions?: () => Promise<void>;
  progress?: (done: number, total: number) => void;
}): Promise<DirectoryLoadOutcome> {
  const index = new SchoolNameIndex(
    schools.map((school) => ({ id: school.unitid, key: `ipeds-${school.unitid}`, name: school.name, state: school.state, city: school.city, size: school.size, sector: school.sector, hasData: false, aliases: school.aliases, webDomain: school.webDomain })),
  );
  const byUnitid = new Map(schools.map((school) => [school.unitid, school]));
  const outcome: DirectoryLoadOutcome = { inserted: 0, matched: 0, unchanged: 0, unmatched: [] };

  const loadAll = async (tx: Queryable, pieces: boolean) => {
    const attached = await attachSchoolsOnFile(tx, index, byUnitid, outcome);
    const taken = await listInstitutionKeys(tx);
    const fresh = schools.filter((school) => !attached.has(school.unitid));
    const size = pieces ? schoolsPerTransaction! : fresh.length || 1;
    return { fresh, taken, size };
  };
  const insertSome = async (tx: Queryable, some: readonly DirectorySchool[], taken: Set<string>) => {
    const ids = await insertDirectorySchools(
      tx,
      some.map((school) => columnsOf(school, freeKey(school, taken))),
    );
    const forms: Array<{ institutionId: number; form: SchoolNameForm }> = [];
    for (const school of some) {
      const id = ids.get(school.unitid);
      if (id === undefined) continue;
      for (const form of nameFormsOf({ name: school.name, aliases: school.aliases })) forms.push({ institutionId: id, form });
      outcome.inserted += 1;
    }
    await insertNameForms(tx, forms);
  };

  if (!schoolsPerTransaction) {
    await db.transaction(async (tx) => {
      const { fresh, taken } = await loadAll(tx, false);
      await insertSome(tx, fresh, taken);
      await auditDirectoryLoad(tx, actor, outcome);
    });
  } else {
    const { fresh, taken, size } = await db.transaction((tx) => loadAll(tx, true));
    await betweenTransactions();
    for (let start = 0; start < fresh.length; start += size) {
      await db.transaction((tx) => insertSome(tx, fresh.slice(start, start + size), taken));
      progress(outcome.matched + outcome.inserted, schools.length);
      await betweenTransactions();
    }
    await auditDirectoryLoad(db, actor, outcome);
  }
  outcome.unchanged = schools.length - outcome.inserted - outcome.matched;
  progress(schools.length, schools.length);
  return outcome;
}

async function auditDirectoryLoad(db: Queryable, actor: { id: string | null; email: string | null }, outcome: DirectoryLoadOutcome) {
  if (outcome.inserted + outcome.matched === 0) return;
  await recordAudit(db, {
    actor,
    action: 'school_directory_loaded',
    subjectType: 'institution',
    details: { inserted: outcome.inserted, matched: outcome.matched, unmatched: outcome.unmatched.slice(0, 50) },
  });
}

/** Matches the schools on file that have no directory row yet; returns every unit id on file, with its school. */
async function attachSchoolsOnFile(tx: Queryable, index: SchoolNameIndex, byUnitid: ReadonlyMap<number, DirectorySchool>, outcome: DirectoryLoadOutcome): Promise<Map<number, number>> {
  const onFile = await listSchoolsOnFile(tx);
  const attached = new Map<number, number>();
  for (const school of onFile) if (school.ipeds_unitid !== null) attached.set(Number(school.ipeds_unitid), school.id);
  for (const school of onFile) {
    if (school.ipeds_unitid !== null) continue;
    const unitid = matchToDirectory(index, school);
    if (unitid === null || attached.has(unitid)) {
      outcome.unmatched.push(school.name);
      continue;
    }
    const row = byUnitid.get(unitid)!;
    attached.set(unitid, school.id);
    // Still called by the directory's old name while Crosswalk knows a later one: the later one is shown.
    const oldName = row.formerNames.some((former) => normalizeSchoolName(former) === normalizeSchoolName(school.name));
    const rename = oldName && normalizeSchoolName(row.name) !== normalizeSchoolName(school.name) ? row.name : null;
    await attachDirectoryRow(tx, school.id, { ...columnsOf(row, school.key), rename });
    await replaceNameForms(tx, school.id, nameFormsOf({ name: rename ?? school.name, key: school.key, aliases: [...school.aliases, ...row.aliases, ...(rename ? [school.name] : [])] }));
    outcome.matched += 1;
  }
  return attached;
}

/** The directory row a school on file is, by its names in its state, or its web address; null when none decides. */
function matchToDirectory(index: SchoolNameIndex, school: { name: string; key: string; state: string | null; website: string | null; aliases: readonly string[] }): number | null {
  const context = { states: [school.state] };
  // The school's own name decides when it names one directory school; a loose alias ("Wisconsin" for UW-Madison) that
  // names another must not undo that and leave the school unmatched beside a second copy of itself.
  const byName = index.resolve(school.name, context).school;
  if (byName && (school.state === null || byName.state === school.state)) return byName.id;
  const decided = new Set<number>();
  for (const name of school.aliases) {
    const resolution = index.resolve(name, context);
    const found = resolution.school;
    if (found && (school.state === null || found.state === school.state)) decided.add(found.id);
  }
  if (decided.size === 1) return [...decided][0]!;
  const domain = webDomainOf(school.website);
  if (decided.size === 0 && domain) {
    const byDomain = index.byDomain(domain).filter((row) => school.state === null || row.state === school.state);
    if (byDomain.length === 1) return byDomain[0]!.id;
  }
  return null;
}
