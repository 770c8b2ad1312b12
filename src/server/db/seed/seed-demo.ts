import { randomBytes } from 'node:crypto';
import { storedRuleContentHash, storedRuleFingerprint } from '../../features/equivalencies/rule-identity';
import { addSchoolNames } from '../../features/institutions';
import type { AppDeps } from '../../http/app-env';
import type { Queryable } from '../client';
import { seedDemoGradeRules } from './demo-grade-rules';
import { seedDemoAppeals } from './demo-appeals';
import { DEMO_INSTITUTIONS } from './demo-institutions';
import { DEMO_SAMPLE_COURSES } from './demo-sample-courses';
import { termForSeason } from '../../../shared/terms';

/** The demo's sign-in accounts (never in production). Their passwords are made at first start: see seedDemoData. */
export const DEMO_ACCOUNTS = [
  { role: 'student', email: 'student@crosswalk.demo', name: 'Maria Johnson' },
  { role: 'admin', email: 'admin@crosswalk.demo', name: 'Riley Registrar' },
] as const;

export interface DemoAccount {
  role: (typeof DEMO_ACCOUNTS)[number]['role'];
  email: string;
  /** Set only when this start created the account: shown once in the start-up banner, stored nowhere but its hash. */
  password: string | null;
}


/**
 * Loads the demo's own data once (idempotent: every insert skips what exists): the schools the spec names, its sample
 * courses and grade rules. Outside production it also makes the demo accounts, each with a password generated when it
 * is created (no password is written in the code or the README). The real reference data (catalogues, statewide
 * inventories, transfer rules, degree programs) is loaded after the server starts: src/server/reference-data/demo-reference-load.ts.
 */
export async function seedDemoData(deps: AppDeps): Promise<DemoAccount[]> {
  const { db, config, logger } = deps;
  const [done] = await db.query(`select 1 from app_meta where key = 'demo_seeded'`);
  if (!done) {
    const started = Date.now();
    await db.transaction(async (tx) => {
      await seedInstitutions(tx);
      await seedSampleCourses(tx);
      await seedDemoGradeRules(tx);
    });
    await db.query(`insert into app_meta (key, value) values ('demo_seeded', $1) on conflict (key) do nothing`, [new Date().toISOString()]);
    logger.info('demo_data_loaded', { ms: Date.now() - started });
  }
  if (config.isProduction) return [];
  const accounts: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) accounts.push({ role: account.role, email: account.email, password: await ensureAccount(deps, account) });
  return accounts;
}

/** 16 characters from 96 random bits: not guessable, and short enough to type from a terminal. */
const generatePassword = () => randomBytes(12).toString('base64url');

/** Creates the account when missing and returns its new password; null when it existed (its password is not known). */
async function ensureAccount(deps: AppDeps, account: (typeof DEMO_ACCOUNTS)[number]): Promise<string | null> {
  const [existing] = await deps.db.query<{ id: string }>(`select id from "user" where lower(email) = lower($1)`, [account.email]);
  let userId = existing?.id;
  let password: string | null = null;
  if (!userId) {
    password = generatePassword();
    const created = await deps.auth.api.signUpEmail({ body: { email: account.email, password, name: account.name } });
    userId = created.user.id;
  }
  const role = account.role === 'admin' ? 'admin,student' : 'student';
  await deps.db.query(`update "user" set role = $2, "emailVerified" = true where id = $1`, [userId, role]);
  await deps.db.query(
    `insert into student_profiles (user_id, full_name, current_school, intended_major) values ($1, $2, $3, $4) on conflict (user_id) do nothing`,
    [userId, account.name, account.role === 'student' ? 'Valencia College' : '', account.role === 'student' ? 'Economics' : ''],
  );
  if (account.role === 'student') await seedDemoAppeals(deps.db, userId);
  return password;
}

async function seedInstitutions(tx: Queryable) {
  for (const school of DEMO_INSTITUTIONS) {
    const [row] = await tx.query<{ id: number }>(
      `insert into institutions (key, name, state, control, kind, calendar, florida_statewide_numbering, website)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (key) do update set name = excluded.name
       returning id`,
      [school.key, school.name, school.state, school.control, school.kind, school.calendar, school.floridaStatewideNumbering, school.website],
    );
    if (row) await addSchoolNames(tx, row.id, school);
  }
}

