// @vitest-environment jsdom
import type { StudentTranscript } from '@shared/schemas/student';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { currentLocation, fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { TranscriptsSection } from './transcripts-section';

const saved: StudentTranscript = { id: 't1', key: 'transcripts/k1', url: '/api/files/t1', name: 'valencia.pdf', size: 2048, uploadedAt: '2026-11-20T10:00:00Z', status: 'saved', uploadedFrom: 'profile', destination: null, noCourses: null };

describe('TranscriptsSection', () => {
  it('uploads a chosen file through an upload slot and saves it as a transcript', async () => {
    const save = heldAnswer({ status: 201, body: { transcript: saved } });
    const api = fakeApi({
      'POST /api/student/create-upload-url': { body: { uploadUrl: '/api/uploads/transcripts/k1?sig=s', key: 'transcripts/k1' } },
      'PUT /api/uploads/transcripts/k1': { status: 204 },
      'POST /api/student/save-transcript': save.handler,
      'GET /api/student/me': { body: {} },
    });
    renderWithApp(<TranscriptsSection transcripts={[]} favorites={[]} />);
    const file = new File(['%PDF-1.4'], 'valencia.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Upload a transcript'), { target: { files: [file] } });
    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload a transcript')).toBeDisabled();
    save.release();
    await waitFor(() => expect(screen.queryByText('Uploading…')).not.toBeInTheDocument());
    expect(api.to('POST /api/student/create-upload-url')[0]?.body).toEqual({ filename: 'valencia.pdf', contentType: 'application/pdf', purpose: 'transcript' });
    expect(api.to('POST /api/student/save-transcript')[0]?.body).toEqual({ key: 'transcripts/k1', url: '/api/uploads/transcripts/k1', name: 'valencia.pdf', size: file.size });
  });

  it('shows why an upload was refused, without the field name', async () => {
    fakeApi({ 'POST /api/student/create-upload-url': { status: 400, body: { error: 'filename: a transcript must be one of .pdf, .png, .jpg, .jpeg, .heic.' } } });
    renderWithApp(<TranscriptsSection transcripts={[]} favorites={[]} />);
    fireEvent.change(screen.getByLabelText('Upload a transcript'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^A transcript must be one of \.pdf, \.png, \.jpg, \.jpeg, \.heic\.$/);
  });

  it('analyses a transcript for the chosen school and opens its report', async () => {
    const analyze = heldAnswer({ status: 202, body: { id: 't1', status: 'queued' } });
    const api = fakeApi({ 'POST /api/transcripts/t1/analyze': analyze.handler, 'GET /api/student/me': { body: {} } });
    renderWithApp(<TranscriptsSection transcripts={[saved]} favorites={['Florida State University', 'UCF']} />, { url: '/student/profile' });
    expect(screen.getByLabelText('Target school for valencia.pdf')).toHaveValue('Florida State University');
    fireEvent.change(screen.getByLabelText('Target school for valencia.pdf'), { target: { value: '  UCF ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze for…' }));
    expect(await screen.findByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    analyze.release();
    await waitFor(() => expect(currentLocation()).toBe('/search?transcript=t1'));
    expect(api.to('POST /api/transcripts/t1/analyze')[0]?.body).toEqual({ toInstitution: 'UCF' });
  });

  it('keeps Analyze off without a school, and shows a refusal where the student is looking', async () => {
    fakeApi({ 'POST /api/transcripts/t1/analyze': { status: 404, body: { error: "toInstitution: we do not know the school 'Atlantis' yet." } } });
    renderWithApp(<TranscriptsSection transcripts={[saved]} favorites={[]} />, { url: '/student/profile' });
    expect(screen.getByRole('button', { name: 'Analyze for…' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Target school for valencia.pdf'), { target: { value: 'Atlantis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze for…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We do not know the school 'Atlantis' yet.");
    expect(currentLocation()).toBe('/student/profile');
  });

  it('deletes a transcript only after it is confirmed', async () => {
    const api = fakeApi({ 'DELETE /api/student/transcripts/t1': { status: 204 }, 'GET /api/student/me': { body: {} } });
    renderWithApp(<TranscriptsSection transcripts={[saved]} favorites={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete valencia.pdf' }));
    expect(api.requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(api.to('DELETE /api/student/transcripts/t1')).toHaveLength(1));
  });

  describe('a file the reader found no courses in (issue 40)', () => {
    const letter: StudentTranscript = {
      ...saved,
      id: 't9',
      name: 'letter.jpg',
      status: 'failed',
      destination: 'Florida State University',
      noCourses: { state: 'asked', discardsAt: '2026-12-04T10:00:00Z' },
    };

    it('asks whether it is a transcript; "No" discards it and says so, after it has left the list', async () => {
      const api = fakeApi({ 'DELETE /api/student/transcripts/t9': { status: 204 }, 'GET /api/student/me': { body: {} } });
      // The profile reads the student's records again after a change: the list, without the file.
      function Profile() {
        const [transcripts, setTranscripts] = useState([letter]);
        return (
          <>
            <TranscriptsSection transcripts={transcripts} favorites={[]} />
            <button type="button" onClick={() => setTranscripts([])}>
              Read again
            </button>
          </>
        );
      }
      renderWithApp(<Profile />);
      expect(screen.getByRole('heading', { name: 'We could not find courses in “letter.jpg”. Is it a transcript?' })).toBeInTheDocument();
      expect(screen.getByText(/Unless you say it is a transcript, it is discarded on Dec 4, 2026\./)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Analyze for…' })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'No, discard it' }));
      await waitFor(() => expect(api.to('DELETE /api/student/transcripts/t9')).toHaveLength(1));
      fireEvent.click(screen.getByRole('button', { name: 'Read again' }));
      expect(await screen.findByRole('status')).toHaveTextContent('We discarded “letter.jpg”: it is not a transcript, so it is not kept on your profile.');
    });

    it('"Yes" keeps it for the registrar to read by hand', async () => {
      const api = fakeApi({
        'POST /api/student/transcripts/t9/keep-unreadable': { body: { transcript: { ...letter, noCourses: { state: 'kept' } } } },
        'GET /api/student/me': { body: {} },
      });
      renderWithApp(<TranscriptsSection transcripts={[letter]} favorites={[]} />);
      fireEvent.click(screen.getByRole('button', { name: 'Yes, it is a transcript' }));
      expect((await screen.findAllByText(/Florida State University’s registrar will read it by hand/)).length).toBeGreaterThan(0);
      expect(api.to('POST /api/student/transcripts/t9/keep-unreadable')).toHaveLength(1);
    });
  });
});
