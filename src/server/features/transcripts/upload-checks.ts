/**
 * What an uploaded file must be before it is kept or read, in one place for every upload: within its size limit,
 * not empty, one kind of content (no polyglot), a kind allowed for its use, not contradicted by the name the student
 * gave it or the type it was sent as, and, read by its structure (in a worker thread, time-limited), a PDF within its
 * page limit whose contents unpack within the decoders' byte limits, an image within its pixel limits (from the header
 * only), a HEIC photo whose boxes make a whole image within those limits, a Word (.docx) document that unpacks to at
 * most 100 MB (its ZIP directory read first, then inflated only to count).
 *
 * Uses: a transcript or a syllabus the student keeps (save-transcript, submit-appeal), and a transcript about to be
 * read (POST /api/transcripts/:id/analyze), which the reader can only do for a PDF, PNG or JPEG.
 */
import { SYLLABUS_MAX_BYTES, SYLLABUS_MAX_PAGES } from '../../../shared/schemas/student';
import { MAX_TRANSCRIPT_BYTES, MAX_TRANSCRIPT_PAGES } from '../../../shared/schemas/transcripts';
import { countPdfPages } from './reader/count-pdf-pages';
import { detectFileType } from './reader/detect-file-type';
import { checkImageSize } from './reader/image-size';
import { MachineBusyError } from './reader/time-limits';
import { TranscriptReadError } from './reader/types';
import { checkHeicStructure } from './heic-structure';
import { detectSyllabusType } from './syllabus-file-type';
import { inspectZip, MAX_ZIP_UNPACKED_BYTES } from './zip-inspection';
import { unavailable, type DomainErrorKind } from '../../domain-errors';

/** What the file is for: the `purpose` of a stored file, or a transcript the reader is about to read. */
export type UploadUse = 'transcript' | 'syllabus' | 'transcript-reading';
/** The stored files' purposes. */
export type UploadPurpose = Exclude<UploadUse, 'transcript-reading'>;
type Kind = 'pdf' | 'png' | 'jpeg' | 'heic' | 'doc' | 'docx';

/** Why a file is refused: a kind of domain error (http/errors.ts makes it 400, 413, 415 or 422) and what to do. */
export interface UploadRefusal {
  kind: Extract<DomainErrorKind, 'invalid' | 'too_large' | 'unsupported_type' | 'unusable'>;
  message: string;
}

interface UploadRules {
  maxBytes: number;
  maxPages: number;
  kinds: readonly Kind[];
  /** Used in the messages: "the limit for a transcript". */
  noun: string;
  /** Why bytes of another kind are refused, and what to send instead. */
  notAllowed: string;
}

export const UPLOAD_LIMITS: Record<UploadUse, UploadRules> = {
  transcript: {
    maxBytes: MAX_TRANSCRIPT_BYTES,
    maxPages: MAX_TRANSCRIPT_PAGES,
    kinds: ['pdf', 'png', 'jpeg', 'heic'],
    noun: 'transcript',
    notAllowed: 'This file is not a PDF, PNG, JPEG or HEIC file, so it was not saved.',
  },
  syllabus: {
    maxBytes: SYLLABUS_MAX_BYTES,
    maxPages: SYLLABUS_MAX_PAGES,
    kinds: ['pdf', 'doc', 'docx', 'png', 'jpeg'],
    noun: 'syllabus',
    notAllowed: 'This file is not a PDF, DOC, DOCX, PNG or JPEG file, so it was not saved.',
  },
  // A HEIC photo may be kept on the profile, but the reader cannot open one.
  'transcript-reading': {
    maxBytes: MAX_TRANSCRIPT_BYTES,
    maxPages: MAX_TRANSCRIPT_PAGES,
    kinds: ['pdf', 'png', 'jpeg'],
    noun: 'transcript',
    notAllowed: 'This kind of file is not supported. Please upload a PDF, JPEG or PNG of your transcript.',
  },
};

const KIND_EXTENSIONS: Record<Kind, readonly string[]> = { pdf: ['pdf'], png: ['png'], jpeg: ['jpg', 'jpeg'], heic: ['heic'], doc: ['doc'], docx: ['docx'] };
const KIND_CONTENT_TYPES: Record<Kind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  heic: 'image/heic',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const KIND_NAMES: Record<Kind, string> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  heic: 'a HEIC photo',
  doc: 'a Word (.doc) document',
  docx: 'a Word (.docx) document',
};
function nameOfContentType(type: string): string {
  const kind = (Object.keys(KIND_CONTENT_TYPES) as Kind[]).find((candidate) => KIND_CONTENT_TYPES[candidate] === type);
  return kind ? KIND_NAMES[kind] : type;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** A name's extension when it looks like one: 1–5 characters with a letter (not the '2023' of 'Fall.2023'). */
function extensionOf(name: string): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1] ?? '';
  return /[a-z]/i.test(extension) ? extension.toLowerCase() : '';
}
const POLYGLOT = 'This file contains more than one kind of content (for example a PDF with a ZIP archive inside), so it cannot be accepted.';

