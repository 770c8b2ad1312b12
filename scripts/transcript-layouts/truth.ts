/** The truth file's shape (as tests/fixtures/transcripts/truth.json, with a few optional fields). */
import type { TruthCourse } from './record';

export interface TruthEntry {
  id: string;
  /** The layout family ("banner", "peoplesoft", …) or, for the real set, the school system it was re-typeset from. */
  layout: string;
  files: string[];
  school: string;
  /** False when the document prints the school only as a web address (or not at all). */
  schoolPrinted?: boolean;
  student: string;
  /** "text-pdf" or "photo". */
  kind?: 'text-pdf' | 'photo';
  /** For a photo of one page of a longer document: that page (1-based). */
  page?: number;
  courses: TruthCourse[];
}
