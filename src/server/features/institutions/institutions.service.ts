/**
 * The schools: the one owner of "which school is this?" (by key or alias, in the one normalised form), of the schools
 * an import creates, and of the admin's Universities Management. Verbs independent of HTTP.
 */
import type { InstitutionCreateInput, InstitutionRecord, InstitutionUpdateInput, SchoolSuggestion } from '../../../shared/schemas/equivalencies';
import { institutionCreateSchema, institutionUpdateSchema } from '../../../shared/schemas/equivalencies';
import { normalizeSchoolName, schoolKeyFromName } from '../../../shared/institutions/school-names';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { invalidField, notFound } from '../../domain-errors';
import {
  aliasesOwnedElsewhere,
  findInstitutionByKeyOrAlias,
  findInstitutionRow,
  insertImportedInstitution,
  insertInstitution,
  isKeyTaken,
  listInstitutionRows,
  loadInstitutions,
  replaceAliases,
  searchSchoolRows,
  updateInstitution,
  type InstitutionAdminRow,
  type InstitutionInfo,
  type InstitutionValues,
} from './institutions.queries';

/** Finds a school by its key, its name or any alias ('UW-Madison', 'University of Wisconsin-Madison', 'fsu'). */
export async function findInstitution(db: Queryable, nameOrKey: string): Promise<InstitutionInfo | null> {
  const normalized = normalizeSchoolName(nameOrKey);
  if (!normalized) return null;
  return findInstitutionByKeyOrAlias(db, nameOrKey.trim().toLowerCase(), normalized);
}

export async function findInstitutionById(db: Queryable, id: number): Promise<InstitutionInfo | null> {
  return (await loadInstitutions(db, [id])).get(id) ?? null;
}

/**
 * A school an import names that nobody has entered yet: created with a key made from its name (made unique) and the
 * name kept as an alias, so the next file that spells it the same way finds it.
 */
export async function createInstitutionNamedInImport(tx: Queryable, name: string): Promise<{ id: number; key: string; name: string }> {
  const base = schoolKeyFromName(name);
  const kind = /technical|tech\.|\btech\b/i.test(name) ? 'technical-college' : /community college/i.test(name) ? 'community-college' : /college/i.test(name) ? 'college' : 'university';
  for (let attempt = 1; attempt < 100; attempt++) {
    const key = attempt === 1 ? base : `${base}-${attempt}`;
    const id = await insertImportedInstitution(tx, { key, name: name.trim(), kind, aliasNormalized: normalizeSchoolName(name) });
    if (id !== null) return { id, key, name: name.trim() };
  }
  throw new Error(`Could not find a free key for ${name}`);
}

export interface Actor {
  id: string | null;
  email: string | null;
  ipAddress?: string;
}

export function presentInstitutionRecord(row: InstitutionAdminRow): InstitutionRecord {
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
  return (await listInstitutionRows(db, search ?? null)).map(presentInstitutionRecord);
}

const SCHOOL_SUGGESTIONS = 8;

/** Schools a student may pick by what they typed (favorites): the one it names exactly first. */
export async function suggestSchools({ db, text }: { db: Queryable; text: string }): Promise<SchoolSuggestion[]> {
  const rows = await searchSchoolRows(db, text, normalizeSchoolName(text), SCHOOL_SUGGESTIONS);
  return rows.map((row) => ({ id: row.id, name: row.name, state: row.state?.trim() ?? null, exact: row.exact }));
}

/** The school's own name and key are always aliases, so imports and searches find it by either. */
function aliasSet(values: { name: string; key: string }, aliases: string[]) {
  const byNormalized = new Map<string, string>();
  for (const alias of [values.name, values.key, ...aliases]) {
    const normalized = normalizeSchoolName(alias);
    if (normalized && !byNormalized.has(normalized)) byNormalized.set(normalized, alias.trim());
  }
  return [...byNormalized].map(([normalized, alias]) => ({ normalized, alias }));
}

async function checkUnique(tx: Queryable, values: { key: string }, aliases: Array<{ normalized: string; alias: string }>, id: number | null) {
  if (await isKeyTaken(tx, values.key, id)) throw invalidField('key', `"${values.key}" is already used by another school`, 'is already used by another school');
  const taken = await aliasesOwnedElsewhere(tx, aliases.map((alias) => alias.normalized), id);
  if (taken.length > 0) {
    throw invalidField('aliases', `"${taken[0]!.alias}" already names ${taken[0]!.owner}`);
  }
}

export async function createInstitution({ db, input, actor }: { db: Database; input: InstitutionCreateInput; actor: Actor }): Promise<InstitutionRecord> {
  const values = institutionCreateSchema.parse(input);
  const aliases = aliasSet(values, values.aliases);
  const id = await db.transaction(async (tx) => {
    await checkUnique(tx, values, aliases, null);
    const created = await insertInstitution(tx, { ...values, website: values.website ?? null });
    if (created === null) throw invalidField('key', `"${values.key}" is already used by another school`, 'is already used by another school');
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
  return presentInstitutionRecord(row);
}

export async function changeInstitution({ db, id, input, actor }: { db: Database; id: number; input: InstitutionUpdateInput; actor: Actor }): Promise<InstitutionRecord> {
  const changes = institutionUpdateSchema.parse(input);
  await db.transaction(async (tx) => {
    const current = await findInstitutionRow(tx, id);
    if (!current) throw notFound('No school with this id.');
    const before = presentInstitutionRecord(current);
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
  return presentInstitutionRecord(row);
}
