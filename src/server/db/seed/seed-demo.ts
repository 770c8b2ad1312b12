import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCsvRowParser, formatCsvLine } from '../../features/equivalencies/engine/csv-row-parser';
import { importEquivalencyCsv } from '../../features/equivalencies';
import { storedRuleContentHash, storedRuleFingerprint } from '../../features/equivalencies/rule-identity';
import { normalizeSchoolName } from '../../features/institutions';
import { loadAllProgramsSets } from '../../features/programs';
import type { AppDeps } from '../../http/app-env';
import type { Database, Queryable } from '../client';
import { bulkInsert } from './bulk-insert';
import { seedDemoGradeRules } from './demo-grade-rules';
import { seedDemoAppeals } from './demo-appeals';
import { DEMO_INSTITUTIONS } from './demo-institutions';
import { DEMO_SAMPLE_COURSES } from './demo-sample-courses';

export const DEMO_ACCOUNTS = [
  { role: 'student', email: 'student@crosswalk.demo', password: 'crosswalk-student', name: 'Maria Johnson' },
  { role: 'admin', email: 'admin@crosswalk.demo', password: 'crosswalk-admin', name: 'Riley Registrar' },
] as const;

/** Real catalogues from ../shared/data, loaded when that folder is present (see its README). */
const REAL_CATALOGUES: Array<{ folder: string; institutionKey: string }> = [
  { folder: 'university-of-florida', institutionKey: 'florida' },
  { folder: 'florida-international-university', institutionKey: 'fiu' },
  { folder: 'university-of-delaware', institutionKey: 'delaware' },
  { folder: 'university-of-south-florida-sample', institutionKey: 'usf' },
];



/** Loads demo data once (idempotent: every insert skips what exists). Returns the demo accounts to print. */
export async function seedDemoData(deps: AppDeps, options: { sharedDataDir?: string; waitForRules?: boolean } = {}) {
  const { db, config, logger } = deps;
  const [done] = await db.query(`select 1 from app_meta where key = 'demo_seeded'`);
  if (!done) {
    const started = Date.now();
    await db.transaction(async (tx) => {
      await seedInstitutions(tx);
      await seedSampleCourses(tx);
      await seedDemoGradeRules(tx);
    });
    const sharedDataDir = options.sharedDataDir ?? resolve(process.cwd(), '../shared/data');
    const loaded = await seedRealCatalogues(db, sharedDataDir);
    await db.query(`insert into app_meta (key, value) values ('demo_seeded', $1) on conflict (key) do nothing`, [new Date().toISOString()]);
    logger.info('demo_data_loaded', { ms: Date.now() - started, realCatalogues: loaded });
  }
  // Real Wisconsin rules load after the server is up (a few seconds of work that first start need not wait for), with
  // their own marker: a process stopped half-way rolls the import back and the next start loads them again.
  const [rulesDone] = await db.query(`select 1 from app_meta where key = 'demo_wisconsin_rules'`);
  if (!rulesDone) {
    const sharedDataDir = options.sharedDataDir ?? resolve(process.cwd(), '../shared/data');
    const started = Date.now();
    const loading = seedWisconsinRules(db, sharedDataDir)
      .then(async (rules) => {
        await db.query(`insert into app_meta (key, value) values ('demo_wisconsin_rules', $1) on conflict (key) do nothing`, [String(rules)]);
        logger.info('demo_rules_loaded', { ms: Date.now() - started, rules });
      })
      .catch((error: unknown) => logger.warn('demo_rules_not_loaded', { message: error instanceof Error ? error.message : String(error) }));
    if (options.waitForRules) await loading;
  }
  // Degree programs from reference-data/programs (a few seconds), with their own marker like the rules.
  const [programsDone] = await db.query(`select 1 from app_meta where key = 'demo_programs'`);
  if (!programsDone) {
    const { loaded, failed } = await loadAllProgramsSets(db);
    await db.query(`insert into app_meta (key, value) values ('demo_programs', $1) on conflict (key) do nothing`, [loaded.join(',')]);
    logger.info('demo_programs_loaded', { loaded, failed });
  }
  if (config.isProduction) return [];
  for (const account of DEMO_ACCOUNTS) await ensureAccount(deps, account);
  return DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password }));
}

