// @vitest-environment jsdom
import type { TranscriptResponse } from '@shared/schemas/transcripts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { schoolSearch } from '../../../../tests/support/fake-schools';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { TranscriptUploadPanel } from './transcript-upload-panel';
import { useTranscriptAnalysis } from './use-transcript-analysis';

/** The panel with the real analysis behind it, as the search page wires them. */
function Harness({ follow }: { follow?: string }) {
  const analysis = useTranscriptAnalysis();
  return (
    <>
      <TranscriptUploadPanel analysis={analysis} />
      {follow && (
        <button type="button" onClick={() => analysis.follow(follow)}>
          Follow
        </button>
      )}
      {analysis.report && <p>Report: {analysis.report.summary?.courses} courses</p>}
    </>
  );
}

const report = (status: TranscriptResponse['status'], extra: Partial<TranscriptResponse> = {}): { body: TranscriptResponse } => ({
  body: {
    id: 't1',
    source: 'pdf-text',
    error: null,
    status,
    calendar: null,
    progress: status === 'done' ? 100 : 40,
    fileName: 'valencia.pdf',
    detectedInstitution: { id: 3, name: 'Valencia College' },
    institutionName: 'Valencia College',
    destination: { id: 4, key: 'fsu', name: 'Florida State University' },
    summary: status === 'done' ? { courses: 8, directTransfers: 5, totalCredits: 24, creditsTransferring: 15 } : null,
    rows: [],
    removedRows: [],
    expiresAt: null,
    noCourses: null,
    ...extra,
  },
});

/** Types "florida state" in the destination picker and taps the school offered. */
async function chooseSchool() {
  fireEvent.change(screen.getByRole('combobox', { name: 'Transferring to' }), { target: { value: 'florida state' } });
  fireEvent.click(await screen.findByRole('option', { name: /Florida State University/ }, { timeout: 5000 }));
}

async function chooseFileAndSchool() {
  fireEvent.change(screen.getByLabelText('Transcript file'), { target: { files: [new File(['%PDF-1.4'], 'valencia.pdf', { type: 'application/pdf' })] } });
  await chooseSchool();
}

