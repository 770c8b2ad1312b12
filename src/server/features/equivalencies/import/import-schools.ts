/**
 * The schools a file or the chosen source school names, as an import resolves them: by key, name or alias through the
 * institutions feature (one query per spelling, remembered for the rest of the file). A school nobody has entered yet
 * is created only when the import may: a dry run (rolled back: its preview lists them) or names the clerk confirmed.
 */
import type { Queryable } from '../../../db/client';
import { createInstitutionNamedInImport, findInstitution, lockInstitutionAgainstDeletion, normalizeSchoolName, resolveSchoolName } from '../../institutions';

/** Which unknown schools an import may create: every one, or those named (in any spelling of the same name). */
export type NewSchoolPolicy = 'all' | readonly string[];

export interface ImportedSchool {
  id: number;
  name: string;
}

export class ImportSchools {
  /** By the name as written (one map lookup per row), then by its normalised form. */
  private readonly byName = new Map<string, ImportedSchool>();
  private readonly byNormalized = new Map<string, ImportedSchool>();
  /** Names of the schools this import created, in the order it met them. */
  readonly created: string[] = [];
  private readonly confirmed: Set<string> | null;

  /**
   * `lockAgainstDeletion`: with foreign-key checks off (beginBulkRuleWrite) on PostgreSQL, every school the import
   * writes rules for is locked as a foreign-key check would lock it, so no other session deletes it mid-import.
   */
  constructor(
    private readonly tx: Queryable,
    private readonly lockAgainstDeletion = false,
    newSchools: NewSchoolPolicy = 'all',
  ) {
    this.confirmed = newSchools === 'all' ? null : new Set(newSchools.map(normalizeSchoolName));
  }

  /**
   * A known school, or null (also when another session has just deleted it): by a name it goes by exactly, else by the
   * one school the name resolves to ("Madison Area Tech. College"), never by a name several schools share.
   */
  async find(name: string): Promise<ImportedSchool | null> {
    const found = (await findInstitution(this.tx, name)) ?? (await resolveSchoolName(this.tx, name)).school;
    if (!found) return null;
    if (this.lockAgainstDeletion && !(await lockInstitutionAgainstDeletion(this.tx, found.id))) return null;
    return { id: found.id, name: found.name };
  }

  /** The school a name means, created (with the name as an alias) when unknown and allowed; null when not allowed. */
  async resolve(name: string): Promise<ImportedSchool | null> {
    const known = this.byName.get(name);
    if (known) return known;
    const normalized = normalizeSchoolName(name);
    let school = this.byNormalized.get(normalized) ?? (await this.find(name));
    if (!school) {
      if (this.confirmed && !this.confirmed.has(normalized)) return null;
      const created = await createInstitutionNamedInImport(this.tx, name);
      this.created.push(created.name);
      school = { id: created.id, name: created.name };
    }
    this.byNormalized.set(normalized, school);
    this.byName.set(name, school);
    return school;
  }
}
