/**
 * Schools more than one reference set names, described once: a catalogue set and a program set of the same school
 * must make (or find) the same school, whichever of them is loaded first.
 */
import type { MatrixSchool } from './louisiana-matrix';
import type { SchoolFacts } from './set-loaders';

export const UW_MADISON: SchoolFacts = {
  name: 'University of Wisconsin-Madison',
  alsoKnownAs: ['UW-Madison'],
  state: 'WI',
  control: 'public',
  kind: 'university',
  aliases: ['UW-Madison'],
};

export const DELAWARE: SchoolFacts = { name: 'University of Delaware', state: 'DE', control: 'public', kind: 'university', aliases: ['UD'] };

export const WILLIAM_AND_MARY: SchoolFacts = { name: 'William & Mary', state: 'VA', control: 'public', kind: 'university', aliases: ['W&M'] };

export const OHIO_STATE: SchoolFacts = { name: 'The Ohio State University', state: 'OH', control: 'public', kind: 'university', aliases: ['Ohio State'] };

/** A school of Louisiana's common-course matrix, by its code there (DCC) and its name. */
export const louisianaSchool = ({ code, name }: MatrixSchool): SchoolFacts => ({
  name,
  state: 'LA',
  control: 'public',
  kind: /community college/i.test(name) ? 'community-college' : 'university',
  aliases: [code.replace(/_/g, ' ')],
});
