// The options of a requirement: which destination courses may fill it. One token each, written the way registrars
// and the source data write them:
//   "CSE 2221"        an exact course at the program's school ("ECON 2001" also matches the sections ECON 2001.01…)
//   "ENC X101"        a Florida statewide number: any level digit, combined (C) and honors (H) sections too, never a lab
//                     alone (L), which is a statewide course of its own
//   "ECON 1XX"        a range: X is any digit, the number of digits must agree ("HIST 3XXX" = any 3000-level HIST)
//   "HIST 3000+"      numbered 3000 or higher, same number of digits
//   "* 3XXX"          any subject
//   "BIOLOGY *"       any course in the subject (elective credit in the subject, "BIOLOGY EL", too)
//   "attr:AH1"        any course the school marks with that attribute (general-education codes)
// Also accepted and written back in the forms above: "any 3000-level HIST".

import { codeKey, formatCourseCode, splitCourseCode } from '../../catalogue';
import { parseStatewideCourseNumber } from '../../equivalencies';

export type CoursePattern =
  | { kind: 'course'; subject: string; number: string }
  | { kind: 'statewide'; prefix: string; lastThreeDigits: string }
  | { kind: 'range'; subject: string | null; mask: string; orHigher: boolean }
  | { kind: 'subject'; subject: string }
  | { kind: 'attribute'; code: string };

/** A destination course as the matcher sees it. */
export interface MatchableCourse {
  subject: string;
  number: string;
  /** Elective credit in a subject ("ECON EL"): only a whole-subject option takes it. */
  isElective: boolean;
  /** Upper-case attribute codes the destination school puts on the course. */
  attributes: ReadonlySet<string>;
}

export type ParsedPattern = { pattern: CoursePattern } | { error: string };

const ATTRIBUTE = /^attr:\s*(.+)$/i;
const ANY_LEVEL = /^any\s+(\d)(0+)-level\s+(.+?)(?:\s+courses?)?$/i;
const STATEWIDE = /^([A-Z]{3})\s+X(\d{3})$/;
const RANGE = /^(.+?)\s+([0-9X]*X[0-9X]*)$/;
const OR_HIGHER = /^(.+?)\s+(\d+)\+$/;
const WHOLE_SUBJECT = /^(.+?)\s+\*$/;

const subjectOf = (text: string) => text.trim().toUpperCase().replace(/\s+/g, ' ');

/** Reads one option token; an error says what a valid one looks like. */
export function parseCoursePattern(raw: string): ParsedPattern {
  const token = raw.trim().replace(/\s+/g, ' ');
  if (!token) return { error: 'an option is empty' };
  const attribute = ATTRIBUTE.exec(token);
  if (attribute) return { pattern: { kind: 'attribute', code: attribute[1]!.trim().toUpperCase() } };

  const anyLevel = ANY_LEVEL.exec(token);
  if (anyLevel) {
    const [, first = '', zeros = '', subject = ''] = anyLevel;
    return { pattern: { kind: 'range', subject: subjectOf(subject), mask: first + 'X'.repeat(zeros.length), orHigher: false } };
  }
  const upper = token.toUpperCase();
  const wholeSubject = WHOLE_SUBJECT.exec(upper);
  if (wholeSubject) {
    if (wholeSubject[1] === '*') return { error: `"${token}" would be any course at all; name a subject or a level` };
    return { pattern: { kind: 'subject', subject: subjectOf(wholeSubject[1]!) } };
  }
  const statewide = STATEWIDE.exec(upper);
  if (statewide) return { pattern: { kind: 'statewide', prefix: statewide[1]!, lastThreeDigits: statewide[2]! } };
  const range = RANGE.exec(upper);
  if (range) {
    const subject = subjectOf(range[1]!);
    return { pattern: { kind: 'range', subject: subject === '*' ? null : subject, mask: range[2]!, orHigher: false } };
  }
  const orHigher = OR_HIGHER.exec(upper);
  if (orHigher) {
    const subject = subjectOf(orHigher[1]!);
    return { pattern: { kind: 'range', subject: subject === '*' ? null : subject, mask: orHigher[2]!, orHigher: true } };
  }
  const split = splitCourseCode(upper);
  if (!split || !split.subject || !split.number || !/\d/.test(split.number)) {
    return { error: `"${token}" is not a course code (such as ENC 1101), a pattern (ENC X101, ECON 1XX, HIST 3000+, BIOLOGY *) or an attribute (attr:AH1)` };
  }
  return { pattern: { kind: 'course', subject: split.subject, number: split.number } };
}

