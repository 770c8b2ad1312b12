import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails } from '../../src/shared/schemas/course';
import { createCourse, createInstitution, createOffering, createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/courses/:id', () => {
  it('answers the course, its offerings and where it transfers, with the rule behind each answer', async () => {
    const { db } = testApp.deps;
    const from = await createInstitution(db, { name: 'Details Community College', state: 'FL' });
    const toA = await createInstitution(db, { name: 'Alpha University' });
    const toB = await createInstitution(db, { name: 'Beta University' });
    const course = await createCourse(db, from.id, { subject: 'CHM', number: '2045', title: 'General Chemistry I', credits: 3, description: 'Atoms and bonds.' });
    await createCourse(db, from.id, { subject: 'CHM', number: '2045L', title: 'General Chemistry I Lab', credits: 1 });
    await createOffering(db, course.id, { term: 'fall-2024', deliveryFormat: 'in-person', professor: null, rating: null, tuitionCents: null, isSample: false });
    const direct = await createRule(db, {
      from: from.id,
      to: toA.id,
      sources: [{ subject: 'CHM', number: '2045' }],
      targets: [{ subject: 'CHM', number: '1045', title: 'General Chemistry I', credits: 3 }],
      minGrade: 'C',
      effectiveFromTerm: 'fall-2023',
      origin: 'csv',
      notes: 'Registrar table 2024',
    });
    const combined = await createRule(db, {
      from: from.id,
      to: toB.id,
      sources: [
        { subject: 'CHM', number: '2045', title: 'General Chemistry I', credits: 3 },
        { subject: 'CHM', number: '2045L', title: 'General Chemistry I Lab', credits: 1 },
      ],
      targets: [{ subject: 'CHEM', number: '103', title: 'General Chemistry', credits: 4 }],
      creditsAwarded: 4,
      origin: 'admin',
    });
    // A rule about another course at the same school is not this course's.
    await createRule(db, { from: from.id, to: toA.id, sources: [{ subject: 'CHM', number: '2045L' }], targets: [{ subject: 'CHM', number: '1045L' }] });

    const response = await testApp.app.request(`/api/courses/${course.id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as CourseDetails;
    expect(body.course).toEqual({
      id: course.id,
      school: { key: from.key, name: from.name, state: 'FL', institutionType: 'Public', website: null },
      subject: 'CHM',
      number: '2045',
      courseNumber: 'CHM 2045',
      title: 'General Chemistry I',
      credits: '3',
      description: 'Atoms and bonds.',
      alsoListedAs: [],
    });
    expect(body.offerings).toEqual([
      expect.objectContaining({ term: 'Fall 2024', deliveryFormat: 'In-Person', professor: null, rating: null, tuition: null, isSample: false }),
    ]);
    expect(body.transfers).toEqual([
      {
        ruleId: direct.id,
        toSchool: { key: toA.key, name: 'Alpha University' },
        status: 'fully',
        verdictClass: 'specific-course',
        equivalentAt: 'Alpha University: CHM 1045 General Chemistry I',
        transferNote: null,
        targets: [{ subject: 'CHM', number: '1045', title: 'General Chemistry I', credits: 3, isElective: false }],
        alsoRequires: [],
        creditsAwarded: 3,
        creditUnit: null,
        minGrade: 'C',
        effectiveFromTerm: 'Fall 2023',
        effectiveToTerm: null,
        termNote: null,
        origin: 'csv',
        notes: 'Registrar table 2024',
        approval: null,
      },
      expect.objectContaining({
        ruleId: combined.id,
        toSchool: { key: toB.key, name: 'Beta University' },
        status: 'fully',
        alsoRequires: [{ subject: 'CHM', number: '2045L', title: 'General Chemistry I Lab', credits: 1 }],
        creditsAwarded: 4,
        creditUnit: null,
        origin: 'admin',
      }),
    ]);
  });

  it('marks a rule out of its effective terms as not transferring now, naming the terms it covers', async () => {
    const { db } = testApp.deps;
    const from = await createInstitution(db, { name: 'Old Terms College' });
    const to = await createInstitution(db, { name: 'Old Terms University' });
    const course = await createCourse(db, from.id, { subject: 'OTC', number: '1010', title: 'Old Terms' });
    const rule = await createRule(db, { from: from.id, to: to.id, sources: [{ subject: 'OTC', number: '1010' }], targets: [{ subject: 'OTC', number: '110', title: 'Old' }], effectiveFromTerm: 'fall-2001', effectiveToTerm: 'spring-2003' });
    const body = (await (await testApp.app.request(`/api/courses/${course.id}`)).json()) as CourseDetails;
    expect(body.transfers).toEqual([
      expect.objectContaining({
        ruleId: rule.id,
        status: 'not-transferable',
        verdictClass: 'does-not-transfer',
        equivalentAt: null,
        transferNote: null,
        effectiveFromTerm: 'Fall 2001',
        effectiveToTerm: 'Spring 2003',
        termNote: expect.stringMatching(/^Only for courses taken from Fall 2001 to Spring 2003, not in (Spring|Summer|Fall) \d{4}\.$/),
      }),
    ]);
  });

  it('answers a course with no rules and no offerings with empty lists', async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db);
    const course = await createCourse(db, school.id);
    const body = (await (await testApp.app.request(`/api/courses/${course.id}`)).json()) as CourseDetails;
    expect(body.offerings).toEqual([]);
    expect(body.transfers).toEqual([]);
  });

  it('answers 404 JSON for an unknown id', async () => {
    const response = await testApp.app.request('/api/courses/999999');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No course with this id.' });
  });

  it.each(['abc', '0', '-4', '1.5'])('answers 400 naming id for %s', async (id) => {
    const response = await testApp.app.request(`/api/courses/${id}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Array<{ field: string }> };
    expect(body.error).toMatch(/^id: /);
    expect(body.fields[0]?.field).toBe('id');
  });
});
