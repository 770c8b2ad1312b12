// @vitest-environment jsdom
import type { StudentAppealSummary, StudentMe, StudentTranscript } from '@shared/schemas/student';
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

describe('recent transcripts (issue 40)', () => {
  const upload = (id: string, changes: Partial<StudentTranscript>): StudentTranscript => ({
    id,
    key: `transcripts/${id}`,
    url: `/api/student/transcripts/${id}/file`,
    name: 't3002.pdf',
    size: 40_000,
    uploadedAt: '2026-11-27T14:05:00Z',
    status: 'done',
    uploadedFrom: 'search',
    destination: 'Florida State University',
    noCourses: null,
    ...changes,
  });

  it('names each upload’s destination and date, and counts a file not yet said to be a transcript nowhere', async () => {
    fakeApi({
      'GET /api/account/session': { body: { account: student } },
      'GET /api/announcements': { body: { announcements: [] } },
      'GET /api/student/me': {
        body: {
          ...me([]),
          transcripts: [
            upload('t1', {}),
            upload('t2', { destination: 'University of Central Florida', uploadedAt: '2026-11-26T09:30:00Z' }),
            upload('t3', { name: 'letter.jpg', status: 'failed', uploadedFrom: 'profile', noCourses: { state: 'asked', discardsAt: '2026-12-04T09:00:00Z' } }),
          ],
        },
      },
      'POST /api/student/appeals/seen': { status: 204 },
    });
    await reloadAccount();
    renderWithApp(<StudentHubPage />, { url: '/student' });
    const recent = await screen.findByRole('region', { name: 'Recent transcripts' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/uploaded on the search screen Nov 27, 2026, .*for Florida State University/);
    expect(items[1]).toHaveTextContent(/Nov 26, 2026, .*for University of Central Florida/);
    expect(screen.getByTestId('count-transcripts')).toHaveTextContent('2');
    expect(within(recent).getByRole('status')).toHaveTextContent('We found no courses in a file you uploaded. Tell us whether it is a transcript.');
  });
});
