// @vitest-environment jsdom
import type { TranscriptResponse, TranscriptResultItem } from '@shared/schemas/transcripts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { schoolSearch } from '../../../../tests/support/fake-schools';
import { analysedReport, reportItem } from '../../../../tests/support/report-factories';
import { fakeApi, heldAnswer, reloadAccount, renderWithApp } from '../../../../tests/support/web-render';
import { TranscriptReport } from './transcript-report';
import type { TranscriptAnalysis } from './use-transcript-analysis';

const item = reportItem;
const report: TranscriptResponse = analysedReport([item('r1', 'ENC', '1101', 'DIRECT'), item('r2', 'ART', '1300', 'NO_TRANSFER')]);

const analysis = { report, sample: false } as TranscriptAnalysis;
const student = { id: 'u1', email: 'maria@school.edu', name: 'Maria', roles: ['student'], twoFactorEnabled: false };

async function openAppeal(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ 'GET /api/account/session': { body: { account: student } }, ...routes });
  await reloadAccount();
  renderWithApp(<TranscriptReport analysis={analysis} onTryAnother={vi.fn()} />, { url: '/search?transcript=t1' });
  const rows = screen.getAllByRole('listitem');
  expect(within(rows[0]!).queryByRole('button', { name: 'Request Appeal' })).not.toBeInTheDocument();
  fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Request Appeal' }));
  return { api, dialog: await screen.findByRole('dialog', { name: 'Submit an Appeal' }) };
}