/** The canonical token: what an export writes, so a re-import reads the same pattern. */
export function formatCoursePattern(pattern: CoursePattern): string {
  switch (pattern.kind) {
    case 'course':
      return formatCourseCode(pattern);
    case 'statewide':
      return `${pattern.prefix} X${pattern.lastThreeDigits}`;
    case 'range':
      return `${pattern.subject ?? '*'} ${pattern.mask}${pattern.orHigher ? '+' : ''}`;
    case 'subject':
      return `${pattern.subject} *`;
    case 'attribute':
      return `attr:${pattern.code}`;
  }
}

/** Words a student reads: "any 3000-level HIST course", "a course marked AH1". */
export function describeCoursePattern(pattern: CoursePattern): string {
  switch (pattern.kind) {
    case 'course':
      return formatCourseCode(pattern);
    case 'statewide':
      return `${pattern.prefix} x${pattern.lastThreeDigits}`;
    case 'range': {
      const subject = pattern.subject ?? '';
      if (pattern.orHigher) return `any ${subject ? `${subject} ` : ''}course numbered ${pattern.mask} or higher`;
      const level = /^(\d)(X+)$/.exec(pattern.mask);
      if (level) return `any ${level[1]}${'0'.repeat(level[2]!.length)}-level ${subject ? `${subject} ` : ''}course`;
      return `${subject ? `${subject} ` : 'any '}${pattern.mask}`;
    }
    case 'subject':
      return `any ${pattern.subject} course`;
    case 'attribute':
      return `a course marked ${pattern.code}`;
  }
}

/** "2001.01" and "2001" name the same course when one of them leaves the section off. */
function sameCourseNumber(a: string, b: string): boolean {
  if (a === b) return true;
  const section = /^(.+)\.\d+$/;
  const baseA = section.exec(a)?.[1];
  const baseB = section.exec(b)?.[1];
  return (baseA !== undefined && baseB === undefined && baseA === b) || (baseB !== undefined && baseA === undefined && baseB === a);
}

function matchesMask(number: string, mask: string, orHigher: boolean): boolean {
  const digits = /^(\d+)/.exec(splitCourseCode(`X ${number}`)?.catalogNumber ?? '')?.[1];
  if (!digits || digits.length !== mask.length) return false;
  if (orHigher) return Number(digits) >= Number(mask);
  for (let index = 0; index < mask.length; index += 1) {
    if (mask[index] !== 'X' && mask[index] !== digits[index]) return false;
  }
  return true;
}

export function matchesCoursePattern(course: MatchableCourse, pattern: CoursePattern): boolean {
  switch (pattern.kind) {
    case 'subject':
      return codeKey(course.subject) === codeKey(pattern.subject);
    case 'attribute':
      return course.attributes.has(pattern.code);
    default:
      if (course.isElective) return false;
  }
  switch (pattern.kind) {
    case 'course': {
      if (codeKey(course) === codeKey(pattern)) return true;
      return (
        codeKey(course.subject) === codeKey(pattern.subject) &&
        sameCourseNumber(codeKey(course.number), codeKey(pattern.number))
      );
    }
    case 'statewide': {
      const number = parseStatewideCourseNumber(course);
      return number !== null && number.prefix === pattern.prefix && number.lastThreeDigits === pattern.lastThreeDigits && number.labCode !== 'L';
    }
    case 'range':
      if (pattern.subject !== null && codeKey(course.subject) !== codeKey(pattern.subject)) return false;
      return matchesMask(course.number, pattern.mask, pattern.orHigher);
  }
}