async function institutionIds(tx: Queryable): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; key: string }>('select id, key from institutions');
  return new Map(rows.map((row) => [row.key, row.id]));
}

async function upsertCourse(tx: Queryable, institutionId: number, subject: string, number: string, title: string, credits: number | null, description: string | null) {
  const [row] = await tx.query<{ id: number }>(
    `insert into courses (institution_id, subject, number, title, credits, description) values ($1, $2, $3, $4, $5, $6)
     on conflict (institution_id, subject, number) do update set title = courses.title returning id`,
    [institutionId, subject, number, title, credits, description],
  );
  if (!row) throw new Error('course upsert returned nothing');
  return row.id;
}

async function seedSampleCourses(tx: Queryable) {
  const ids = await institutionIds(tx);
  const idOf = (key: string) => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`Unknown demo institution ${key}`);
    return id;
  };
  for (const sample of DEMO_SAMPLE_COURSES) {
    const courseId = await upsertCourse(tx, idOf(sample.school), sample.subject, sample.number, sample.title, sample.credits, sample.description);
    const school = DEMO_INSTITUTIONS.find((item) => item.key === sample.school);
    await tx.query(
      `insert into offerings (course_id, term, delivery_format, professor, professor_rating, tuition_cents, registration_url, professor_rating_url, is_available, is_sample)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, true
        where not exists (select 1 from offerings where course_id = $1 and term = $2)`,
      [
        courseId,
        termForSeason(sample.season),
        sample.deliveryFormat,
        sample.professor,
        sample.rating,
        sample.tuitionDollars * 100,
        school?.website ?? null,
        `https://www.ratemyprofessors.com/search/professors?q=${encodeURIComponent(sample.professor.replace(/^(Dr\.|Prof\.)\s*/, ''))}`,
        sample.isAvailable,
      ],
    );
    const target = sample.equivalentAt;
    if (target) {
      await upsertCourse(tx, idOf(target.school), target.subject, target.number, target.title, sample.credits, null);
      await insertSeedRule(tx, {
        from: idOf(sample.school),
        to: idOf(target.school),
        transfers: true,
        credits: sample.credits,
        source: [sample.subject, sample.number, sample.title, sample.credits],
        target: [target.subject, target.number, target.title, sample.credits],
      });
    }
    if (sample.noTransferTo) {
      await insertSeedRule(tx, {
        from: idOf(sample.school),
        to: idOf(sample.noTransferTo),
        transfers: false,
        credits: 0,
        source: [sample.subject, sample.number, sample.title, sample.credits],
        target: ['DNT', '', 'Does not transfer', 0],
      });
    }
  }
}

async function insertSeedRule(
  tx: Queryable,
  rule: {
    from: number;
    to: number;
    transfers: boolean;
    credits: number;
    source: [string, string, string, number];
    target: [string, string, string, number];
  },
) {
  // The import's identity and content hash, so exporting the demo rules and importing the file back changes nothing.
  const [sourceSubject, sourceNumber, sourceTitle, sourceCredits] = rule.source;
  const [targetSubject, targetNumber, targetTitle, targetCredits] = rule.target;
  const content = {
    sources: [{ subject: sourceSubject, number: sourceNumber, title: sourceTitle, credits: sourceCredits }],
    targets: [{ subject: targetSubject, number: targetNumber, title: targetTitle, credits: targetCredits, creditRange: null, isElective: false }],
    transfers: rule.transfers,
    minGrade: null,
    effectiveFrom: null,
    effectiveTo: null,
    notes: 'Demo rule',
  };
  const fingerprint = storedRuleFingerprint(rule.from, rule.to, content);
  const [created] = await tx.query<{ id: number }>(
    `insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, origin, fingerprint, content_hash, notes)
     values ($1, $2, $3, $4, 'seed', $5, $6, 'Demo rule') on conflict (fingerprint) do nothing returning id`,
    [rule.from, rule.to, rule.transfers, rule.credits, fingerprint, storedRuleContentHash(fingerprint, content)],
  );
  if (!created) return;
  await tx.query(
    `insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title, credits) values ($1, 0, $2, $3, $4, $5, $6)`,
    [created.id, rule.from, ...rule.source],
  );
  await tx.query(
    `insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits) values ($1, 0, $2, $3, $4, $5)`,
    [created.id, ...rule.target],
  );
}
