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
  /** "text-pdf", "photo", "screenshot" or "garbled-pdf" (a PDF whose text layer is garbage: its fonts' maps removed). */
  kind?: 'text-pdf' | 'photo' | 'screenshot' | 'garbled-pdf';
  /** For a photo of one page of a longer document: that page (1-based). */
  page?: number;
  courses: TruthCourse[];
  /** Quarter or semester credits, for scoring the reader's calendar (the unseen set records it for every document). */
  calendar?: 'quarter' | 'semester';
}
