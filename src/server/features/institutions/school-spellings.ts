// The same school is spelled differently in every source: the Wisconsin rules say
// "UW-Madison", its catalogue "University of Wisconsin-Madison", the data folder
// "university-of-wisconsin-madison", and students type "madison" or "FIU". Reading the
// reference data without a database (the suggestion CLI and its evaluation), a school is
// known by one canonical key: the spellings below written out, then the one key rule
// (schoolKeyFromName). With a database, findInstitution looks names up by alias instead.

import { schoolKeyFromName } from '../../../shared/institutions/school-names';

const SPELLINGS: Array<[RegExp, string]> = [
  [/^the /, ''],
  [/\buniversity of wisconsin\b/g, 'uw'],
  [/\btech\.?(?= |$)/g, 'technical'],
  [/\bwis\.?(?= |$)/g, 'wisconsin'],
  [/\bcoll\.?(?= |$)/g, 'college'],
  [/\bsample$/, ''],
];

/** "UW-Madison", "University of Wisconsin-Madison" and "university-of-wisconsin-madison" → "uw-madison". */
export function canonicalInstitutionKey(name: string): string {
  let text = name.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  for (const [pattern, replacement] of SPELLINGS) text = text.replace(pattern, replacement).trim();
  return schoolKeyFromName(text);
}

/** Short names students use for schools in the reference data. */
const NICKNAMES: Record<string, string> = {
  fiu: 'florida-international-university',
  uf: 'university-of-florida',
  usf: 'university-of-south-florida',
  osu: 'ohio-state-university',
  'ohio-state': 'ohio-state-university',
  udel: 'university-of-delaware',
  ud: 'university-of-delaware',
  delaware: 'university-of-delaware',
  wm: 'william-and-mary',
  'william-mary': 'william-and-mary',
  madison: 'uw-madison',
  uwm: 'uw-milwaukee',
  matc: 'milwaukee-area-technical-college',
};

/** Finds a known key for what someone typed: exact, nickname, then a unique partial match. */
export function resolveInstitutionKey(query: string, knownKeys: Iterable<string>): string | null {
  const keys = [...knownKeys];
  const wanted = canonicalInstitutionKey(query);
  if (keys.includes(wanted)) return wanted;
  const nickname = NICKNAMES[wanted];
  if (nickname && keys.includes(nickname)) return nickname;
  const partial = keys.filter((key) => key.includes(wanted) || key.replace(/^uw-/, '') === wanted);
  return partial.length === 1 ? partial[0]! : null;
}
