// Florida's Statewide Course Numbering System (SCNS): a course is named by a three-letter
// prefix, a four-digit number and an optional lab code. Equivalence is decided by the
// prefix and the LAST THREE digits; the first digit is the level each institution assigns
// (ACG 1011 and ACG 2011 are both "Principles of Accounting II" in the statewide
// inventory) and is ignored. The lab code is part of the identity — C is a combined
// lecture + lab, L is a lab alone — so BSC 2010C equals BSC 2010 taken with BSC 2010L.
// Some catalogues mark honors sections with H; honors content is the same statewide
// course, so H is dropped.
// Courses whose last three digits are 900–999 (special topics, directed study,
// internships, co-ops) are exceptions in SCNS: the number says nothing about content, so
// they are not guaranteed and must be evaluated individually.

import { normaliseCourseCode } from './course-code';

export type LabCode = '' | 'C' | 'L';

export interface StatewideCourseNumber {
  prefix: string;
  /** The institution's level digit, kept for display only. */
  levelDigit: string;
  lastThreeDigits: string;
  labCode: LabCode;
  honors: boolean;
}

const SCNS = /^([A-Z]{3})(\d)(\d{3})([A-Z]*)$/;

/** Reads a Florida statewide course number, or null when the code is not one. */
export function parseStatewideCourseNumber(course: { subject: string; number: string }): StatewideCourseNumber | null {
  const match = SCNS.exec(normaliseCourseCode(`${course.subject}${course.number}`));
  if (!match) return null;
  const [, prefix = '', levelDigit = '', lastThreeDigits = '', suffix = ''] = match;
  const honors = suffix.includes('H');
  const rest = suffix.replace('H', '');
  if (rest !== '' && rest !== 'C' && rest !== 'L') return null;
  return { prefix, levelDigit, lastThreeDigits, labCode: rest, honors };
}

/** Identity key: prefix + last three digits + lab code ("BSC010C"). */
export function statewideEquivalenceKey(number: StatewideCourseNumber, labCode: LabCode = number.labCode): string {
  return `${number.prefix}${number.lastThreeDigits}${labCode}`;
}

/** True for the 900–999 series, which SCNS does not guarantee. */
export function isNonGuaranteedStatewideNumber(number: StatewideCourseNumber): boolean {
  return Number(number.lastThreeDigits) >= 900;
}

/** True when two codes name the same statewide course (level digit and honors ignored). */
export function areStatewideEquivalent(a: { subject: string; number: string }, b: { subject: string; number: string }): boolean {
  const left = parseStatewideCourseNumber(a);
  const right = parseStatewideCourseNumber(b);
  if (!left || !right) return false;
  return statewideEquivalenceKey(left) === statewideEquivalenceKey(right);
}
