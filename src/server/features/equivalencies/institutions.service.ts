/** Universities Management and the Transfer Data Overview: verbs independent of HTTP. */
import type {
  InstitutionCreateInput,
  InstitutionRecord,
  InstitutionUpdateInput,
  SchoolSuggestion,
  TransferDataOverview,
} from '../../../shared/schemas/equivalencies';
import { institutionCreateSchema, institutionUpdateSchema } from '../../../shared/schemas/equivalencies';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import {
  aliasesOwnedElsewhere,
  APPEAL_DECISIONS,
  APPEALS_BY_STATUS,
  countBy,
  findInstitutionRow,
  insertInstitution,
  isKeyTaken,
  listInstitutionRows,
  readOverviewCounts,
  replaceAliases,
  RULES_BY_ORIGIN,
  searchSchoolRows,
  TOP_DESTINATIONS,
  TRANSCRIPT_ROWS_BY_OUTCOME,
  updateInstitution,
  type InstitutionAdminRow,
  type InstitutionValues,
} from './institutions.queries';
import { normalizeInstitutionAlias } from './rule-identity';

export interface Actor {
  id: string | null;
  email: string | null;
  ipAddress?: string;
}

export function presentInstitution(row: InstitutionAdminRow): InstitutionRecord {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    state: row.state?.trim() ?? null,
    control: row.control,
    kind: row.kind,
    calendar: row.calendar,
    floridaStatewideNumbering: row.florida_statewide_numbering,
    website: row.website,
    aliases: row.aliases,
    courseCount: Number(row.course_count),
    ruleCount: Number(row.rule_count),
  };
}

export async function listInstitutions({ db, search }: { db: Queryable; search?: string }): Promise<InstitutionRecord[]> {
  return (await listInstitutionRows(db, search ?? null)).map(presentInstitution);
}

const SCHOOL_SUGGESTIONS = 8;

/** Schools a student may pick by what they typed (favorites): the one it names exactly first. */
export async function suggestSchools({ db, text }: { db: Queryable; text: string }): Promise<SchoolSuggestion[]> {
  const rows = await searchSchoolRows(db, text, normalizeInstitutionAlias(text), SCHOOL_SUGGESTIONS);
  return rows.map((row) => ({ id: row.id, name: row.name, state: row.state?.trim() ?? null, exact: row.exact }));
}

/** The school's own name and key are always aliases, so imports and searches find it by either. */
function aliasSet(values: { name: string; key: string }, aliases: string[]) {
  const byNormalized = new Map<string, string>();
  for (const alias of [values.name, values.key, ...aliases]) {
    const normalized = normalizeInstitutionAlias(alias);
    if (normalized && !byNormalized.has(normalized)) byNormalized.set(normalized, alias.trim());
  }
  return [...byNormalized].map(([normalized, alias]) => ({ normalized, alias }));
}

async function checkUnique(tx: Queryable, values: { key: string }, aliases: Array<{ normalized: string; alias: string }>, id: number | null) {
  if (await isKeyTaken(tx, values.key, id)) throw new HttpError(400, `key: "${values.key}" is already used by another school`, { fields: [{ field: 'key', message: 'is already used by another school' }] });
  const taken = await aliasesOwnedElsewhere(tx, aliases.map((alias) => alias.normalized), id);
  if (taken.length > 0) {
    const message = `"${taken[0]!.alias}" already names ${taken[0]!.owner}`;
    throw new HttpError(400, `aliases: ${message}`, { fields: [{ field: 'aliases', message }] });
  }
}

