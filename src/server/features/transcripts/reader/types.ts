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
  /**
   * True when the transcript printed 0 attempted credits for a withdrawn course and
   * `credits` holds an estimate of the course's credit value instead (same course elsewhere
   * in the document, else 1 for a lab "L" suffix, else 3).
   */
  creditsEstimated?: boolean;
}

export interface TranscriptReading {
  source: 'pdf-text' | 'ocr';
  /** The issuing school, e.g. "Valencia College". */
  institution: string | null;
  pages: number;
  rows: ReadRow[];
  diagnostics: {
    lines: number;
    candidateLines: number;
    skippedLines: string[];
    ms: number;
    ocrConfidence?: number;
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
