/**
 * Crosswalk's own names for directory schools (by IPEDS unit id): what the 2020 directory cannot know (a later name:
 * the new name is shown and the directory's stays an alias, as students and old transcripts still use it), short names
 * students use that it does not report ("UNO" for Nebraska at Omaha, which reports "UNOMAHA"), and the names Crosswalk's
 * own data files give schools that no rule derives from the directory's ("Louisiana State University (A&M, Baton
 * Rouge)" in Louisiana's matrix). Each entry says why.
 */
export interface CrosswalkSchoolNames {
  unitid: number;
  /** The school's name now, when it changed after 2020 (the directory's becomes a former name). */
  name?: string;
  /** Earlier names besides the directory's. */
  formerNames?: string[];
  aliases: string[];
  why: string;
}

export const CROSSWALK_SCHOOL_NAMES: readonly CrosswalkSchoolNames[] = [
  { unitid: 137759, name: 'Tallahassee State College', aliases: ['TCC'], why: 'renamed in 2024 (the directory still says Tallahassee Community College)' },
  { unitid: 134495, name: 'Hillsborough College', aliases: ['HCC'], why: 'renamed in 2024 (the directory still says Hillsborough Community College)' },
  { unitid: 159391, aliases: ['Louisiana State University (A&M, Baton Rouge)', 'LSU A&M', 'LSU Baton Rouge'], why: "Louisiana's common-course matrix names it so" },
  { unitid: 160621, aliases: ['Southern University A&M (Baton Rouge)', 'Southern University Baton Rouge', 'SU A&M'], why: "Louisiana's common-course matrix names it so" },
  { unitid: 204024, aliases: ['Miami University', 'Miami University (Ohio)', 'Miami University Ohio', 'Miami of Ohio', 'Miami OH'], why: 'its main campus goes by the university’s name; the directory names it Miami University-Oxford' },
  { unitid: 236948, aliases: ['University of Washington', 'UW Seattle'], why: 'its main campus goes by the university’s name; the directory names it University of Washington-Seattle Campus' },
  { unitid: 126818, aliases: ['Colorado State University', 'Colorado State', 'CSU Fort Collins'], why: 'its main campus goes by the university’s name; the directory names it Colorado State University-Fort Collins' },
  { unitid: 476975, aliases: ['CSU Global', 'Colorado State University Global'], why: 'what the school calls itself' },
  { unitid: 228723, aliases: ['Texas A&M University', 'TAMU'], why: 'its main campus goes by the university’s name; the directory names it Texas A & M University-College Station' },
  { unitid: 181394, aliases: ['UNO', 'Nebraska Omaha'], why: 'what students call it; the directory reports only "UNOMAHA"' },
];