export async function createInstitution({ db, input, actor }: { db: Database; input: InstitutionCreateInput; actor: Actor }): Promise<InstitutionRecord> {
  const values = institutionCreateSchema.parse(input);
  const aliases = aliasSet(values, values.aliases);
  const id = await db.transaction(async (tx) => {
    await checkUnique(tx, values, aliases, null);
    const created = await insertInstitution(tx, { ...values, website: values.website ?? null });
    if (created === null) throw new HttpError(400, `key: "${values.key}" is already used by another school`);
    await replaceAliases(tx, created, aliases);
    await recordAudit(tx, {
      actor,
      action: 'institution_created',
      subjectType: 'institution',
      subjectId: String(created),
      details: { key: values.key, name: values.name, aliases: aliases.map((alias) => alias.alias) },
      ipAddress: actor.ipAddress,
    });
    return created;
  });
  const row = await findInstitutionRow(db, id);
  if (!row) throw new Error('created institution not found');
  return presentInstitution(row);
}

export async function changeInstitution({ db, id, input, actor }: { db: Database; id: number; input: InstitutionUpdateInput; actor: Actor }): Promise<InstitutionRecord> {
  const changes = institutionUpdateSchema.parse(input);
  await db.transaction(async (tx) => {
    const current = await findInstitutionRow(tx, id);
    if (!current) throw notFound('No school with this id.');
    const before = presentInstitution(current);
    const values: InstitutionValues = {
      key: changes.key ?? before.key,
      name: changes.name ?? before.name,
      state: changes.state === undefined ? before.state : changes.state,
      control: changes.control ?? before.control,
      kind: changes.kind ?? before.kind,
      calendar: changes.calendar ?? before.calendar,
      floridaStatewideNumbering: changes.floridaStatewideNumbering ?? before.floridaStatewideNumbering,
      website: changes.website === undefined ? before.website : changes.website,
    };
    const aliases = aliasSet(values, changes.aliases ?? before.aliases);
    await checkUnique(tx, values, aliases, id);
    await updateInstitution(tx, id, values);
    await replaceAliases(tx, id, aliases);
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of Object.keys(values) as Array<keyof InstitutionValues>) {
      if (JSON.stringify(before[field as keyof typeof before]) !== JSON.stringify(values[field])) changed[field] = { from: before[field as keyof typeof before], to: values[field] };
    }
    const newAliases = aliases.map((alias) => alias.alias).sort();
    if (JSON.stringify([...before.aliases].sort()) !== JSON.stringify(newAliases)) changed.aliases = { from: before.aliases, to: newAliases };
    await recordAudit(tx, {
      actor,
      action: 'institution_updated',
      subjectType: 'institution',
      subjectId: String(id),
      details: { changed },
      ipAddress: actor.ipAddress,
    });
  });
  const row = await findInstitutionRow(db, id);
  if (!row) throw notFound('No school with this id.');
  return presentInstitution(row);
}

const asCounts = <K extends string>(rows: Array<{ label: string; count: number }>, key: K) =>
  rows.map((row) => ({ [key]: row.label, count: Number(row.count) }) as { [P in K]: string } & { count: number });

export async function getTransferDataOverview({ db }: { db: Queryable }): Promise<TransferDataOverview> {
  const [counts, byOrigin, byOutcome, byStatus, decisions, destinations] = await Promise.all([
    readOverviewCounts(db),
    countBy(db, RULES_BY_ORIGIN),
    countBy(db, TRANSCRIPT_ROWS_BY_OUTCOME),
    countBy(db, APPEALS_BY_STATUS),
    countBy(db, APPEAL_DECISIONS),
    countBy(db, TOP_DESTINATIONS),
  ]);
  return {
    institutions: Number(counts.institutions),
    courses: Number(counts.courses),
    rules: Number(counts.rules),
    rulesTransferring: Number(counts.rules_transferring),
    rulesByOrigin: asCounts(byOrigin, 'origin'),
    transcriptsAnalysed: Number(counts.transcripts_analysed),
    transcriptRows: Number(counts.transcript_rows),
    transcriptRowsByOutcome: asCounts(byOutcome, 'outcome') as TransferDataOverview['transcriptRowsByOutcome'],
    appealsByStatus: asCounts(byStatus, 'status'),
    appealDecisions: asCounts(decisions, 'decision'),
    topDestinations: destinations.map((row) => ({ name: row.label, rules: Number(row.count) })),
  };
}
