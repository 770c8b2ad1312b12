import type { CalendarReading, CreditCalendar } from './calendar';

/** The part of the record a row sits in. */
export type RowSection = 'institution' | 'transfer' | 'test' | 'in-progress';

/** One course row read from a transcript. */
export interface ReadRow {
  /** Upper-case subject, may contain spaces: "ENC", "ACT SCI", "E C E". */
  subject: string;
  /** Course number with any suffix: "1102", "2013H", "1110.01". */
  number: string;
  title: string;
  /** Attempted credits/hours as printed (see creditsEstimated). */
  credits: number;
  earned: number | null;
  /** Normalised grade ("A-", "B+", "P", "W", "IP", "T"…) or null when none is printed. */
  grade: string | null;
  /** "Fall 2022" style term, or null when no term heading was seen. */
  term: string | null;
  inProgress: boolean;
  /** The row sits under a transfer-credit heading. */
  transferSection: boolean;
  /** The part of the record the row sits in (transfer and test credit are both transferSection). */
  section: RowSection;
  /** 0–1: how sure the reader is of this row (its columns were identified, its numbers agree with each other). */
  confidence: number;
  /**
   * True when the transcript printed 0 attempted credits for a withdrawn course and
   * `credits` holds an estimate of the course's credit value instead (same course elsewhere
   * in the document, else 1 for a lab "L" suffix, else 3).
   */
  creditsEstimated?: boolean;
}

export type TextSource = 'pdfjs' | 'poppler' | 'ocr';

export type { CalendarReading, CreditCalendar };

/** What to tell a person whose file held no plausible course rows (TranscriptReading.courseRowsFound is false). */
export const NO_COURSE_ROWS_MESSAGE = 'We could not find courses in this file. Is it a transcript?';

export interface TranscriptReading {
  source: 'pdf-text' | 'ocr';
  /** The issuing school, e.g. "Valencia College". */
  institution: string | null;
  /** A web address printed on the transcript ("www.cedarridge.edu"): a hint to the school when no name is printed. */
  institutionWebAddress: string | null;
  pages: number;
  rows: ReadRow[];
  /**
   * False when the file holds no plausible course rows (it may not be a transcript): the caller should say
   * "We could not find courses in this file. Is it a transcript?" instead of showing a report.
   */
  courseRowsFound: boolean;
  /** 0–1 for the document as a whole (0 when no course rows were found). */
  confidence: number;
  /** Quarter or semester credits, as the page shows them (calendar.ts); `sure` only when the page says so. */
  calendar: CalendarReading;
  diagnostics: {
    lines: number;
    candidateLines: number;
    skippedLines: string[];
    ms: number;
    ocrConfidence?: number;
    /** Where each page's text came from (index 0 = page 1). */
    textSources?: TextSource[];
  };
}

export type ReadPhase = 'reading' | 'ocr';

export interface ReadTranscriptOptions {
  /** Refuse documents with more pages than this (default 30). */
  maxPages?: number;
  onProgress?: (phase: ReadPhase, fraction: number) => void;
}

export type TranscriptReadErrorCode =
  | 'too_many_pages'
  | 'unreadable'
  | 'unsupported_type'
  | 'empty'
  | 'image_too_large'
  | 'timeout';

/** A bad or unreadable upload; `message` is safe to show to the user. */
export class TranscriptReadError extends Error {
  readonly code: TranscriptReadErrorCode;
  constructor(code: TranscriptReadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TranscriptReadError';
    this.code = code;
  }
}

/** A word with its box, in page units with y growing downwards. */
export interface Word {
  text: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  page: number;
  conf?: number;
  /** The OCR engine's text line the word belongs to (OCR lines follow the text's slant in a skewed photo). */
  line?: number;
}

/** Words of one line that sit close together (a table cell). */
export interface Cell {
  text: string;
  x0: number;
  x1: number;
  words: Word[];
}

export interface Line {
  page: number;
  /** Vertical centre. */
  y: number;
  height: number;
  words: Word[];
  cells: Cell[];
  text: string;
}
