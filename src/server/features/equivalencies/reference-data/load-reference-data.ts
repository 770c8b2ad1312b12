// Loads the public reference data in /work/shared/data (Wisconsin transfer rules and
// course catalogues) into the engine's shapes, for the suggestion CLI and its evaluation
// until the database holds the same data. Files are streamed, never read whole.

import { createReadStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { createCsvRowParser } from '../engine/csv-row-parser';
import { createRulesCsvImporter, type ParsedRuleDraft } from '../engine/csv-import-format';
import type { CourseRef, EquivalencyRule, InstitutionInfo } from '../engine/types';
import { canonicalInstitutionKey, resolveInstitutionKey } from '../../institutions';

export const DEFAULT_DATA_DIR = process.env.CROSSWALK_REFERENCE_DATA ?? '/work/shared/data';
export const WISCONSIN_RULES_FILE = 'equivalencies/wisconsin-transfer-rules.csv';

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

/** `file`, or `file.gz` when only the compressed copy exists (the repository's reference-data/ is gzip-compressed). */
function existingDataFile(file: string): string | null {
  if (existsSync(file)) return file;
  return existsSync(`${file}.gz`) ? `${file}.gz` : null;
}

async function streamFile(file: string, push: (chunk: string) => void): Promise<void> {
  const raw = createReadStream(file, { highWaterMark: 256 * 1024 });
  const stream = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  stream.setEncoding('utf8');
  for await (const chunk of stream) push(chunk as string);
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
  };
}

export async function loadRuleDrafts(file: string): Promise<ParsedRuleDraft[]> {
  const importer = createRulesCsvImporter();
  await streamFile(file, (chunk) => importer.push(chunk));
  const result = importer.end();
  if (result.errors.length > 0) throw new Error(`${file}: ${result.errors.length} import errors, first: line ${result.errors[0]?.line} ${result.errors[0]?.message}`);
  return result.rules;
}

function readCatalogCredits(text: string | undefined): number | null {
  if (!text) return null;
  // Variable credits ("1-3") have no single value to compare.
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : null;
}

/** Reads catalogs/NAME/courses.csv (institution, subject, number, title, credits, description). */
export async function loadCatalog(file: string): Promise<{ institutionName: string; courses: CourseRef[] }> {
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
  await streamFile(file, (chunk) => take(parser.push(chunk)));
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
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const registry = createInstitutionRegistry();
  const catalogs = new Map<number, CourseRef[]>();
  const catalogDir = path.join(dataDir, 'catalogs');
  if (existsSync(catalogDir)) {
    for (const folder of readdirSync(catalogDir).sort()) {
      const file = existingDataFile(path.join(catalogDir, folder, 'courses.csv'));
      if (!file) continue;
      const { institutionName, courses } = await loadCatalog(file);
      catalogs.set(registry.ensure(institutionName || folder).id, courses);
    }
  }
  const rulesFile = existingDataFile(path.join(dataDir, WISCONSIN_RULES_FILE));
  const drafts = options.includeRules === false || !rulesFile ? [] : await loadRuleDrafts(rulesFile);
  const rules = drafts.map((draft, index) => draftToRule(draft, index + 1, registry));
  return { registry, drafts, rules, catalogs };
}
