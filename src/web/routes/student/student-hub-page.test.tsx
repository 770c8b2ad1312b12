// @vitest-environment jsdom
import type { StudentAppealSummary, StudentMe } from '@shared/schemas/student';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reloadAccount, renderWithApp } from '../../../../tests/support/web-render';
import StudentHubPage from './student-hub-page';

const student = { id: 'u1', email: 'maria@school.edu', name: 'Maria', roles: ['student'], twoFactorEnabled: false };
const appeal = (changes: Partial<StudentAppealSummary>): StudentAppealSummary => ({
  id: 'a1',
  courseName: 'Social Problems',
  createdAt: '2026-11-18T10:00:00Z',
  status: 'submitted',
  targetSchool: 'University of Florida',
  decision: null,
  studentMessage: null,
  changedSinceLastVisit: false,
  ...changes,
});
const me = (appeals: StudentAppealSummary[]): StudentMe => ({
  role: 'student',
  roles: ['student'],
  email: student.email,
  profile: { fullName: 'Maria Lopez', currentSchool: 'Valencia College', intendedMajor: '', targetSchools: [] },
  favorites: [],
  transcripts: [],
  appeals,
  savedSearches: [],
});

describe('the credit appeal center', () => {
  it('shows Approved or Denied with the office’s message, marks what changed since the last visit, then records the visit', async () => {
    const api = fakeApi({
      'GET /api/account/session': { body: { account: student } },
      'GET /api/announcements': { body: { announcements: [] } },
      'GET /api/student/me': {
        body: me([
          appeal({ id: 'a1', courseName: 'Social Problems', status: 'resolved', decision: 'denied', studentMessage: 'A D does not transfer.', changedSinceLastVisit: true }),
          appeal({ id: 'a2', courseName: 'Drawing I', status: 'resolved', decision: 'approved', studentMessage: null }),
          appeal({ id: 'a3', courseName: 'Statistics', status: 'in_review' }),
        ]),
      },
      'POST /api/student/appeals/seen': { status: 204 },
    });
    await reloadAccount();
    renderWithApp(<StudentHubPage />, { url: '/student' });
    const center = await screen.findByRole('region', { name: 'Credit appeal center' });
    expect(within(center).getByRole('status')).toHaveTextContent('1 appeal has changed since your last visit.');
    const [denied, approved, open] = within(center).getAllByRole('listitem');
    expect(within(denied!).getByText('denied', { exact: true })).toHaveClass('capitalize');
    expect(denied).toHaveTextContent('New');
    expect(denied).toHaveTextContent('From the transfer office: A D does not transfer.');
    expect(within(approved!).getByText('approved', { exact: true })).toBeInTheDocument();
    expect(approved).not.toHaveTextContent('New');
    expect(within(open!).getByText('in review', { exact: true })).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST /api/student/appeals/seen')).toHaveLength(1));
    // The marks stay for this visit.
    expect(denied).toHaveTextContent('New');
  });
});
