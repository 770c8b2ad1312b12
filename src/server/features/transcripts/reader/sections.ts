/** Headings that open a part of the record: transfer credit, test credit, courses in progress, or the school's own courses. */
import type { RowSection } from './types';

const TRANSFER =
  /\btransfer(red)?\s+(credit|credits|work|course|courses|coursework|hours|institution|summary)\b|\bcredits?\s+accepted\b|\baccepted\s+from\b|\bdual\s+enrollment\s+credit|\bexternal\s+credit|^transfer\b/i;
const TEST =
  /\btest\s+credits?\b|\badvanced\s+placement\b|\bcredit\s+by\s+exam(ination)?\b|\bap\s+credit\b|\bexam(ination)?\s+credit\b|\btest\s+scores\b|\bclep\b|\binternational\s+baccalaureate\b/i;
const INSTITUTION =
  /\binstitution(al)?\s+(credit|coursework|courses)\b|\bbeginning\s+of\s+.*record\b|\bhome\s+institution\b|\bresident\s+credit\b|\bcredit\s+earned\s+at\b|\bcourse\s*work\s+at\b|^course\s*work$/i;
const IN_PROGRESS =
  /\b(courses?|course\(s\)|work|credits?)\s+in\s+progress\b|\bin[-\s]progress\s+(courses?|work|credits?)\b|\bcurrently\s+enrolled\b|\bcurrent\s+(registration|enrollment|courses)\b|\bregistered\s+courses\b/i;
const TOTALS = /\b(totals?|gpa|cumulative|cum\b|overall|standing|dean'?s|honou?rs\s+list|earned\s+hours|attempted\s+hours|quality\s+points)\b/i;

/** The section a heading line opens, or null when the line opens none. */
export function sectionOfHeading(text: string): RowSection | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.split(' ').length > 14 || TOTALS.test(t)) return null;
  if (INSTITUTION.test(t)) return 'institution';
  if (IN_PROGRESS.test(t)) return 'in-progress';
  if (TEST.test(t)) return 'test';
  if (TRANSFER.test(t)) return 'transfer';
  return null;
}

/** Totals, GPA and standing lines: never course rows. */
export function isTotalsText(text: string): boolean {
  return TOTALS.test(text);
}
