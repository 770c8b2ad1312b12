/**
 * General-education codes a transfer rule states for the credit it gives, read from the rule's notes the way the UW
 * System's Transfer Information System writes them: "gen ed S, ETHNIC; footnote 5". They are the receiving school's
 * codes (UW-Madison's S is its Social Science breadth), for elective credit ("HIST EL") as much as for a named course.
 * The codes are kept as written (upper case, spaces collapsed): which of the school's attributes a code stands for is
 * the programs feature's to say, where the school's own codes are known. Pure: no I/O.
 */

import { readStatedClass } from './verdict-class';

/** "gen ed" opening a part of the notes (parts are separated by ";", and a grouped rule joins its rows' notes so). */
const GEN_ED_PART = /^gen\s*\.?\s*ed\b\s*:?\s*(.*)$/i;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
/** A code names something: a token of punctuation only ("+", "&amp;" cut short in the source) is not a code. */
const HAS_LETTER_OR_DIGIT = /[A-Z0-9]/;
/** The source writes "gen ed None" where a campus gave no code. */
const NO_CODE = 'NONE';
/** Longer than any real code (the longest in the Wisconsin file is 13): what is longer is prose, not a code. */
const MAX_CODE_LENGTH = 30;

const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|apos|#39);?/gi, (_, name: string) => ENTITIES[name.toLowerCase()] ?? '');

/** The codes the notes state, in their order, each once; none for notes without a "gen ed" part. */
export function generalEducationCodesInNotes(notes: string | null | undefined): string[] {
  if (!notes || !/gen\s*\.?\s*ed/i.test(notes)) return [];
  const codes: string[] = [];
  for (const part of notes.split(';')) {
    const list = GEN_ED_PART.exec(part.trim())?.[1];
    if (list === undefined) continue;
    for (const token of decodeEntities(list).split(',')) {
      const code = token.trim().replace(/\s+/g, ' ').toUpperCase();
      if (!HAS_LETTER_OR_DIGIT.test(code) || code === NO_CODE || code.length > MAX_CODE_LENGTH || codes.includes(code)) continue;
      codes.push(code);
    }
  }
  return codes;
}

/** A reference to a footnote the source's own pages carry ("footnote 5", "footnote 200, 215"): nothing a student can read. */
const FOOTNOTE_PART = /^footnotes?\s*[\d\s,&]*(?:and[\d\s,&]*)?$/i;

/**
 * What a rule's notes tell the student (decision 152: a published table's notes are shown as conditions, such as "Must
 * be taken with BIOL 101L"): its parts that are neither general-education codes (read above, shown as such), nor
 * references to footnotes the student cannot see, nor the kind of transfer a table wrote in its notes ("direct": the
 * verdict class says it). Null when nothing is left.
 */
export function conditionsInNotes(notes: string | null | undefined): string | null {
  if (!notes) return null;
  const parts = notes
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !GEN_ED_PART.test(part) && !FOOTNOTE_PART.test(part) && readStatedClass(part) === null);
  return parts.length > 0 ? parts.join('; ') : null;
}
