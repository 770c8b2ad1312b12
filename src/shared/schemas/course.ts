/**
 * The course search and course details API contract (spec section 3, "Catalogue course"): what
 * `GET /api/courses/search` and `GET /api/courses/:id` answer, shared by the server and the web app.
 */
import { VERDICT_CLASS_INFO, type VerdictClass } from './verdict-class';

/**
 * The spec's transferStatus ('fully' or otherwise), read from the verdict class (verdict-class.ts), which every card
 * and course-page answer carries too and the badges show:
 * - `fully`: a specific course (a rule names one, or statewide numbering guarantees it);
 * - `elective`: elective or general-education credit, not a specific course;
 * - `not-transferable`: it does not transfer, or earns no degree credit;
 * - `unknown`: nothing decides it yet, or statewide numbering does not guarantee it (the school must evaluate it).
 */
export const TRANSFER_STATUSES = ['fully', 'elective', 'not-transferable', 'unknown'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export function transferStatusOf(verdictClass: VerdictClass): TransferStatus {
  if (verdictClass === 'specific-course') return 'fully';
  if (verdictClass === 'elective' || verdictClass === 'general-education') return 'elective';
  return VERDICT_CLASS_INFO[verdictClass].status === 'NO_TRANSFER' ? 'not-transferable' : 'unknown';
}

export interface SchoolRef {
  key: string;
  name: string;
}

/** One result card. Fields a course has no offering for are null: nothing is invented. */
export interface CourseSearchResult {
  id: number;
  school: string;
  schoolKey: string;
  state: string | null;
  courseName: string;
  /** "ECO 2013" */
  courseNumber: string;
  /** 'Online' | 'In-Person' | 'Hybrid' */
  deliveryFormat: string | null;
  transferStatus: TransferStatus;
  /** What the student gets at the school the search names (its badge); 'needs-review' when nothing decides it. */
  verdictClass: VerdictClass;
  credits: string | null;
  professor: string | null;
  rating: number | null;
  /** "Summer 2024" */
  term: string | null;
  /** "$312" */
  tuition: string | null;
  /** "Florida State University: ECO 2013 Principles of Macroeconomics" */
  equivalentAt: string | null;
  /**
   * What is known when the destination's course cannot be named: "Transfers under Florida's statewide course numbering;
   * University of Central Florida's course is not in Crosswalk's catalogue yet". Null otherwise.
   */
  transferNote: string | null;
  /** The engine's reason for the verdict (the rule or statewide numbering behind it), as the transcript report gives it. */
  reason: string | null;
  /** 'rule' when the sending school's catalogue on Crosswalk does not list the course and a transfer rule names it. */
  knownFrom: 'catalogue' | 'rule';
  /** The course's other codes when the school cross-lists it ("HIST 333", "WOMS 342"): one result stands for them all. */
  alsoListedAs: string[];
  /**
   * Set when the rule on file is not in effect for the current term (see currentTerm in the engine's terms.ts): the
   * card then says the course does not transfer now and this explains for which terms the rule is valid.
   */
  termNote: string | null;
  registrationLink: string | null;
  rateMyProfLink: string | null;
  institutionType: 'Public' | 'Private';
  isAvailable: boolean | null;
  /** The offering is demo data (invented professor, rating, price): the card says "Sample listing". */
  isSample: boolean;
  /** How many scheduled offerings the course has (0 = catalogue course only). */
  offeringCount: number;
  /**
   * With a delivery format or term in the search: 'matches' when the course has such a section, 'unknown' when it has
   * no section on file at all (listed after every match, never as one). Null when the search named neither.
   */
  schedule: 'matches' | 'unknown' | null;
}

/** What of a search a chip shows, and what `without` names to leave it out ('target', 'code:ENC 1101'). */
export const SEARCH_CHIP_FIELDS = ['name', 'home', 'target', 'code', 'subject', 'className', 'format', 'term', 'level'] as const;
export type SearchChipField = (typeof SEARCH_CHIP_FIELDS)[number];

/** One thing the server understood of a search, shown as a removable chip. */
export interface SearchChip {
  field: SearchChipField;
  /** "Transfer to: University of Central Florida" */
  label: string;
  /** What `without` names to remove it: the field, or for a code 'code:ENC 1101'. */
  without: string;
}

/** What the server read in a search's text and used (GET /api/courses/search answers it with every page). */
export interface SearchUnderstanding {
  chips: SearchChip[];
  /** The words about the course that the search used, as typed ("intro psychology 1"). */
  words: string;
}

/** A school a search names, as the server understood it (from a filter or from the text). */
export interface SearchedSchool {
  /** Null when no school is known by the name as written, or when several are (see `choices`). */
  key: string | null;
  /** Its name; the name as written when the school is not known. */
  name: string;
  /** The name as the search wrote it ("LSU"), when it came from a name rather than a key. */
  asWritten?: string | null;
  state?: string | null;
  /** Several schools go by the name as written and nothing in the search says which: the student picks one. */
  choices?: Array<{ key: string; name: string; state: string | null; city: string | null }>;
  /** Crosswalk has courses from it (the current school) / rules saying courses transfer into it (the destination). */
  hasCourses?: boolean;
  hasTransferRules?: boolean;
}

export interface CourseSearchResponse {
  understood: SearchUnderstanding;
  results: CourseSearchResult[];
  total: number;
  /** Opaque; pass as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
  /** The current and target schools the search used (name as written when the school is not known). */
  home: SearchedSchool | null;
  target: SearchedSchool | null;
  /**
   * What is known when a school the search names has no rules or courses in Crosswalk yet, and what the student can do
   * ("Crosswalk has no transfer rules into University of Mississippi yet. …"); null otherwise.
   */
  schoolNote: string | null;
  /**
   * What of the search was read and not used: words no course matches, codes no course has at the school named, a season
   * with a year there is no term for ('fall 2031'). Nothing matched when they were all there was.
   */
  unusedWords: string[];
  /** Set when this page lists courses whose schedule is unknown (`schedule: 'unknown'`): what that means, in words. */
  scheduleNote: string | null;
}

export interface CourseOffering {
  id: number;
  term: string;
  deliveryFormat: string;
  professor: string | null;
  rating: number | null;
  tuition: string | null;
  registrationLink: string | null;
  rateMyProfLink: string | null;
  isAvailable: boolean;
  isSample: boolean;
}

export interface CourseCode {
  subject: string;
  number: string;
  title: string | null;
  credits: number | null;
}

/** One answer to "where does this course transfer?", with the rule behind it. */
export interface CourseTransfer {
  /** The stored rule; null when the answer follows from Florida's statewide course numbering with no rule on file. */
  ruleId: number | null;
  toSchool: SchoolRef;
  status: TransferStatus;
  /** What the student gets (its badge). */
  verdictClass: VerdictClass;
  /**
   * "Florida State University: ECO 2013 Principles of Macroeconomics", or null when it does not transfer or the
   * destination's course is not in its catalogue (then `transferNote` says what is known).
   */
  equivalentAt: string | null;
  /** As CourseSearchResult.transferNote. */
  transferNote: string | null;
  targets: Array<CourseCode & { isElective: boolean }>;
  /** Other courses that must be taken too for this rule to apply (many-to-one rules). */
  alsoRequires: CourseCode[];
  creditsAwarded: number | null;
  /** Set when the table the rule came from said its credits are quarter or semester units. */
  creditUnit: 'quarter' | 'semester' | null;
  minGrade: string | null;
  effectiveFromTerm: string | null;
  effectiveToTerm: string | null;
  /** Set when the rule is not in effect for the current term; its status is then `not-transferable`. */
  termNote: string | null;
  /** Where the rule came from: 'seed', 'csv', 'admin', 'statewide-numbering' or 'appeal'. */
  origin: string;
  notes: string | null;
  /** Who approved the rule at the receiving school and when, as its published table says ("J. Smith, 2024-05-01"). */
  approval: string | null;
}

export interface CourseDetails {
  course: {
    id: number;
    school: SchoolRef & { state: string | null; institutionType: 'Public' | 'Private'; website: string | null };
    subject: string;
    number: string;
    courseNumber: string;
    title: string;
    credits: string | null;
    description: string | null;
    /** The same course under the school's other subjects (a cross-listing), each with its own page. */
    alsoListedAs: Array<{ id: number; courseNumber: string }>;
  };
  offerings: CourseOffering[];
  transfers: CourseTransfer[];
  /**
   * A cross-listed course's other codes that rules name, with where they transfer. A rule names one code: these are
   * what is on file for the same course under another subject, not this code's verdict.
   */
  otherCodesTransfers: Array<{ id: number; courseNumber: string; transfers: CourseTransfer[] }>;
}
