import { describe, expect, it } from 'vitest';
import { createTranscriptSchema, searchAppealSchema, transcriptContentType, transcriptStatusLabel } from './transcripts';

describe('transcriptContentType', () => {
  it('accepts PDF, PNG and JPEG by declared type, and by name when the browser gave no type', () => {
    expect(transcriptContentType('a.pdf', 'application/pdf')).toBe('application/pdf');
    expect(transcriptContentType('a.jpg', 'image/jpg')).toBe('image/jpeg');
    expect(transcriptContentType('scan.JPEG', '')).toBe('image/jpeg');
    expect(transcriptContentType('scan.png', 'application/octet-stream')).toBe('image/png');
  });
  it('refuses anything else', () => {
    expect(transcriptContentType('a.svg', 'image/svg+xml')).toBeNull();
    expect(transcriptContentType('a.heic', '')).toBeNull();
    expect(transcriptContentType('a.pdf', 'text/html')).toBeNull();
  });
});

describe('transcript schemas', () => {
  it('takes the spec body with toInstitutionId 0, or a destination key', () => {
    expect(createTranscriptSchema.parse({ fileName: 'a.pdf', fileType: 'application/pdf', size: 10, toInstitutionId: 0 })).toMatchObject({ toInstitutionId: 0 });
    expect(createTranscriptSchema.parse({ fileName: 'a.pdf', fileType: 'application/pdf', size: 10, toInstitution: 'fsu' })).toMatchObject({ toInstitution: 'fsu' });
    expect(createTranscriptSchema.safeParse({ fileName: '', size: 10 }).success).toBe(false);
  });
  it("takes the search screen's appeal payload, with no check on the note", () => {
    expect(searchAppealSchema.parse({ transcriptId: 'manual_1', subject: 'ENC', number: '1101', institutionId: 3, toInstitutionId: 'fsu' })).toMatchObject({ note: '' });
  });
  it('labels row statuses as the spec does', () => {
    expect(transcriptStatusLabel('DIRECT')).toBe('Direct Transfer');
    expect(transcriptStatusLabel('NEEDS_EVAL')).toBe('Needs Review');
    expect(transcriptStatusLabel('NO_TRANSFER')).toBe('No Transfer');
    expect(transcriptStatusLabel('anything else')).toBe('No Transfer');
  });
});
