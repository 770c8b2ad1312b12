// @vitest-environment jsdom
import type { AdminAppeal, AppealEvidence } from '@shared/schemas/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { currentLocation, fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import AdminAppealsPage from './admin-appeals-page';

const appealOf = (n: number, changes: Partial<AdminAppeal> = {}): AdminAppeal => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  userId: `u${n}`,
  courseName: `Course ${n}`,
  courseCode: `SYG 201${n}`,
  currentSchool: 'Valencia College',
  targetSchool: 'University of Florida',
  notes: `Note ${n}`,
  syllabusLink: null,
  syllabusFile: null,
  student: { name: `Student ${n}`, email: `s${n}@school.edu`, major: '', currentSchool: 'Valencia College' },
  status: 'submitted',
  decision: null,
  studentMessage: null,
  createdRuleId: null,
  // Long past: every open appeal here is overdue.
  createdAt: `2026-01-0${n}T10:00:00.000Z`,
  updatedAt: `2026-01-0${n}T10:00:00.000Z`,
  adminNotes: '',
  version: 1,
  dueAt: `2026-01-0${n + 3}T23:59:59.999Z`,
  courseRow: null,
  ...changes,
});

const appeals = [appealOf(1), appealOf(2), appealOf(3)];
const evidence: AppealEvidence = {
  row: {
    subject: 'SYG',
    number: '2011',
    title: 'Social Problems',
    grade: 'D',
    term: 'Fall 2025',
    credits: 3,
    status: 'NO_TRANSFER',
    verdictClass: 'does-not-transfer',
    reason: 'Needs at least a C',
    transfersTo: null,
    ruleId: null,
    suggestions: [{ subject: 'SOC', number: '2100', title: 'Social Problems', score: 0.8, why: ['same title'] }],
    matchedByCode: false,
  },
  correction: null,
  transcript: { id: 't1', fileName: 'spring.pdf', fileUrl: '/api/admin/students/u1/transcripts/t1/file', fromSchool: 'Valencia College', toSchool: 'University of Florida', summary: null, analysedAt: '2026-01-01T00:00:00.000Z' },
};

function queueApi() {
  return fakeApi({
    'GET /api/admin/appeals': { body: { appeals, nextCursor: null } },
    'GET /api/admin/appeals/counts': { body: { byStatus: { submitted: 3, in_review: 5, resolved: 7 }, schools: ['Florida State University', 'University of Florida'] } },
    'GET /api/admin/appeals/00000000-0000-4000-8000-000000000001': { body: { appeal: appeals[0], history: [], evidence } },
    'GET /api/admin/appeals/00000000-0000-4000-8000-000000000002': { body: { appeal: appeals[1], history: [], evidence } },
    'POST /api/admin/appeals/update': (request) => ({ body: { appeal: { ...appeals[1], status: (request.body as { status: string }).status, version: 2 } } }),
    'POST /api/admin/appeals/mark-in-review': { body: { updated: [appealOf(1, { status: 'in_review' })], skipped: [{ id: appeals[2]!.id, reason: 'Already in review.' }] } },
  });
}

const key = (k: string) => fireEvent.keyDown(window, { key: k });

beforeAll(() => {
  // jsdom lays nothing out: the page's scrolling of the chosen row into view has nothing to do here.
  Element.prototype.scrollIntoView = vi.fn();
});