describe('the report’s appeal dialog', () => {
  it('sends the row, the schools and the note, shows it is submitting, then says it was sent and closes', async () => {
    const post = heldAnswer({ status: 201, body: { appeal: { id: 'a1', status: 'submitted', createdAt: '2026-11-24T08:00:00Z' } } });
    const { api, dialog } = await openAppeal({ 'POST /api/appeals': post.handler });
    fireEvent.change(within(dialog).getByLabelText('Why should this course transfer?'), { target: { value: 'Same topics as ART 1300C.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Appeal' }));
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(api.to('POST /api/appeals')[0]?.body).toEqual({ transcriptId: 't1', subject: 'ART', number: '1300', institutionId: 3, toInstitutionId: 4, note: 'Same topics as ART 1300C.' });
    post.release();
    expect(await screen.findByText('Appeal submitted to your transfer school.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/Appeal on file/)).toBeInTheDocument();
  });

  it('gives focus back to the Request Appeal button when the dialog closes, and to its row once the appeal is on file', async () => {
    const { dialog } = await openAppeal({ 'POST /api/appeals': { status: 201, body: { appeal: { id: 'a1', status: 'submitted', createdAt: '2026-11-24T08:00:00Z' } } } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getAllByRole('listitem')[1]!;
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Request Appeal' })).toHaveFocus());

    fireEvent.click(within(row).getByRole('button', { name: 'Request Appeal' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit Appeal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByRole('listitem')[1]).toHaveFocus());
  });

  it('counts one credit as "1 credit"', async () => {
    const oneCredit = { ...report, rows: [{ ...item('r1', 'SLS', '1101', 'DIRECT'), credits: 1 }, item('r2', 'ART', '1300', 'NO_TRANSFER')] };
    fakeApi({ 'GET /api/account/session': { body: { account: student } } });
    await reloadAccount();
    renderWithApp(<TranscriptReport analysis={{ ...analysis, report: oneCredit } as TranscriptAnalysis} onTryAnother={vi.fn()} />, { url: '/search?transcript=t1' });
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent(/^SLS 1101.*1 credit · Grade B/);
    expect(second).toHaveTextContent('3 credits · Grade B');
  });

  it('says an appeal rarely changes a grade that earns no credit, as the server decided it', async () => {
    const failed = { ...report, rows: [item('r1', 'ENC', '1101', 'DIRECT'), { ...item('r2', 'ART', '1300', 'NO_TRANSFER'), grade: 'WF', gradeEarnsNoCredit: true }] };
    fakeApi({ 'GET /api/account/session': { body: { account: student } } });
    await reloadAccount();
    renderWithApp(<TranscriptReport analysis={{ ...analysis, report: failed } as TranscriptAnalysis} onTryAnother={vi.fn()} />, { url: '/search?transcript=t1' });
    fireEvent.click(screen.getByRole('button', { name: 'Request Appeal' }));
    expect(await screen.findByText(/A grade of WF does not earn credit at most schools/)).toBeInTheDocument();
  });

  it('sends an empty note (no presence check) but not one longer than the appeal schema allows', async () => {
    const { api, dialog } = await openAppeal({ 'POST /api/appeals': { status: 201, body: { appeal: { id: 'a1' } } } });
    fireEvent.change(within(dialog).getByLabelText('Why should this course transfer?'), { target: { value: 'x'.repeat(5001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Appeal' }));
    expect(await within(dialog).findByText('Use at most 5,000 characters')).toBeInTheDocument();
    expect(api.to('POST /api/appeals')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Why should this course transfer?'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Appeal' }));
    await waitFor(() => expect(api.to('POST /api/appeals')).toHaveLength(1));
    expect(api.to('POST /api/appeals')[0]?.body).toMatchObject({ note: '' });
  });

  it('shows the server’s error text under the row, and an appeal already on file as on file', async () => {
    await openAppeal({ 'POST /api/appeals': { status: 409, body: { error: 'You have already appealed this course.' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already appealed this course.');
    expect(screen.getByText(/Appeal on file/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Appeal' })).not.toBeInTheDocument();
  });

  it('says what to do when the server gives no reason', async () => {
    await openAppeal({ 'POST /api/appeals': { status: 404, body: {} } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to submit appeal. Please try again in a few minutes.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Request failed');
  });

  it('shows the reason a failing server gives (5xx)', async () => {
    await openAppeal({ 'POST /api/appeals': { status: 503, body: { error: 'Appeals are paused for maintenance until 6 pm. Please send yours after that.' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Appeals are paused for maintenance until 6 pm. Please send yours after that.');
  });
});

describe("the report row's appeal", () => {
  const reportWith = (items: TranscriptResultItem[]) => ({ report: { ...report, rows: items }, sample: false }) as TranscriptAnalysis;
  const rowAppeal = (rowId: string, status: 'submitted' | 'resolved', decision: 'approved' | 'denied' | null, studentMessage: string | null = null) => ({
    rowId,
    appeal: { id: `a-${rowId}`, status, decision, studentMessage, createdAt: '2026-11-20T10:00:00Z' },
    canAppealAgain: decision === 'denied',
    grantedOnAppeal: false,
  });

  it('shows its status or decision with the message, offers no second appeal while one is open, and another after a denial', async () => {
    fakeApi({
      'GET /api/account/session': { body: { account: student } },
      'GET /api/student/transcripts/t1/appeals': {
        body: { rows: [rowAppeal('open', 'submitted', null), rowAppeal('denied', 'resolved', 'denied', 'A D does not transfer; send the replaced grade.')] },
      },
    });
    await reloadAccount();
    renderWithApp(<TranscriptReport analysis={reportWith([item('open', 'SYG', '2010', 'NO_TRANSFER'), item('denied', 'ART', '1300', 'NO_TRANSFER')])} onTryAnother={vi.fn()} />);
    const [open, denied] = screen.getAllByRole('listitem');
    expect(await within(open!).findByText('submitted', { exact: true })).toBeInTheDocument();
    expect(within(open!).queryByRole('button', { name: /Appeal/ })).not.toBeInTheDocument();
    expect(within(denied!).getByText('denied', { exact: true })).toBeInTheDocument();
    expect(within(denied!).getByText('“A D does not transfer; send the replaced grade.”')).toBeInTheDocument();
    fireEvent.click(within(denied!).getByRole('button', { name: 'Appeal again with new evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit an Appeal' });
    expect(within(dialog).getByText(/Your earlier appeal for this course was denied/)).toBeInTheDocument();
  });
});

describe('a row no rule decides whose course is cross-listed', () => {
  it('says what is on file for the other code, and that it is not a decision for this one', () => {
    fakeApi({ 'GET /api/account/session': { body: { account: null } } });
    const waiting = item('r1', 'AFRA', '329', 'NEEDS_EVAL', { crossListed: { courseNumber: 'HIST 333', transfersTo: 'Florida State University: AMH 2091 African American History' } });
    renderWithApp(<TranscriptReport analysis={{ ...analysis, report: { ...report, rows: [waiting] } }} onTryAnother={vi.fn()} />);
    const row = screen.getByRole('listitem');
    expect(within(row).getByText('Also listed as HIST 333:')).toBeInTheDocument();
    expect(within(row).getByText(/transfers as Florida State University: AMH 2091 African American History\. Not a decision for AFRA 329: ask Florida State University to apply it\./)).toBeInTheDocument();
  });
});

describe('a row the office approved on appeal', () => {
  it('reads as approved on appeal, not as the engine’s No Transfer, and the summary says it is not counted', async () => {
    fakeApi({
      'GET /api/account/session': { body: { account: student } },
      'GET /api/student/transcripts/t1/appeals': {
        body: {
          rows: [
            {
              rowId: 'r2',
              appeal: { id: 'a-r2', status: 'resolved', decision: 'approved', studentMessage: 'Your retake counts as ART 1300C.', createdAt: '2026-11-20T10:00:00Z' },
              canAppealAgain: false,
              grantedOnAppeal: true,
            },
          ],
        },
      },
    });
    await reloadAccount();
    renderWithApp(<TranscriptReport analysis={analysis} onTryAnother={vi.fn()} />);
    const granted = screen.getAllByRole('listitem')[1]!;
    expect(await within(granted).findByText('Approved on appeal')).toBeInTheDocument();
    expect(within(granted).queryByText('No Transfer')).not.toBeInTheDocument();
    expect(within(granted).queryByText(/no credit at/)).not.toBeInTheDocument();
    expect(within(granted).getByText(/what Florida State University granted on your appeal/)).toBeInTheDocument();
    expect(within(granted).getByText('Before your appeal:')).toBeInTheDocument();
    expect(within(granted).getByText('“Your retake counts as ART 1300C.”')).toBeInTheDocument();
    expect(screen.getByText(/1 course was approved on appeal after this report was decided: not counted above/)).toBeInTheDocument();
    // The row that transfers by rule is as it was.
    expect(within(screen.getAllByRole('listitem')[0]!).getByText('Direct Transfer')).toBeInTheDocument();
  });
});

describe('the report’s credits from a school on the other calendar', () => {
  it('shows the conversion on the row and says the totals are in the destination’s units', () => {
    fakeApi({ 'GET /api/account/session': { body: { account: null } } });
    const quarterItem = { ...item('r1', 'MATH', '1A', 'NEEDS_EVAL'), credits: 4, creditConversion: { from: 'quarter' as const, to: 'semester' as const, originalCredits: 4, convertedCredits: 2.67 } };
    const quarter = { ...report, rows: [quarterItem], summary: { courses: 1, directTransfers: 0, totalCredits: 2.67, creditsTransferring: 0 } };
    renderWithApp(<TranscriptReport analysis={{ ...analysis, report: quarter }} onTryAnother={vi.fn()} />);
    expect(within(screen.getByRole('listitem')).getByText('4 quarter credits = 2.67 semester credits at Florida State University')).toBeInTheDocument();
    expect(screen.getByText(/Florida State University counts semester credits: your quarter credits are converted \(× 2\/3\)/)).toBeInTheDocument();
    expect(within(screen.getByLabelText('Summary')).getByText('2.67')).toBeInTheDocument();
  });
});

describe('a transcript whose issuing school we could not tell', () => {
  it('asks which school issued it, in the school picker started with the name we read, and sends the school chosen', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch });
    const chooseSchool = vi.fn(async () => undefined);
    const unknown = { ...report, detectedInstitution: null, institutionName: 'Valencia' };
    renderWithApp(<TranscriptReport analysis={{ ...analysis, report: unknown, chooseSchool } as TranscriptAnalysis} onTryAnother={vi.fn()} />, { url: '/search?transcript=t1' });
    const box = screen.getByRole('combobox', { name: /Which school issued this transcript\?/ });
    expect(box).toHaveValue('Valencia');
    fireEvent.click(screen.getByRole('button', { name: 'Use this school' }));
    expect(await screen.findByText('Choose the school from the list.')).toBeInTheDocument();
    expect(chooseSchool).not.toHaveBeenCalled();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Valencia Col' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Valencia College/ }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Use this school' }));
    await waitFor(() => expect(chooseSchool).toHaveBeenCalledWith('valencia'));
  }, 15_000);

  it('does not ask when the school is known', () => {
    fakeApi({});
    renderWithApp(<TranscriptReport analysis={analysis} onTryAnother={vi.fn()} />, { url: '/search?transcript=t1' });
    expect(screen.queryByRole('combobox', { name: /Which school issued this transcript/ })).not.toBeInTheDocument();
  });
});

describe('each row’s badge is its verdict class', () => {
  it('elective, general-education and no credit read as what they are, never "Direct Transfer"; only No Transfer rows offer an appeal', async () => {
    fakeApi({ 'GET /api/account/session': { body: { account: null } } });
    const classes = analysedReport([
      item('r1', 'ENGL', '101', 'DIRECT', { verdictClass: 'specific-course' }),
      item('r2', 'ENGL', '231', 'DIRECT', { verdictClass: 'elective', transfersTo: 'University of New Orleans: ENGL 2000NE No equivalent' }),
      item('r3', 'ENGL', '232', 'DIRECT', { verdictClass: 'general-education' }),
      item('r4', 'MAT', '0018', 'NO_TRANSFER', { verdictClass: 'no-credit' }),
      item('r5', 'ACG', '2930', 'NEEDS_EVAL', { verdictClass: 'not-guaranteed' }),
    ]);
    await reloadAccount();
    renderWithApp(<TranscriptReport analysis={{ report: classes, sample: false } as TranscriptAnalysis} onTryAnother={vi.fn()} />);
    const rows = screen.getAllByRole('listitem');
    const badges = rows.map((row) => row.querySelector('[data-verdict-class]')?.textContent);
    expect(badges).toEqual(['Direct Transfer', 'Elective credit', 'General-education credit', 'No credit', 'Not guaranteed']);
    expect(within(rows[1]!).queryByText('Direct Transfer')).not.toBeInTheDocument();
    expect(rows.map((row) => within(row).queryByRole('button', { name: 'Request Appeal' }) !== null)).toEqual([false, false, false, true, false]);
  });
});
