// Course codes arrive spelled many ways (ECO2013, "eco 2013", Eco-2013, "E C E 252",
// "SOCSCI (809) 122"). Everything that compares codes goes through here so that one
// spelling rule holds across rules, transcripts, catalogues and CSV imports.

export interface SplitCourseCode {
  /** Subject as written, upper-case, single-spaced (e.g. "E C E", "SOCSCI"). */
  subject: string;
  /** Number as written, upper-case (e.g. "2013H", "1110.01", "(809) 122", "EL"). */
  number: string;
  /**
   * Wisconsin technical colleges number courses statewide: in "SOCSCI (809) 122" the
   * "(809)" is the statewide program, so "(809) 122" names the same course at any college.
   */
  statewideProgram: string | null;
  /** The number without the program prefix ("122" for "(809) 122"). */
  catalogNumber: string;
}

/**
 * "The same course": the one key every comparison, lookup and join uses, from a course's subject and number or from a
 * code as people type it ('Eco-2013', 'E C E 252' -> 'eco2013', 'ece252'). Letters, digits and the dot (MATH 1110.01)
 * count; case and everything else do not. The database generates its `code_key` columns (courses,
 * equivalency_rule_sources, transcript_rows, appeals) with the same rule, written in SQL as
 * `lower(regexp_replace(subject || number, '[^A-Za-z0-9.]', '', 'g'))`; tests/api/code-key-parity.test.ts holds the two
 * together. Characters are dropped before the case is folded, as SQL does: 'İ' lower-cases to 'i' and a dot in
 * JavaScript, and would otherwise leave an 'i' the database drops.
 */
/**
 * codeKey() in SQL, for a subject and number with no generated `code_key` column beside them (a rule's targets): the
 * generated columns' own expression, held to codeKey() by tests/api/code-key-parity.test.ts.
 */
export const codeKeySql = (subject: string, number: string) => `lower(regexp_replace(${subject} || ${number}, '[^A-Za-z0-9.]', '', 'g'))`;

export function codeKey(course: { subject: string; number: string } | string): string {
  const text = typeof course === 'string' ? course : `${course.subject}${course.number}`;
  return text.replace(/[^A-Za-z0-9.]/g, '').toLowerCase();
}

/**
 * A code as written, upper-case, without spaces, dashes or parentheses ('Eco-2013' -> 'ECO2013'): for reading a code's
 * shape (Florida's statewide numbers, a placeholder's number), never for telling whether two courses are the same
 * (that is `codeKey`).
 */
export function codeShape(code: string): string {
  return code.toUpperCase().replace(/[\s\-()]+/g, '');
}

/**
 * The spelling of a course inside a rule's stored identity (`equivalency_rules.fingerprint` and `content_hash`, hashed
 * from it by rule-identity.ts and the CSV import). Not a "same course" test: it is frozen because every stored
 * fingerprint is a hash of it, and a re-import matches rules by fingerprint (a new spelling would write every rule
 * again beside the old one).
 */
export function ruleIdentityCourseKey(course: { subject: string; number: string }): string {
  return codeShape(`${course.subject}${course.number}`);
}

/** Code for display: "ECO 2013", "SOCSCI (809) 122", "NDC". */
export function formatCourseCode(course: { subject: string; number: string }): string {
  const subject = course.subject.trim().replace(/\s+/g, ' ');
  const number = course.number.trim();
  return number ? `${subject} ${number}` : subject;
}

const WISCONSIN_PROGRAM = /^(.*?)\s*\((\d+)\)\s*([0-9A-Z.]+)$/;
// A number starts with a digit and may carry letter suffixes or a dotted section (1110.01).
const DIGIT_NUMBER = /^(.*?[A-Z&/.])\s*(\d[0-9A-Z.]*)$/;

/**
 * Splits a code into subject and number. Returns null for empty input. A code without
 * any digits and a single word (NDC, DNT) becomes a subject with an empty number; a code
 * whose last word has no digits ("ECON EL") splits on that last word.
 */
export function splitCourseCode(raw: string): SplitCourseCode | null {
  const code = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!code) return null;

  const program = WISCONSIN_PROGRAM.exec(code);
  if (program && program[1]) {
    const [, subject = '', programNumber = '', catalogNumber = ''] = program;
    return { subject: subject.trim(), number: `(${programNumber}) ${catalogNumber}`, statewideProgram: programNumber, catalogNumber };
  }

  const withDigits = DIGIT_NUMBER.exec(code.replace(/-(?=\d)/, ' '));
  if (withDigits) {
    const subject = (withDigits[1] ?? '').trim().replace(/-$/, '').trim();
    const number = withDigits[2] ?? '';
    if (subject) return { subject, number, statewideProgram: null, catalogNumber: number };
  }

  const lastSpace = code.lastIndexOf(' ');
  if (lastSpace > 0) {
    const subject = code.slice(0, lastSpace).trim();
    const number = code.slice(lastSpace + 1);
    return { subject, number, statewideProgram: null, catalogNumber: number };
  }
  return { subject: code, number: '', statewideProgram: null, catalogNumber: '' };
}

/**
 * Wisconsin statewide identity of a technical-college course ("809-122"), or null when
 * the code carries no statewide program.
 */
export function wisconsinStatewideKey(course: { subject: string; number: string }): string | null {
  const split = splitCourseCode(formatCourseCode(course));
  if (!split?.statewideProgram) return null;
  return `${split.statewideProgram}-${split.catalogNumber}`;
}

/**
 * Course level in hundreds (1 for 100-level). Four-digit numbers count by thousands
 * (Florida ECO 2013 and Ohio State 1110 are lower-division, like a 200/100-level course),
 * so 1xxx ≈ 1xx. Returns null when the number has no leading digits.
 */
export function courseLevel(number: string): number | null {
  const catalogNumber = splitCourseCode(`X ${number}`)?.catalogNumber ?? '';
  const digits = /^(\d+)/.exec(catalogNumber)?.[1];
  if (!digits) return null;
  return digits.length >= 3 ? Number(digits[0]) : 0;
}
