// Florida's Statewide Course Numbering System (SCNS): a course is named by a three-letter
// prefix, a four-digit number and an optional lab code. Equivalence is decided by the
// prefix and the LAST THREE digits; the first digit is the level each institution assigns
// (ACG 1011 and ACG 2011 are both "Principles of Accounting II" in the statewide
// inventory) and is ignored. The lab code is part of the identity — C is a combined
// lecture + lab, L is a lab alone — so BSC 2010C equals BSC 2010 taken with BSC 2010L.
// Some catalogues mark honors sections with H; honors content is the same statewide
// course, so H is dropped.
// Exceptions the number shows (statewideException): college-preparatory courses (below 1000) earn no degree credit;
// the 900–999 series (special topics, directed study, internships, co-ops) and graduate courses are not guaranteed and
// must be evaluated individually.

import { codeShape } from '../../catalogue';

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
  const match = SCNS.exec(codeShape(`${course.subject}${course.number}`));
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

/**
 * The statewide system's published exceptions to "same prefix and last three digits transfer", that a course number
 * shows (docs/equivalency-engine.md, "Florida"):
 * - `college-prep`: numbers below 1000 (level digit 0) are college-preparatory or vocational-preparatory courses: they
 *   count toward no degree and do not transfer;
 * - `special-series`: the 900–999 series (directed study, internships, co-ops, special topics) says nothing about
 *   content: not guaranteed, the receiving school reviews it;
 * - `graduate`: graduate courses (level 5 and above) are not guaranteed either.
 * Null for a course the guarantee covers. (The exceptions a number does not show, such as applied courses in the
 * performing arts, are not recognised.)
 */
export type StatewideException = 'college-prep' | 'special-series' | 'graduate';

export function statewideException(number: StatewideCourseNumber): StatewideException | null {
  if (number.levelDigit === '0') return 'college-prep';
  if (Number(number.lastThreeDigits) >= 900) return 'special-series';
  if (Number(number.levelDigit) >= 5) return 'graduate';
  return null;
}

/** True when two codes name the same statewide course (level digit and honors ignored). */
export function areStatewideEquivalent(a: { subject: string; number: string }, b: { subject: string; number: string }): boolean {
  const left = parseStatewideCourseNumber(a);
  const right = parseStatewideCourseNumber(b);
  if (!left || !right) return false;
  return statewideEquivalenceKey(left) === statewideEquivalenceKey(right);
}
