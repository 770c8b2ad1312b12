/**
 * Tags some schools print fused to the course number: a general-education or writing-rule mark ("SLS 1106GE",
 * "ENC 1101GR") or an area code ("BSC1010LGENS", "ENC1101GECM"). They are not part of the course number, but a letter
 * after a number often is ("BSC 1010L" lab, "MATH 1A", "CHM 151LL"). A tag is told from a suffix by the document as a
 * whole: tags come in families, groups of two or more letters sharing their first letter that recur on the numbers of
 * several courses, of more than one subject or in more than one form; a lab suffix does not.
 */

export interface TaggedCode {
  subject: string;
  number: string;
}

/** Letters after a number's digits: "1010LGENS" → "LGENS". */
const trailingLetters = (number: string): string => /^\d+([A-Z]*)$/.exec(number)?.[1] ?? '';

/**
 * Possible tags of one number: endings of its letters of two or more letters, leaving at most one letter of suffix. A
 * repeated letter is a suffix or a placeholder, never a tag ("151LL" lab, "2XX" elective).
 */
function candidates(letters: string): string[] {
  const out: string[] = [];
  for (let keep = 0; keep <= 1; keep++) {
    const tag = letters.slice(keep);
    if (tag.length >= 2 && !/^(.)\1+$/.test(tag)) out.push(tag);
  }
  return out;
}

interface Family {
  codes: number;
  subjects: Set<string>;
  forms: Set<string>;
}

/**
 * For each code, its number without a fused tag (the same number when it carries none). Numbers that still end in more
 * than three letters are returned as they are, for the caller to refuse.
 */
export function stripFusedTags(codes: readonly TaggedCode[]): string[] {
  const letters = codes.map((c) => trailingLetters(c.number));
  const uses = new Map<string, number>();
  for (const l of letters) for (const tag of candidates(l)) uses.set(tag, (uses.get(tag) ?? 0) + 1);
  // each code's likeliest tag: the candidate most codes share (the longer one on a tie)
  const likeliest = (cands: string[]) => [...cands].sort((a, b) => uses.get(b)! - uses.get(a)! || b.length - a.length)[0] ?? null;
  const chosen = letters.map((l) => likeliest(candidates(l)));
  // families of tags by their first letter: a family is tags when it marks several courses of more than one subject,
  // or in more than one form
  const families = new Map<string, Family>();
  codes.forEach((c, i) => {
    const tag = chosen[i];
    if (!tag) return;
    const f = families.get(tag[0]!) ?? { codes: 0, subjects: new Set<string>(), forms: new Set<string>() };
    f.codes++;
    f.subjects.add(c.subject);
    f.forms.add(tag);
    families.set(tag[0]!, f);
  });
  const isTagFamily = (first: string) => {
    const f = families.get(first);
    return !!f && f.codes >= 2 && (f.subjects.size >= 2 || f.forms.size >= 2);
  };
  return codes.map((c, i) => {
    // a tag seen once belongs to a family seen elsewhere ("GEHU" beside "GENS", "GECM")
    const tag = [chosen[i], ...candidates(letters[i]!)].find((t): t is string => !!t && isTagFamily(t[0]!));
    return tag ? c.number.slice(0, c.number.length - tag.length) : c.number;
  });
}

/** A number left with more than three letters after its digits is not a course number. */
export const hasUnreadableSuffix = (number: string): boolean => trailingLetters(number).length > 3;
