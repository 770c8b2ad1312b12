// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { CourseSearchResult } from '@shared/schemas/course';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../tests/support/web-render';
import { CourseResultCard } from './course-result-card';

const catalogueOnly: CourseSearchResult = {
  id: 12,
  school: 'Valencia College',
  schoolKey: 'valencia',
  state: 'FL',
  courseName: 'General Psychology',
  courseNumber: 'PSY 2012',
  deliveryFormat: null,
  transferStatus: 'fully',
  verdictClass: 'specific-course',
  credits: '3',
  professor: null,
  rating: null,
  term: null,
  tuition: null,
  equivalentAt: 'University of Central Florida: PSY 2012 General Psychology',
  transferNote: null,
  reason: null,
  knownFrom: 'catalogue',
  alsoListedAs: [],
  termNote: null,
  registrationLink: null,
  rateMyProfLink: null,
  institutionType: 'Public',
  isAvailable: null,
  isSample: false,
  offeringCount: 0,
  schedule: null,
};

describe('CourseResultCard', () => {
  it('leaves out the facts a course has no value for, instead of "Not listed" five times', () => {
    renderWithApp(<CourseResultCard result={catalogueOnly} targetKey="ucf" />);
    expect(screen.queryByText('Not listed')).not.toBeInTheDocument();
    for (const label of ['Term', 'Tuition', 'Professor', 'Rating']) expect(screen.queryByText(label)).not.toBeInTheDocument();
    expect(screen.getByText('Credits')).toBeInTheDocument();
    expect(screen.getByText('Institution')).toBeInTheDocument();
  });

  it('links to the course page with the destination searched for', () => {
    renderWithApp(<CourseResultCard result={catalogueOnly} targetKey="ucf" />);
    expect(screen.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/course/12?to=ucf');
  });
});
