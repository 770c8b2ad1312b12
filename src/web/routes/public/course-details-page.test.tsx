// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { CourseDetails, CourseTransfer } from '@shared/schemas/course';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import CourseDetailsPage from './course-details-page';

const transfer = (key: string, name: string, number: string): CourseTransfer => ({
  ruleId: null,
  toSchool: { key, name },
  status: 'fully',
  verdictClass: 'specific-course',
  equivalentAt: `${name}: PSY ${number} General Psychology`,
  transferNote: null,
  targets: [{ subject: 'PSY', number, title: 'General Psychology', credits: 3, isElective: false }],
  alsoRequires: [],
  creditsAwarded: 3,
  creditUnit: null,
  minGrade: null,
  effectiveFromTerm: null,
  effectiveToTerm: null,
  termNote: null,
  origin: 'statewide-numbering',
  notes: null,
  approval: null,
});

const details: CourseDetails = {
  course: {
    id: 7,
    school: { key: 'valencia', name: 'Valencia College', state: 'FL', institutionType: 'Public', website: null },
    subject: 'PSY',
    number: '2012',
    courseNumber: 'PSY 2012',
    title: 'General Psychology',
    credits: '3',
    description: null,
    alsoListedAs: [],
  },
  offerings: [],
  // Three different answers (each school's own number), so each keeps its card.
  transfers: [transfer('fiu', 'Florida International University', '2012'), transfer('fsu', 'Florida State University', '2013'), transfer('ucf', 'University of Central Florida', '2014')],
  otherCodesTransfers: [],
};

const schoolsInOrder = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('/course/:id', () => {
  it('lists the school the student searched for first (?to=), saying so', async () => {
    fakeApi({ 'GET /api/courses/7': { body: details } });
    renderWithApp(<CourseDetailsPage />, { url: '/course/7?to=ucf', path: '/course/:id' });
    await screen.findByRole('heading', { level: 1, name: 'General Psychology' });
    expect(schoolsInOrder()).toEqual(['University of Central Florida', 'Florida International University', 'Florida State University']);
    expect(screen.getByText('The school you searched for')).toBeInTheDocument();
  });

  it('keeps the server’s order without a searched school', async () => {
    fakeApi({ 'GET /api/courses/7': { body: details } });
    renderWithApp(<CourseDetailsPage />, { url: '/course/7', path: '/course/:id' });
    await screen.findByRole('heading', { level: 1, name: 'General Psychology' });
    expect(schoolsInOrder()).toEqual(['Florida International University', 'Florida State University', 'University of Central Florida']);
    expect(screen.queryByText('The school you searched for')).not.toBeInTheDocument();
  });

  it('shows one answer statewide numbering gives at many schools once, naming the schools; the searched school keeps its own card', async () => {
    const schools = ['fiu', 'fsu', 'ucf', 'usf', 'uwf'].map((key) => transfer(key, `${key.toUpperCase()} University`, '2012'));
    fakeApi({ 'GET /api/courses/7': { body: { ...details, transfers: schools } } });
    renderWithApp(<CourseDetailsPage />, { url: '/course/7?to=ucf', path: '/course/:id' });
    await screen.findByRole('heading', { level: 1, name: 'General Psychology' });
    expect(schoolsInOrder()).toEqual(['UCF University', '4 schools']);
    expect(screen.getByText('The same answer at FIU University, FSU University, USF University and 1 more.')).toBeInTheDocument();
    expect(screen.getByText('All 4 schools')).toBeInTheDocument();
    expect(screen.getAllByText('Counts as PSY 2012 General Psychology')).toHaveLength(2);
  });
});