describe('TranscriptUploadPanel with the analysis', () => {
  it('keeps Analyze off until a file and a destination school are both chosen (spec section 5)', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch });
    renderWithApp(<Harness />);
    const analyze = screen.getByRole('button', { name: 'Analyze Transcript' });
    expect(analyze).toBeDisabled();
    await chooseSchool();
    expect(analyze).toBeDisabled();
    // A name typed and not picked is not a destination yet.
    fireEvent.change(screen.getByLabelText('Transcript file'), { target: { files: [new File(['%PDF-1.4'], 'valencia.pdf', { type: 'application/pdf' })] } });
    expect(analyze).toBeEnabled();
    fireEvent.change(screen.getByRole('combobox', { name: 'Transferring to' }), { target: { value: 'Florida Sta' } });
    expect(analyze).toBeDisabled();
    expect(screen.getByText('Pick the school from the list.')).toBeInTheDocument();
  });

  it('uploads, starts the analysis, shows its progress while polling, then hands over the report', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const upload = heldAnswer({ status: 200 });
    let polls = 0;
    const api = fakeApi({
      'GET /api/schools': schoolSearch,
      'POST /api/transcripts': { status: 201, body: { id: 't1', upload: { url: '/api/uploads/t1?sig=s', method: 'PUT', headers: { 'content-type': 'application/pdf' } }, accessToken: 'tok' } },
      'PUT /api/uploads/t1': upload.handler,
      'POST /api/transcripts/t1/analyze': { status: 202, body: { id: 't1', status: 'queued' } },
      'GET /api/transcripts/t1': () => (++polls === 1 ? report('reading') : report('done')),
    });
    renderWithApp(<Harness />);
    await chooseFileAndSchool();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Transcript' }));
    expect(await screen.findByRole('button', { name: 'Analyzing Transcript...' })).toBeDisabled();
    expect(screen.getByText('Processing your transcript...')).toBeInTheDocument();
    expect(api.to('POST /api/transcripts')[0]?.body).toEqual({ fileName: 'valencia.pdf', fileType: 'application/pdf', size: 8, toInstitution: 'fsu', toInstitutionId: 0 });
    upload.release();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText(/Reading your courses/)).toHaveClass('font-semibold');
    expect(await screen.findByText('Report: 8 courses', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyze Transcript' })).toBeEnabled();
    expect(api.to('POST /api/transcripts/t1/analyze')[0]).toMatchObject({ body: { toInstitution: 'fsu' }, headers: { 'x-transcript-token': 'tok' } });
    expect(api.to('GET /api/transcripts/t1')[0]?.headers['x-transcript-token']).toBe('tok');
    expect(polls).toBe(2);
  });

  it('follows the server’s phases: the bar moves with its progress and “Matching every course” lights up while it matches', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    // Each answer after the first is held until the test has seen the one before.
    const matching = heldAnswer(report('matching', { progress: 75 }));
    const done = heldAnswer(report('done'));
    const answers = [() => report('reading', { progress: 35 }), matching.handler, done.handler];
    let polls = 0;
    fakeApi({
      'GET /api/schools': schoolSearch,
      'POST /api/transcripts': { status: 201, body: { id: 't1', upload: { url: '/api/uploads/t1', method: 'PUT', headers: {} }, accessToken: 'tok' } },
      'PUT /api/uploads/t1': { status: 200 },
      'POST /api/transcripts/t1/analyze': { status: 202, body: { id: 't1', status: 'queued' } },
      'GET /api/transcripts/t1': () => answers[Math.min(polls++, answers.length - 1)]!(),
    });
    renderWithApp(<Harness />);
    await chooseFileAndSchool();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Transcript' }));
    const bar = await screen.findByRole('progressbar', { name: 'Analysis progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '35'));
    expect(screen.getByText(/Reading your courses/)).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText(/Matching every course/)).not.toHaveAttribute('aria-current');

    matching.release();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '75'));
    expect(screen.getByText(/Matching every course/)).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText(/Reading your courses/)).toHaveTextContent('✓');
    expect(screen.getByText('75%')).toBeInTheDocument();

    done.release();
    expect(await screen.findByText('Report: 8 courses', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says why the server could not read the file', async () => {
    fakeApi({
      'GET /api/schools': schoolSearch,
      'POST /api/transcripts': { status: 201, body: { id: 't1', upload: { url: '/api/uploads/t1', method: 'PUT', headers: {} }, accessToken: 'tok' } },
      'PUT /api/uploads/t1': { status: 200 },
      'POST /api/transcripts/t1/analyze': { status: 202, body: { id: 't1', status: 'queued' } },
      'GET /api/transcripts/t1': report('failed', { error: 'This PDF has no pages we can read. Try a photo of the transcript instead.' }),
    });
    renderWithApp(<Harness />);
    await chooseFileAndSchool();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Transcript' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not analyse this transcript');
    expect(alert).toHaveTextContent('This PDF has no pages we can read. Try a photo of the transcript instead.');
    expect(screen.getByRole('button', { name: 'Analyze Transcript' })).toBeEnabled();
  });

  it('says what a visitor’s upload limit is, when it resets and that signing in lifts it, not that the transcript could not be analysed (issue 40)', async () => {
    const words =
      'Without an account, one connection can start 10 transcript uploads an hour, and yours has started 10. You can upload again in 41 minutes, or sign in: this limit is only for uploads without an account.';
    fakeApi({ 'GET /api/schools': schoolSearch, 'POST /api/transcripts': { status: 429, body: { error: words } } });
    renderWithApp(<Harness />);
    await chooseFileAndSchool();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Transcript' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Upload limit reached${words}`);
    expect(alert).not.toHaveTextContent('We could not analyse this transcript');
  });

  it('shows a refusal of the file itself', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch, 'POST /api/transcripts': { status: 415, body: { error: 'fileType: choose a PDF, JPG or PNG file.' } } });
    renderWithApp(<Harness />);
    await chooseFileAndSchool();
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Transcript' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PDF, JPG or PNG file.');
  });

  it('following a transcript that does not exist says so', async () => {
    fakeApi({ 'GET /api/transcripts/gone': { status: 404, body: { error: 'Not found' } } });
    renderWithApp(<Harness follow="gone" />);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this transcript.');
  });
});
