// @vitest-environment jsdom
import type { TranscriptResultItem } from '@shared/schemas/transcripts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analysedReport, reportItem } from '../../../../tests/support/report-factories';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import AdminTranscriptReportPage from './admin-transcript-report-page';

const row = (id: string, status: TranscriptResultItem['status'], overrides: Partial<TranscriptResultItem> = {}) =>
  reportItem(id, 'ENC', id, status, { title: `Course ${id}`, transfersTo: status === 'DIRECT' ? `ENC ${id} at Miami` : null, reason: `Reason for ${id}.`, ...overrides });

const report = analysedReport([row('1101', 'DIRECT'), row('1102', 'NEEDS_EVAL', { correction: 'edited' }), row('2300', 'NO_TRANSFER', { credits: 1 })], {
  destination: { id: 4, key: 'miami', name: 'University of Miami' },
  summary: { courses: 3, directTransfers: 1, totalCredits: 9, creditsTransferring: 3 },
});

const open = (answer: Parameters<typeof fakeApi>[0][string]) => {
  fakeApi({ 'GET /api/transcripts/t1': answer });
  renderWithApp(<AdminTranscriptReportPage />, { url: '/admin/transcripts/t1', path: '/admin/transcripts/:transcriptId' });
};

describe('the clerk’s view of a student’s report', () => {
  it('lists every row with its outcome, what it becomes and why, and marks the student’s corrections', async () => {
    open({ body: report });
    const rows = within(await screen.findByRole('list', { name: 'Courses on the transcript' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Direct Transfer')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('ENC 1101 at Miami')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Needs Review')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/corrected by the student/)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('No Transfer')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/1 credit · Grade B/)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('no credit at University of Miami')).toBeInTheDocument();
    expect(screen.getByLabelText('Summary')).toHaveTextContent('3 courses · 1 direct transfer · 3 credits of 9 credits transfer');
    expect(screen.getByText('valencia.pdf · from Valencia College to University of Miami')).toBeInTheDocument();
  });

  it('says so when the transcript is gone, and when it was never analysed', async () => {
    open({ status: 404, body: { error: 'No such transcript.' } });
    expect(await screen.findByRole('heading', { name: 'Transcript not found' })).toBeInTheDocument();
    expect(screen.getByText(/the student may have deleted it/)).toBeInTheDocument();
  });

  it('says a saved transcript that was never analysed has no report', async () => {
    open({ body: { ...report, status: 'saved', rows: [], summary: null } });
    expect(await screen.findByText(/was never analysed, so it has no report/)).toBeInTheDocument();
  });
});
