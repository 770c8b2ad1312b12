/** A school of the federal directory, as the `institutions` reference set loads it (reference-data/school-directory.ts). */
export interface DirectorySchool {
  unitid: number;
  /** The name Crosswalk shows. */
  name: string;
  /** Every other name: the directory's official name and reported aliases, Crosswalk's own, earlier names. */
  aliases: string[];
  /** Names it no longer goes by officially (a school on file still called so takes `name`); also in `aliases`. */
  formerNames: string[];
  city: string | null;
  state: string | null;
  webDomain: string | null;
  sector: number;
  control: 'public' | 'private';
  kind: 'university' | 'college' | 'community-college' | 'technical-college';
  /** IPEDS enrolment size category 1-5, null when not reported. */
  size: number | null;
  /** The system it belongs to ("The University of Alabama System"), if any. */
  systemName: string | null;
}