async function ensureAccount(deps: AppDeps, account: (typeof DEMO_ACCOUNTS)[number]) {
  const [existing] = await deps.db.query<{ id: string }>(`select id from "user" where lower(email) = lower($1)`, [account.email]);
  let userId = existing?.id;
  if (!userId) {
    const created = await deps.auth.api.signUpEmail({ body: { email: account.email, password: account.password, name: account.name } });
    userId = created.user.id;
  }
  const role = account.role === 'admin' ? 'admin,student' : 'student';
  await deps.db.query(`update "user" set role = $2, "emailVerified" = true where id = $1`, [userId, role]);
  await deps.db.query(
    `insert into student_profiles (user_id, full_name, current_school, intended_major) values ($1, $2, $3, $4) on conflict (user_id) do nothing`,
    [userId, account.name, account.role === 'student' ? 'Valencia College' : '', account.role === 'student' ? 'Economics' : ''],
  );
  if (account.role === 'student') await seedDemoAppeals(deps.db, userId);
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
    for (const alias of [school.name, school.key, ...school.aliases]) {
      await tx.query(
        `insert into institution_aliases (alias_normalized, alias, institution_id) values ($1, $2, $3) on conflict (alias_normalized) do nothing`,
        [normalizeSchoolName(alias), alias, row?.id],
      );
    }
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
        sample.term,
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

async function seedRealCatalogues(db: Queryable, sharedDataDir: string): Promise<string[]> {
  const loaded: string[] = [];
  const ids = await institutionIds(db);
  for (const catalogue of REAL_CATALOGUES) {
    const file = resolve(sharedDataDir, 'catalogs', catalogue.folder, 'courses.csv');
    const institutionId = ids.get(catalogue.institutionKey);
    if (!existsSync(file) || institutionId === undefined) continue;
    const parser = createCsvRowParser();
    const [, ...records] = [...parser.push(readFileSync(file, 'utf8')), ...parser.end()].map((row) => row.fields);
    const rows = records
      .filter((record) => record.length >= 4 && record[1] && record[2] && record[3])
      .map(([, subject = '', number = '', title = '', credits = '', description = '']) => {
        const numeric = /^\d+(\.\d+)?$/.test(credits.trim()) ? Number(credits) : null;
        return [institutionId, subject.trim(), number.trim(), title.trim(), numeric, credits.trim() || null, description.trim() || null];
      });
    await bulkInsert(
      db,
      {
        table: 'courses',
        columns: [
          ['institution_id', 'int'],
          ['subject', 'text'],
          ['number', 'text'],
          ['title', 'text'],
          ['credits', 'numeric'],
          ['credits_text', 'text'],
          ['description', 'text'],
        ],
        onConflict: 'on conflict (institution_id, subject, number) do nothing',
      },
      rows,
    );
    loaded.push(catalogue.folder);
  }
  return loaded;
}

/** Only the rows whose target is UW-Madison: a real, useful slice (about 5,300 rules) that loads in a few seconds. */
async function* wisconsinRulesInto(file: string, targetUniversity: string): AsyncGenerator<string> {
  const parser = createCsvRowParser();
  let targetColumn = -1;
  const keep = (rows: Array<{ fields: string[] }>) => {
    const lines: string[] = [];
    for (const row of rows) {
      if (targetColumn < 0) {
        targetColumn = row.fields.findIndex((name) => name.trim().toLowerCase() === 'target_university');
        lines.push(formatCsvLine(row.fields));
      } else if (row.fields[targetColumn] === targetUniversity) lines.push(formatCsvLine(row.fields));
    }
    return lines.length > 0 ? `${lines.join('\n')}\n` : '';
  };
  const decoder = new TextDecoder();
  for await (const chunk of createReadStream(file)) {
    const text = keep(parser.push(decoder.decode(chunk as Buffer, { stream: true })));
    if (text) yield text;
  }
  const rest = keep(parser.end());
  if (rest) yield rest;
}

/** Real Wisconsin transfer rules into UW-Madison, through the same import an admin uses. */
async function seedWisconsinRules(db: Database, sharedDataDir: string): Promise<number> {
  const file = resolve(sharedDataDir, 'equivalencies', 'wisconsin-transfer-rules.csv');
  if (!existsSync(file)) return 0;
  const result = await importEquivalencyCsv({ db, input: wisconsinRulesInto(file, 'UW-Madison'), actor: { id: null, email: 'demo seed' } });
  return result.inserted + result.unchanged;
}