describe('the appeals queue', () => {
  it('asks for the submitted appeals oldest first, shows counts beside the spec filters, and marks what is overdue', async () => {
    const api = queueApi();
    renderWithApp(<AdminAppealsPage />, { url: '/admin/appeals' });
    await screen.findByText('Course 1', { selector: 'span' });
    expect(api.to('GET /api/admin/appeals')[0]?.url).toBe('/api/admin/appeals?status=submitted&sort=due');
    const filters = screen.getByRole('group', { name: 'Filter by status' });
    await waitFor(() => expect(within(filters).getByRole('button', { name: /^Submitted/ })).toHaveTextContent('Submitted3'));
    expect(within(filters).getByRole('button', { name: /^All appeals/ })).toHaveTextContent('All appeals15');
    expect(within(filters).getByRole('button', { name: /^Pending/ })).toHaveTextContent('Pending8');
    expect(screen.getAllByText(/^Overdue: was due/).length).toBeGreaterThanOrEqual(3);

    fireEvent.change(screen.getByLabelText('School'), { target: { value: 'University of Florida' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'school' } });
    await waitFor(() => expect(api.to('GET /api/admin/appeals').at(-1)?.url).toBe('/api/admin/appeals?status=submitted&sort=school&school=University+of+Florida'));
    expect(api.to('GET /api/admin/appeals/counts').at(-1)?.url).toBe('/api/admin/appeals/counts?school=University+of+Florida');
  });

  it('moves down the queue with j and k and acts on the open appeal with i, showing its evidence', async () => {
    const api = queueApi();
    renderWithApp(<AdminAppealsPage />, { url: '/admin/appeals' });
    const detail = await screen.findByRole('article', { name: 'Appeal details' });
    expect(within(detail).getByRole('heading', { name: 'Course 1' })).toBeInTheDocument();
    expect(within(detail).getByText('Needs at least a C')).toBeInTheDocument();
    expect(within(detail).getByText(/The engine suggested \(a guess, not a rule\)/)).toBeInTheDocument();

    key('j');
    await waitFor(() => expect(currentLocation()).toContain('highlight=00000000-0000-4000-8000-000000000002'));
    await screen.findByRole('heading', { name: 'Course 2' });
    key('k');
    await waitFor(() => expect(currentLocation()).toContain('highlight=00000000-0000-4000-8000-000000000001'));
    key('j');
    await screen.findByRole('heading', { name: 'Course 2' });

    key('i');
    await waitFor(() => expect(api.to('POST /api/admin/appeals/update')).toHaveLength(1));
    expect(api.to('POST /api/admin/appeals/update')[0]?.body).toMatchObject({ appealId: appeals[1]!.id, status: 'in_review', expectedVersion: 1 });
    // Typing in a field is typing, not a shortcut.
    fireEvent.keyDown(screen.getByLabelText('Search appeals'), { key: 'j' });
    expect(currentLocation()).toContain('highlight=00000000-0000-4000-8000-000000000002');
  });

  it('goes on from where the open appeal was once a decision moves it out of the filtered list', async () => {
    const four = [appealOf(1), appealOf(2), appealOf(3), appealOf(4)];
    let movedOut = false;
    fakeApi({
      // Once the third is in review, the submitted list no longer has it.
      'GET /api/admin/appeals': () => ({ body: { appeals: movedOut ? four.filter((appeal) => appeal.id !== four[2]!.id) : four, nextCursor: null } }),
      'GET /api/admin/appeals/counts': { body: { byStatus: { submitted: 4, in_review: 0, resolved: 0 }, schools: [] } },
      ...Object.fromEntries(four.map((appeal) => [`GET /api/admin/appeals/${appeal.id}`, { body: { appeal, history: [], evidence } }])),
      'POST /api/admin/appeals/update': () => {
        movedOut = true;
        return { body: { appeal: { ...four[2]!, status: 'in_review', version: 2 } } };
      },
    });
    const { queryClient } = renderWithApp(<AdminAppealsPage />, { url: `/admin/appeals?highlight=${four[2]!.id}` });
    await screen.findByRole('heading', { name: 'Course 3' });
    await screen.findByText('Course 4', { selector: 'span' });
    key('i');
    await waitFor(() => expect(movedOut).toBe(true));
    // The saved appeal stays in place in the list until a refresh of the list lands (a refocus, another page).
    await queryClient.refetchQueries();
    await waitFor(() => expect(screen.queryByText('Course 3', { selector: 'span' })).not.toBeInTheDocument());
    key('j');
    // The row that took its place (Course 4), not the second row from the top.
    await waitFor(() => expect(currentLocation()).toContain(`highlight=${four[3]!.id}`));
  });

  it('marks the ticked appeals in review in one request and says which were left as they were', async () => {
    const api = queueApi();
    renderWithApp(<AdminAppealsPage />, { url: '/admin/appeals' });
    fireEvent.click(await screen.findByLabelText('Tick Course 1 from Student 1'));
    fireEvent.click(screen.getByLabelText('Tick Course 3 from Student 3'));
    const bulk = screen.getByRole('region', { name: 'Bulk change' });
    expect(bulk).toHaveTextContent('2 ticked');
    fireEvent.click(within(bulk).getByRole('button', { name: 'Mark in review' }));
    await waitFor(() => expect(api.to('POST /api/admin/appeals/mark-in-review')).toHaveLength(1));
    expect(api.to('POST /api/admin/appeals/mark-in-review')[0]?.body).toEqual({ appealIds: [appeals[0]!.id, appeals[2]!.id] });
    expect(await screen.findByText(/1 marked in review; each student was e-mailed\. 1 left as they were: Already in review\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk change' })).not.toBeInTheDocument();
  });

  it('says what to do when the list cannot be loaded', async () => {
    fakeApi({
      'GET /api/admin/appeals': { status: 500, body: { error: 'Internal error' } },
      'GET /api/admin/appeals/counts': { body: { byStatus: { submitted: 0, in_review: 0, resolved: 0 }, schools: [] } },
    });
    renderWithApp(<AdminAppealsPage />, { url: '/admin/appeals' });
    expect(await screen.findByText('Unable to load appeals. Reload the page, or try again in a minute.')).toBeInTheDocument();
  });
});
