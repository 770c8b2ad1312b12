// Loads the reference data the repository carries (reference-data/: the Wisconsin transfer rules and the course
// catalogues) into the engine's shapes, for the suggestion CLI and its evaluation, which work without a database.
// Files are streamed, never read whole.

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REFERENCE_DATA_DIR, referenceFiles, type ReferenceFiles } from '../../../reference-data/reference-files';
import { createCsvRowParser } from '../engine/csv-row-parser';
import { createRulesCsvImporter, type ParsedRuleDraft } from '../engine/csv-import-format';
import type { CourseRef, EquivalencyRule, InstitutionInfo } from '../engine/types';
import { canonicalInstitutionKey, resolveInstitutionKey } from '../../institutions';

export const WISCONSIN_RULES_FILE = 'equivalencies/wisconsin-transfer-rules.csv.gz';

/** Schools in Florida's statewide course numbering among the reference catalogues. */
const FLORIDA_STATEWIDE = new Set(['florida-international-university', 'university-of-florida', 'university-of-south-florida']);

export interface InstitutionRegistry {
  all(): InstitutionInfo[];
  /** Returns the school for a name, creating it when new. */
  ensure(name: string): InstitutionInfo;
  /** Looks a school up by any spelling or nickname; null when unknown or ambiguous. */
  find(query: string): InstitutionInfo | null;
}

export function createInstitutionRegistry(): InstitutionRegistry {
  const byKey = new Map<string, InstitutionInfo>();
  // 125k rules name the same 50 schools over and over: remember each spelling.
  const bySpelling = new Map<string, InstitutionInfo>();
  return {
    all: () => [...byKey.values()],
    ensure(name) {
      const known = bySpelling.get(name);
      if (known) return known;
      const key = canonicalInstitutionKey(name);
      let institution = byKey.get(key);
      if (!institution) {
        const state = /^uw\b|wisconsin|milwaukee|madison|waukesha|nicolet|moraine|gateway|blackhawk|lakeshore|fox-valley|chippewa|mid-state|northcentral|northeast|southwest|western-technical/.test(key) ? 'WI' : FLORIDA_STATEWIDE.has(key) ? 'FL' : null;
        institution = { id: byKey.size + 1, key, name, state, calendar: 'semester', floridaStatewideNumbering: FLORIDA_STATEWIDE.has(key) };
        byKey.set(key, institution);
      }
      bySpelling.set(name, institution);
      return institution;
    },
    find(query) {
      const key = resolveInstitutionKey(query, byKey.keys());
      return key ? byKey.get(key) ?? null : null;
    },
  };
}

async function streamFile(files: ReferenceFiles, file: string, push: (chunk: string) => void): Promise<void> {
  for await (const chunk of files.file(file).text()) push(chunk);
}

/** Converts an import draft into an engine rule between registered schools. */
export function draftToRule(draft: ParsedRuleDraft, id: number, registry: InstitutionRegistry, fallbackSource = 'Unknown school'): EquivalencyRule {
  return {
    id,
    fromInstitutionId: registry.ensure(draft.sourceUniversity ?? fallbackSource).id,
    toInstitutionId: registry.ensure(draft.targetUniversity).id,
    sources: draft.sources.map(({ subject, number, title, credits }) => ({ subject, number, title, credits })),
    targets: draft.targets.map(({ subject, number, title, credits, isElective }) => ({ subject, number, title, credits, isElective })),
    transfers: draft.transfers,
    creditsAwarded: draft.creditsAwarded,
    minGrade: draft.minGrade,
    effectiveFromTerm: draft.effectiveFrom,
    effectiveToTerm: draft.effectiveTo,
    origin: 'csv',
    notes: draft.notes,
    creditUnit: draft.creditUnit,
    statedClass: draft.statedClass,
  };
}

export async function loadRuleDrafts(files: ReferenceFiles, file: string): Promise<ParsedRuleDraft[]> {
  const importer = createRulesCsvImporter();
  await streamFile(files, file, (chunk) => importer.push(chunk));
  const result = importer.end();
  if (result.errors.length > 0) throw new Error(`${file}: ${result.errors.length} import errors, first: line ${result.errors[0]?.line} ${result.errors[0]?.message}`);
  return result.rules;
}

function readCatalogCredits(text: string | undefined): number | null {
  if (!text) return null;
  // Variable credits ("1-3") have no single value to compare.
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : null;
}

/** Reads catalogs/NAME/courses.csv.gz (institution, subject, number, title, credits, description). */
export async function loadCatalog(files: ReferenceFiles, file: string): Promise<{ institutionName: string; courses: CourseRef[] }> {
  const parser = createCsvRowParser();
  const courses: CourseRef[] = [];
  let institutionName = '';
  let header: string[] | null = null;
  const take = (rows: Array<{ fields: string[] }>) => {
    for (const { fields } of rows) {
      if (!header) {
        header = fields.map((name) => name.trim().toLowerCase());
        continue;
      }
      const value = (name: string) => fields[header!.indexOf(name)]?.trim() ?? '';
      institutionName ||= value('institution');
      courses.push({ subject: value('subject'), number: value('number'), title: value('title') || null, credits: readCatalogCredits(value('credits')), description: value('description') || null });
    }
  };
  await streamFile(files, file, (chunk) => take(parser.push(chunk)));
  take(parser.end());
  return { institutionName, courses };
}

export interface ReferenceData {
  registry: InstitutionRegistry;
  drafts: ParsedRuleDraft[];
  rules: EquivalencyRule[];
  catalogs: Map<number, CourseRef[]>;
}

export async function loadReferenceData(options: { dataDir?: string; includeRules?: boolean } = {}): Promise<ReferenceData> {
  const files = referenceFiles(options.dataDir ?? REFERENCE_DATA_DIR);
  const registry = createInstitutionRegistry();
  const catalogs = new Map<number, CourseRef[]>();
  const catalogDir = path.join(files.root, 'catalogs');
  if (existsSync(catalogDir)) {
    for (const folder of readdirSync(catalogDir).sort()) {
      const file = path.join('catalogs', folder, 'courses.csv.gz');
      if (!existsSync(path.join(files.root, file))) continue;
      const { institutionName, courses } = await loadCatalog(files, file);
      catalogs.set(registry.ensure(institutionName || folder).id, courses);
    }
  }
  const drafts =
    options.includeRules === false || !existsSync(path.join(files.root, WISCONSIN_RULES_FILE)) ? [] : await loadRuleDrafts(files, WISCONSIN_RULES_FILE);
  const rules = drafts.map((draft, index) => draftToRule(draft, index + 1, registry));
  return { registry, drafts, rules, catalogs };
}
