import type { TranscriptResponse, TranscriptResultItem } from '../../src/shared/schemas/transcripts';
import { verdictClassOfStatus } from '../../src/shared/schemas/verdict-class';

/** One row of an analysed report, as the server sends it (component tests of the student's and the admin's views). */
export const reportItem = (
  id: string,
  subject: string,
  number: string,
  status: TranscriptResultItem['status'],
  overrides: Partial<TranscriptResultItem> = {},
): TranscriptResultItem => ({
  id,
  position: 0,
  subject,
  number,
  title: `${subject} ${number} course`,
  original: `${subject} ${number}`,
  originalSchool: 'Valencia College',
  transfers: status === 'DIRECT',
  transfersTo: status === 'DIRECT' ? `FSU: ${subject} ${number}` : null,
  credits: 3,
  earned: 3,
  grade: 'B',
  gradeEarnsNoCredit: false,
  term: 'Fall 2024',
  status,
  statusLabel: status === 'DIRECT' ? 'Direct Transfer' : status === 'NEEDS_EVAL' ? 'Needs Review' : 'No Transfer',
  verdictClass: verdictClassOfStatus(status),
  to_equivalency_id: null,
  reason: 'Because of a rule on file.',
  candidates: [],
  correction: null,
  asRead: null,
  creditConversion: null,
  crossListed: null,
  ...overrides,
});

/** An analysed transcript's report from Valencia College to Florida State University with these rows. */
export const analysedReport = (items: TranscriptResultItem[], overrides: Partial<TranscriptResponse> = {}): TranscriptResponse => ({
  id: 't1',
  source: 'pdf-text',
  error: null,
  status: 'done',
  calendar: null,
  progress: 100,
  fileName: 'valencia.pdf',
  detectedInstitution: { id: 3, name: 'Valencia College' },
  institutionName: 'Valencia College',
  destination: { id: 4, key: 'fsu', name: 'Florida State University' },
  summary: { courses: items.length, directTransfers: items.filter((item) => item.status === 'DIRECT').length, totalCredits: 6, creditsTransferring: 3 },
  rows: items,
  removedRows: [],
  expiresAt: null,
  noCourses: null,
  ...overrides,
});
