// Which held-out rules the suggestion work may study, and which are locked away until the end (issue 38; GUIDE: "a set
// you have studied is a tuning set"). Committed, with the list of locked rules it gives
// (reference-data/equivalencies/suggestion-locked-half.csv.gz), before any tuning on these sets began.
//
// Two held-out sets are halved: the Madison Area Technical College rules (a sending school the Wisconsin file does not
// carry: never fitted on) and the Wisconsin test split (seed 20250101; earlier work printed its figures on every run, so
// only its locked half is unseen). A rule's half depends on its identity alone (the two schools' keys and the two
// course codes), never on its place in a file or on a random draw, so the halves stay the same whatever else changes.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ruleIdentityCourseKey } from '../src/server/features/catalogue';
import { stableHash } from '../src/server/features/equivalencies/engine/csv-import-format';
import { canonicalInstitutionKey } from '../src/server/features/institutions';

/** The committed list of locked rules' identities, one a line. */
export const LOCKED_HALF_FILE = path.resolve(import.meta.dirname, '../reference-data/equivalencies/suggestion-locked-half.csv.gz');

/** A held-out rule's identity: sending school, its course, receiving school, the course it names there. */
export function heldOutRuleKey(rule: { fromSchool: string; source: { subject: string; number: string }; toSchool: string; target: { subject: string; number: string } }): string {
  return `${canonicalInstitutionKey(rule.fromSchool)}|${ruleIdentityCourseKey(rule.source)}|${canonicalInstitutionKey(rule.toSchool)}|${ruleIdentityCourseKey(rule.target)}`;
}

/** True for the half locked away: its failures are not looked at while tuning, and its figures count. */
export function isLockedHalf(key: string): boolean {
  return Number.parseInt(stableHash(`crosswalk issue 38 locked half|${key}`).slice(-8), 16) % 2 === 1;
}

/** The committed list; the evaluation refuses to run when the function above no longer gives it. */
export function readLockedHalfList(): Set<string> {
  const text = gunzipSync(readFileSync(LOCKED_HALF_FILE)).toString('utf8');
  return new Set(text.split('\n').slice(1).filter(Boolean));
}