/** The content's kind by its bytes, or why it is refused. */
function kindOf(bytes: Uint8Array, use: UploadUse): Kind | UploadRefusal {
  const detected = detectFileType(bytes);
  if (detected.refuse === 'empty') return { kind: 'invalid', message: 'The file is empty. Please choose the file again.' };
  if (detected.polyglot || detected.refuse === 'polyglot') return { kind: 'unsupported_type', message: POLYGLOT };
  const kind: Kind | null = use === 'syllabus' ? detectSyllabusType(bytes) : detected.refuse ? null : detected.kind === 'unknown' ? null : detected.kind;
  if (!kind || !UPLOAD_LIMITS[use].kinds.includes(kind)) return { kind: 'unsupported_type', message: UPLOAD_LIMITS[use].notAllowed };
  // A Word document is a ZIP; one that also opens as a PDF (header in the first KiB, where readers look) is a polyglot.
  if (kind === 'docx' && new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-')) return { kind: 'unsupported_type', message: POLYGLOT };
  return kind;
}

/** The content type of bytes that passed checkUpload for this use: what they are, whatever the client declared. */
export function contentTypeOf(bytes: Uint8Array, use: UploadUse): string {
  const kind = kindOf(bytes, use);
  return typeof kind === 'string' ? KIND_CONTENT_TYPES[kind] : 'application/octet-stream';
}

/** The refusal of a file over the limit for its use (also checked from storage's size, before the bytes are read). */
export function tooLarge(use: UploadUse): UploadRefusal {
  const { maxBytes, noun } = UPLOAD_LIMITS[use];
  return { kind: 'too_large', message: `The file is larger than the ${megabytes(maxBytes)} limit for a ${noun}.` };
}

/** What the student said the file is: the names they gave it, the content type it was sent as. */
export interface DeclaredFile {
  names?: string[];
  /** A generic type (application/octet-stream, the profile's default) names nothing to contradict. */
  contentType?: string | null;
}

/** Checks the uploaded bytes for their use; null when they may be kept or read. */
export async function checkUpload(bytes: Uint8Array, use: UploadUse, declared: DeclaredFile = {}): Promise<UploadRefusal | null> {
  const limits = UPLOAD_LIMITS[use];
  if (bytes.byteLength > limits.maxBytes) return tooLarge(use);
  const kind = kindOf(bytes, use);
  if (typeof kind !== 'string') return kind;
  for (const name of declared.names ?? []) {
    const extension = extensionOf(name);
    if (extension && !KIND_EXTENSIONS[kind].includes(extension)) {
      return {
        kind: 'unsupported_type',
        message: `The file's content is ${KIND_NAMES[kind]}, but its name "${name}" says .${extension}. Please upload the original file, or rename it to match.`,
      };
    }
  }
  const { contentType } = declared;
  if (contentType && contentType !== 'application/octet-stream' && contentType !== KIND_CONTENT_TYPES[kind]) {
    return { kind: 'unsupported_type', message: `The file's content is ${KIND_NAMES[kind]}, but it was sent as ${nameOfContentType(contentType)}. Please upload the original file.` };
  }
  if (kind === 'pdf') {
    let pages: number;
    try {
      pages = await countPdfPages(bytes, { inspectPages: limits.maxPages });
    } catch (error) {
      // Not the file's fault: nothing is refused, the asker tries again (503).
      if (error instanceof MachineBusyError) throw unavailable(error.message);
      const message = error instanceof TranscriptReadError ? error.message : 'This PDF could not be read. It may be damaged; please try exporting or downloading it again.';
      return { kind: 'unusable', message };
    }
    if (pages > limits.maxPages) return { kind: 'unusable', message: `This PDF has ${pages} pages; the limit for a ${limits.noun} is ${limits.maxPages}.` };
    if (pages === 0) return { kind: 'unusable', message: 'This PDF has no pages.' };
  }
  if (kind === 'docx') {
    const problem = await inspectZip(bytes);
    if (problem?.reason === 'too_large') {
      return { kind: 'unusable', message: `This Word document unpacks to more than ${megabytes(MAX_ZIP_UNPACKED_BYTES)}, so it was not saved. Please save it as a PDF and upload that.` };
    }
    if (problem) {
      return { kind: 'unusable', message: 'This Word document is damaged or locked with a password, so it was not saved. Please save it as a PDF and upload that.' };
    }
  }
  if (kind === 'heic') {
    const problem = checkHeicStructure(bytes);
    if (problem?.reason === 'too_large') {
      return { kind: 'unusable', message: problem.message };
    }
    if (problem) {
      return { kind: 'unusable', message: 'This file is marked as a HEIC photo but is not a whole one, so it was not saved. Please take the photo again, or save it as JPEG.' };
    }
  }
  if (kind === 'png' || kind === 'jpeg') {
    // Width and height from the header only: a decompression bomb is refused before any pixel is decoded.
    try {
      await checkImageSize(bytes);
    } catch (error) {
      if (error instanceof TranscriptReadError) return { kind: 'unusable', message: error.message };
      throw error;
    }
  }
  return null;
}
