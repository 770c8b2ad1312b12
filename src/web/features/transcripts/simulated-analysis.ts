import { transcriptStatusLabel, type TranscriptResponse, type TranscriptResultItem } from '@shared/schemas/transcripts';

/** Spec section 9: the simulated analysis waits 2 seconds. */
export const SIMULATED_WAIT_MS = 2000;

/** Course codes of the built-in sample catalogue that the sample rows can match (spec section 8). */
const SAMPLE_CATALOGUE_CODES = new Set(['ECO 2013', 'ECO 2023', 'AMH 2010', 'ENC 1101', 'MAC 2311', 'PSY 2012']);

const DELAWARE_ROWS: Array<[string, string, string, number]> = [
  ['ENC', '1101', 'English Composition I', 3],
  ['SLS', '1101', 'Student Success', 1],
  ['ECO', '2013', 'Principles of Macroeconomics', 3],
  ['AMH', '2010', 'United States History to 1877', 3],
  ['PSY', '2012', 'General Psychology', 3],
  ['HUM', '1020', 'Introduction to Humanities', 3],
  ['BSC', '2010', 'Biology I with Lab', 4],
  ['CHM', '2045', 'General Chemistry I with Lab', 4],
];
const SHORT_ROWS: Array<[string, string, string, number]> = [
  ['ENC', '1101', 'English Composition I', 3],
  ['ECO', '2023', 'Principles of Microeconomics', 3],
  ['ART', '1300', 'Drawing I', 3],
  ['MUL', '1010', 'Music Appreciation', 3],
];

/** The school comes from the file name: 'miami', 'fsu', 'ucf', else Delaware (spec section 8). */
export function simulatedSchool(fileName: string): string {
  const name = fileName.toLowerCase();
  if (name.includes('miami')) return 'University of Miami';
  if (name.includes('fsu')) return 'Florida State University';
  if (name.includes('ucf')) return 'University of Central Florida';
  return 'University of Delaware';
}

/** A sample report, clearly not the student's own: used only when the server cannot be reached at all. */
export function simulatedReport(fileName: string, destination: { key: string; name: string }): TranscriptResponse {
  const destinationName = destination.name;
  const school = simulatedSchool(fileName);
  const source = school === 'University of Delaware' ? DELAWARE_ROWS : SHORT_ROWS;
  const items: TranscriptResultItem[] = source.map(([subject, number, title, credits], index) => {
    const direct = SAMPLE_CATALOGUE_CODES.has(`${subject} ${number}`);
    const status = direct ? 'DIRECT' : 'NO_TRANSFER';
    return {
      id: `sample-${index}`,
      position: index,
      subject,
      number,
      title,
      original: `${subject} ${number} ${title}`,
      originalSchool: school,
      transfers: direct,
      transfersTo: direct ? `${destinationName}: ${subject} ${number} ${title}` : null,
      credits,
      earned: credits,
      grade: null,
      gradeEarnsNoCredit: false,
      term: null,
      status,
      statusLabel: transcriptStatusLabel(status),
      verdictClass: direct ? 'specific-course' : 'does-not-transfer',
      to_equivalency_id: null,
      reason: direct ? 'This sample course is in the built-in sample catalogue.' : 'This sample course is not in the built-in sample catalogue.',
      candidates: [],
      correction: null,
      asRead: null,
      creditConversion: null,
      crossListed: null,
    };
  });
  const direct = items.filter((item) => item.transfers);
  return {
    id: `manual_${Date.now()}`,
    source: null,
    error: null,
    status: 'done',
    calendar: null,
    progress: 100,
    fileName,
    detectedInstitution: null,
    institutionName: school,
    destination: { id: 0, key: destination.key, name: destination.name },
    summary: {
      courses: items.length,
      directTransfers: direct.length,
      totalCredits: items.reduce((sum, item) => sum + item.credits, 0),
      creditsTransferring: direct.reduce((sum, item) => sum + item.credits, 0),
    },
    rows: items,
    // A sample is not the student's file: there is nothing the student removed, and no reading to check.
    removedRows: [],
    expiresAt: null,
    noCourses: null,
  };
}
