import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/client';
import { decideForCourses } from '../../src/server/features/equivalencies';
import { STUDENT_CONFIDENCE_THRESHOLD } from '../../src/server/features/equivalencies/engine/student-suggestions';
import { createCourse, createInstitution, createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The database, counting the statements sent through it. */
function counting(db: Queryable): { db: Queryable; count: () => number } {
  let statements = 0;
  const counted: Queryable = {
    query: (text, params) => {
      statements += 1;
      return db.query(text, params);
    },
    exec: (text) => {
      statements += 1;
      return db.exec(text);
    },
    copyFrom: (table, columns, rows) => {
      statements += 1;
      return db.copyFrom(table, columns, rows);
    },
  };
  return { db: counted, count: () => statements };
}

describe('the equivalency engine on the database', () => {
  it('answers a 40-course transcript with the same few statements as a single course, not one per row', async () => {
    const from = await createInstitution(t.deps.db);
    const to = await createInstitution(t.deps.db);
    const courses = Array.from({ length: 40 }, (_, index) => ({ subject: 'HIS', number: String(1000 + index), title: `History topic ${index}`, credits: 3, grade: 'B' }));
    for (const course of courses.slice(0, 20)) {
      await createRule(t.deps.db, { from: from.id, to: to.id, sources: [{ subject: course.subject, number: course.number }], targets: [{ subject: 'HIST', number: course.number }] });
    }
    await createCourse(t.deps.db, to.id, { subject: 'HIST', number: '2999', title: 'History topic seminar' });

    const one = counting(t.deps.db);
    await decideForCourses(one.db, { fromInstitutionId: from.id, toInstitutionId: to.id, courses: courses.slice(0, 1) });
    const forty = counting(t.deps.db);
    const { decisions } = await decideForCourses(forty.db, { fromInstitutionId: from.id, toInstitutionId: to.id, courses });

    expect(decisions).toHaveLength(40);
    expect(decisions.filter((decision) => decision.status === 'DIRECT')).toHaveLength(20);
    expect(forty.count()).toBe(one.count());
    // The first time a destination is seen its candidate pool is loaded (two statements); after, one checks it.
    expect(forty.count()).toBeLessThanOrEqual(7);
    const again = forty.count();
    await decideForCourses(forty.db, { fromInstitutionId: from.id, toInstitutionId: to.id, courses });
    expect(forty.count() - again).toBeLessThanOrEqual(5);
  });

  it("suggests what the course's own rules into other schools name, when no rule covers it here", async () => {
    const college = await createInstitution(t.deps.db);
    const university = await createInstitution(t.deps.db);
    const elsewhere = [await createInstitution(t.deps.db), await createInstitution(t.deps.db)];
    for (const other of elsewhere) {
      await createRule(t.deps.db, { from: college.id, to: other.id, sources: [{ subject: 'SOC', number: '201' }], targets: [{ subject: 'PSYC', number: '110', title: 'Human Behavior and Society' }] });
    }
    // The destination's catalogue: the course's own title points at neither, the rules elsewhere at the second.
    await createCourse(t.deps.db, university.id, { subject: 'PSYC', number: '150', title: 'Research Methods' });
    await createCourse(t.deps.db, university.id, { subject: 'PSYC', number: '320', title: 'Human Behavior and Society' });

    const { decisions, suggestions } = await decideForCourses(t.deps.db, {
      fromInstitutionId: college.id,
      toInstitutionId: university.id,
      courses: [{ subject: 'SOC', number: '201', title: 'Psychology of Groups', credits: 3, grade: 'A' }],
    });
    const [decision] = decisions;
    expect(decision?.status).toBe('NEEDS_EVAL');
    // The registrar's first suggestion, with its evidence; one title match elsewhere is not sure enough for the student.
    const [first] = suggestions[0] ?? [];
    expect(first).toMatchObject({ subject: 'PSYC', number: '320', evidence: { transfersElsewhereAs: 'Human Behavior and Society' } });
    expect(first?.why.join(' ')).toMatch(/transfers to other schools as "Human Behavior and Society"/);
    expect(first?.confidence).toBeLessThan(STUDENT_CONFIDENCE_THRESHOLD);
    expect(decision?.candidates).toBeUndefined();
  });
});
