/**
 * Small factories for API tests: each test makes the rows it needs, with overrides, and never depends on another test.
 * Keys are made unique per call so tests in one database do not collide.
 */
import { randomUUID } from 'node:crypto';
import { addSchoolNames } from '../../src/server/features/institutions';
import type { Queryable } from '../../src/server/db/client';

const unique = () => randomUUID().replace(/-/g, '').slice(0, 8);

export interface InstitutionOverrides {
  key?: string;
  name?: string;
  state?: string | null;
  control?: 'public' | 'private';
  aliases?: string[];
}

export async function createInstitution(db: Queryable, overrides: InstitutionOverrides = {}) {
  const suffix = unique();
  const key = overrides.key ?? `school-${suffix}`;
  const name = overrides.name ?? `Test School ${suffix}`;
  const [row] = await db.query<{ id: number }>(
    `insert into institutions (key, name, state, control) values ($1, $2, $3, $4) returning id`,
    [key, name, overrides.state === undefined ? 'FL' : overrides.state, overrides.control ?? 'public'],
  );
  if (!row) throw new Error('institution insert returned nothing');
  // Like the seed, a school is found by its own name and key too, and by the short forms of its names.
  await addSchoolNames(db, row.id, { name, key, aliases: overrides.aliases ?? [] });
  return { id: row.id, key, name };
}

export interface CourseOverrides {
  subject?: string;
  number?: string;
  title?: string;
  credits?: number | null;
  description?: string | null;
}

export async function createCourse(db: Queryable, institutionId: number, overrides: CourseOverrides = {}) {
  const subject = overrides.subject ?? 'TST';
  const number = overrides.number ?? String(1000 + Math.floor(Math.random() * 8999));
  const title = overrides.title ?? `Test Course ${unique()}`;
  const [row] = await db.query<{ id: number }>(
    `insert into courses (institution_id, subject, number, title, credits, description) values ($1, $2, $3, $4, $5, $6) returning id`,
    [institutionId, subject, number, title, overrides.credits === undefined ? 3 : overrides.credits, overrides.description ?? null],
  );
  if (!row) throw new Error('course insert returned nothing');
  return { id: row.id, institutionId, subject, number, title };
}

export interface OfferingOverrides {
  term?: string;
  deliveryFormat?: 'online' | 'in-person' | 'hybrid';
  professor?: string | null;
  rating?: number | null;
  tuitionCents?: number | null;
  registrationUrl?: string | null;
  professorRatingUrl?: string | null;
  isAvailable?: boolean;
  isSample?: boolean;
}

export async function createOffering(db: Queryable, courseId: number, overrides: OfferingOverrides = {}) {
  const [row] = await db.query<{ id: number }>(
    `insert into offerings (course_id, term, delivery_format, professor, professor_rating, tuition_cents, registration_url,
                            professor_rating_url, is_available, is_sample)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      courseId,
      overrides.term ?? 'fall-2024',
      overrides.deliveryFormat ?? 'online',
      overrides.professor === undefined ? 'Dr. Test Teacher' : overrides.professor,
      overrides.rating === undefined ? 4.5 : overrides.rating,
      overrides.tuitionCents === undefined ? 31200 : overrides.tuitionCents,
      overrides.registrationUrl === undefined ? 'https://register.example.edu' : overrides.registrationUrl,
      overrides.professorRatingUrl === undefined ? 'https://ratings.example.edu' : overrides.professorRatingUrl,
      overrides.isAvailable ?? true,
      overrides.isSample ?? false,
    ],
  );
  if (!row) throw new Error('offering insert returned nothing');
  return { id: row.id };
}

type Code = { subject: string; number: string; title?: string; credits?: number; isElective?: boolean };

export interface RuleInput {
  from: number;
  to: number;
  sources: Code[];
  targets: Code[];
  transfers?: boolean;
  creditsAwarded?: number | null;
  minGrade?: string | null;
  effectiveFromTerm?: string | null;
  effectiveToTerm?: string | null;
  origin?: 'seed' | 'csv' | 'admin' | 'statewide-numbering' | 'appeal';
  notes?: string | null;
}

export async function createRule(db: Queryable, input: RuleInput) {
  const [rule] = await db.query<{ id: number }>(
    `insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, min_grade,
                                    effective_from_term, effective_to_term, origin, notes, fingerprint)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      input.from,
      input.to,
      input.transfers ?? true,
      input.creditsAwarded ?? 3,
      input.minGrade ?? null,
      input.effectiveFromTerm ?? null,
      input.effectiveToTerm ?? null,
      input.origin ?? 'csv',
      input.notes ?? null,
      `test-${unique()}`,
    ],
  );
  if (!rule) throw new Error('rule insert returned nothing');
  for (const [position, source] of input.sources.entries()) {
    await db.query(
      `insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title, credits) values ($1, $2, $3, $4, $5, $6, $7)`,
      [rule.id, position, input.from, source.subject, source.number, source.title ?? null, source.credits ?? null],
    );
  }
  for (const [position, target] of input.targets.entries()) {
    await db.query(
      `insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits, is_elective) values ($1, $2, $3, $4, $5, $6, $7)`,
      [rule.id, position, target.subject, target.number, target.title ?? null, target.credits ?? null, target.isElective ?? false],
    );
  }
  return { id: rule.id };
}
