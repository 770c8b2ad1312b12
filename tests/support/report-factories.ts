import type { TranscriptResponse, TranscriptResultItem } from '../../src/shared/schemas/transcripts';
import { verdictClassOfStatus } from '../../src/shared/schemas/verdict-class';

/** One row of an analysed report, as the server sends it (component tests of the student's and the admin's views). */
export const reportItem = (
  id: string,
  subject: string,
  number: string,
  statusCode: TranscriptResultItem['statusCode'],
  overrides: Partial<TranscriptResultItem> = {},
): TranscriptResultItem => ({
  id,
  subject,
  number,
  title: `${subject} ${number} course`,
  original: `${subject} ${number}`,
  originalSchool: 'Valencia College',
  transfers: statusCode === 'DIRECT',
  transfersTo: statusCode === 'DIRECT' ? `FSU: ${subject} ${number}` : null,
  credits: 3,
  grade: 'B',
  gradeEarnsNoCredit: false,
  term: 'Fall 2024',
  statusCode,
  statusLabel: statusCode === 'DIRECT' ? 'Direct Transfer' : statusCode === 'NEEDS_EVAL' ? 'Needs Review' : 'No Transfer',
  verdictClass: verdictClassOfStatus(statusCode),
  toEquivalencyId: null,
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
  summary: { courses: items.length, directTransfers: items.filter((item) => item.statusCode === 'DIRECT').length, totalCredits: 6, creditsTransferring: 3 },
  rows: [],
  items,
  reading: [],
  expiresAt: null,
  noCourses: null,
  ...overrides,
});
