/**
 * Schools' name forms held in memory, answering the lookups the database answers otherwise: the directory's loader
 * matches the schools already on file to directory rows with it before writing anything, and tests and the
 * transcript-reader benchmark resolve names without a database. The decision itself is school-resolution.ts's.
 */
import { nameFormsOf, type SchoolNameForm } from './school-name-forms';
import { decideSchool, queryForms, type NameMatch, type RankedSchoolFacts, type ResolutionContext, type SchoolResolution } from './school-resolution';
import { readSchoolsInText, type NameLookup, type SchoolsInText } from './schools-in-text';

export interface IndexedSchool extends RankedSchoolFacts {
  aliases: readonly string[];
  webDomain?: string | null;
}

export class SchoolNameIndex {
  private readonly forms = new Map<string, Array<{ schoolId: number; form: SchoolNameForm }>>();
  private readonly domains = new Map<string, number[]>();
  readonly schools = new Map<number, IndexedSchool>();

  /**
   * `storedForms`: the forms as stored (institution_aliases), by school; without it each school's forms are derived
   * from its name, key and aliases (nameFormsOf), as the directory's loader does before anything is stored.
   */
  constructor(schools: Iterable<IndexedSchool>, storedForms?: ReadonlyMap<number, readonly SchoolNameForm[]>) {
    for (const school of schools) {
      this.schools.set(school.id, school);
      for (const form of storedForms?.get(school.id) ?? nameFormsOf({ name: school.name, key: school.key, aliases: school.aliases })) {
        const list = this.forms.get(form.normalized) ?? [];
        list.push({ schoolId: school.id, form });
        this.forms.set(form.normalized, list);
      }
      if (school.webDomain) this.domains.set(school.webDomain, [...(this.domains.get(school.webDomain) ?? []), school.id]);
    }
  }

  /** The stored forms matching these normalised forms, each with the rank of the form that found it. */
  lookup(forms: ReadonlyArray<{ normalized: string; rank: number }>): NameMatch[] {
    const matches: NameMatch[] = [];
    for (const { normalized, rank } of forms) {
      for (const { schoolId, form } of this.forms.get(normalized) ?? []) matches.push({ schoolId, alias: form.alias, source: form.source, queryRank: rank });
    }
    return matches;
  }

  resolve(name: string, context: ResolutionContext = {}): SchoolResolution {
    return decideSchool(name, this.lookup(queryForms(name)), this.schools, context);
  }

  /** The lookup findSchoolsInText reads, from memory. */
  readonly lookupForms: NameLookup = async (forms) => {
    const matches = new Map<string, Array<Omit<NameMatch, 'queryRank'>>>();
    for (const normalized of forms) {
      const found = this.forms.get(normalized);
      if (found) matches.set(normalized, found.map(({ schoolId, form }) => ({ schoolId, alias: form.alias, source: form.source })));
    }
    return { matches, schools: this.schools };
  };

  schoolsInText(text: string, context: ResolutionContext = {}): Promise<SchoolsInText> {
    return readSchoolsInText(text, this.lookupForms, context);
  }

  /** Schools whose web domain is exactly this one. */
  byDomain(domain: string): IndexedSchool[] {
    return (this.domains.get(domain) ?? []).map((id) => this.schools.get(id)!);
  }
}
