/**
 * The schools: the one owner of "which school is this?" (by key or alias, in the one normalised form), of the schools
 * an import creates, and of the admin's Universities Management. Verbs independent of HTTP.
 */
import type { InstitutionCreateInput, InstitutionRecord, InstitutionUpdateInput } from '../../../shared/schemas/equivalencies';
import { institutionCreateSchema, institutionUpdateSchema } from '../../../shared/schemas/equivalencies';
import { normalizeSchoolName, schoolKeyFromName } from '../../../shared/institutions/school-names';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { invalidField, notFound } from '../../domain-errors';
import {
  findInstitutionByKey,
  findInstitutionRow,
  insertImportedInstitution,
  insertInstitution,
  isKeyTaken,
  listInstitutionRows,
  loadInstitutions,
  namesOwnedElsewhere,
  updateInstitution,
  type InstitutionAdminRow,
  type InstitutionInfo,
  type InstitutionValues,
} from './institutions.queries';
import { nameFormsOf, type SchoolNameForm } from './school-name-forms';
import { findFormOwners, insertNameForms, replaceNameForms } from './school-names.queries';
import { decideSchool } from './school-resolution';

/**
 * The school a key or a name as written names exactly ('fsu', 'UW-Madison', 'University of Wisconsin-Madison',
 * 'Kapiolani CC'), or null: unknown, or a name several schools share ('UNO': resolveSchoolName says which ones, and
 * decides with a state). For imports, appeals and favorites, where a name must mean one school or none.
 */
export async function findInstitution(db: Queryable, nameOrKey: string): Promise<InstitutionInfo | null> {
  const normalized = normalizeSchoolName(nameOrKey);
  if (!normalized) return null;
  const byKey = await findInstitutionByKey(db, nameOrKey.trim().toLowerCase());
  if (byKey) return byKey;
  const owners = await findFormOwners(db, normalized);
  const decided = decideSchool(
    nameOrKey,
    owners.map((owner) => ({ schoolId: owner.institution_id, alias: owner.alias, source: owner.source, queryRank: 0 })),
    new Map(owners.map((owner) => [owner.institution_id, { id: owner.institution_id, key: '', name: '', state: null, city: null, size: null, sector: null, hasData: false }])),
  ).school;
  return decided ? findInstitutionById(db, decided.id) : null;
}

/** Adds names to a school (and their short forms), keeping those it has: the demo's and the tests' schools. */
export async function addSchoolNames(tx: Queryable, id: number, school: { name: string; key?: string | null; aliases?: readonly string[] }): Promise<void> {
  await insertNameForms(
    tx,
    nameFormsOf(school).map((form) => ({ institutionId: id, form })),
  );
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
    const id = await insertImportedInstitution(tx, { key, name: name.trim(), kind });
    if (id !== null) {
      await replaceNameForms(tx, id, nameFormsOf({ name: name.trim(), key }));
      return { id, key, name: name.trim() };
    }
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

/** Every form the school is stored under: its name and key (always, so imports and searches find it by either), its aliases and their short forms. */
const formsOf = (values: { name: string; key: string }, aliases: string[]) => nameFormsOf({ name: values.name, key: values.key, aliases });

/**
 * A key nobody else has; no alias that is another school's own name or key. Sharing an alias is allowed, and so is a
 * name: the directory has five Columbia Colleges and a Western Technical College in two states.
 */
async function checkUnique(tx: Queryable, values: { key: string }, forms: SchoolNameForm[], id: number | null) {
  if (await isKeyTaken(tx, values.key, id)) throw invalidField('key', `"${values.key}" is already used by another school`, 'is already used by another school');
  const given = forms.filter((form) => form.source === 'alias');
  const taken = await namesOwnedElsewhere(tx, given.map((form) => form.normalized), id);
  if (taken.length > 0) {
    const alias = given.find((form) => form.normalized === normalizeSchoolName(taken[0]!.alias))?.alias ?? taken[0]!.alias;
    throw invalidField('aliases', `"${alias}" is the name of ${taken[0]!.owner}`);
  }
}

export async function createInstitution({ db, input, actor }: { db: Database; input: InstitutionCreateInput; actor: Actor }): Promise<InstitutionRecord> {
  const values = institutionCreateSchema.parse(input);
  const forms = formsOf(values, values.aliases);
  const id = await db.transaction(async (tx) => {
    await checkUnique(tx, values, forms, null);
    const created = await insertInstitution(tx, { ...values, website: values.website ?? null });
    if (created === null) throw invalidField('key', `"${values.key}" is already used by another school`, 'is already used by another school');
    await replaceNameForms(tx, created, forms);
    await recordAudit(tx, {
      actor,
      action: 'institution_created',
      subjectType: 'institution',
      subjectId: String(created),
      details: { key: values.key, name: values.name, aliases: values.aliases },
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
    // A school renamed keeps its old name as an alias: students and old transcripts still use it.
    const renamedFrom = values.name !== before.name && !changes.aliases ? [before.name] : [];
    const aliases = [...new Set([...(changes.aliases ?? before.aliases), ...renamedFrom])];
    const forms = formsOf(values, aliases);
    await checkUnique(tx, values, forms, id);
    await updateInstitution(tx, id, values);
    await replaceNameForms(tx, id, forms);
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of Object.keys(values) as Array<keyof InstitutionValues>) {
      if (JSON.stringify(before[field as keyof typeof before]) !== JSON.stringify(values[field])) changed[field] = { from: before[field as keyof typeof before], to: values[field] };
    }
    const newAliases = forms.filter((form) => form.source === 'alias').map((form) => form.alias).sort();
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

/**
 * Teaches a school names a data file calls it by (the Louisiana matrix's "LSU Alexandria", the Wisconsin rules'
 * "Madison Area Tech. College"), so the file's rows find it by name; audited like an admin's change. Names it already
 * goes by, or that are another school's own name, are left out. True when it learned any.
 */
export async function addInstitutionAliases({ db, id, aliases, actor }: { db: Database; id: number; aliases: readonly string[]; actor: Actor }): Promise<boolean> {
  const row = await findInstitutionRow(db, id);
  if (!row) throw notFound('No school with this id.');
  const known = new Set([row.name, ...row.aliases].map(normalizeSchoolName));
  const wanted: string[] = [];
  for (const alias of aliases) {
    const normalized = normalizeSchoolName(alias);
    if (!normalized || known.has(normalized)) continue;
    if ((await namesOwnedElsewhere(db, [normalized], id)).length > 0) continue;
    known.add(normalized);
    wanted.push(alias.trim());
  }
  if (wanted.length === 0) return false;
  await changeInstitution({ db, id, input: { aliases: [...row.aliases, ...wanted] }, actor });
  return true;
}
