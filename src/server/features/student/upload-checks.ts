/**
 * What a student's upload must be before it is kept (save-transcript, submit-appeal): within its size limit,
 * not empty, one kind of content (no polyglot), a kind allowed for its purpose, named like what it is, and, read
 * by its structure (in a worker thread, time-limited), a PDF within its page limit or an image within its pixel limits (from the header only).
 */
import { SYLLABUS_MAX_BYTES, SYLLABUS_MAX_PAGES, TRANSCRIPT_MAX_BYTES } from '../../../shared/schemas/student';
import { MAX_TRANSCRIPT_PAGES } from '../../../shared/schemas/transcripts';
import { detectFileType } from '../transcripts/reader/detect-file-type';
import { countPdfPages } from '../transcripts/reader/count-pdf-pages';
import { checkImageSize } from '../transcripts/reader/image-size';
import { TranscriptReadError } from '../transcripts/reader/types';
import { detectSyllabusType } from './syllabus-file-type';

export type UploadPurpose = 'transcript' | 'syllabus';
type Kind = 'pdf' | 'png' | 'jpeg' | 'heic' | 'doc' | 'docx';

export interface UploadRefusal {
  status: 400 | 413 | 415 | 422;
  message: string;
}

export const UPLOAD_LIMITS: Record<UploadPurpose, { maxBytes: number; maxPages: number; kinds: readonly Kind[]; allowed: string }> = {
  transcript: { maxBytes: TRANSCRIPT_MAX_BYTES, maxPages: MAX_TRANSCRIPT_PAGES, kinds: ['pdf', 'png', 'jpeg', 'heic'], allowed: 'a PDF, PNG, JPEG or HEIC file' },
  syllabus: { maxBytes: SYLLABUS_MAX_BYTES, maxPages: SYLLABUS_MAX_PAGES, kinds: ['pdf', 'doc', 'docx', 'png', 'jpeg'], allowed: 'a PDF, DOC, DOCX, PNG or JPEG file' },
};

const KIND_EXTENSIONS: Record<Kind, readonly string[]> = { pdf: ['pdf'], png: ['png'], jpeg: ['jpg', 'jpeg'], heic: ['heic'], doc: ['doc'], docx: ['docx'] };
const KIND_NAMES: Record<Kind, string> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  heic: 'a HEIC photo',
  doc: 'a Word (.doc) document',
  docx: 'a Word (.docx) document',
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** A name's extension when it looks like one: 1–5 characters with a letter (not the '2023' of 'Fall.2023'). */
function extensionOf(name: string): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1] ?? '';
  return /[a-z]/i.test(extension) ? extension.toLowerCase() : '';
}
const POLYGLOT = 'This file contains more than one kind of content (for example a PDF with a ZIP archive inside), so it cannot be accepted.';

/** The content's kind by its bytes, or why it is refused. */
function kindOf(bytes: Uint8Array, purpose: UploadPurpose): Kind | UploadRefusal {
  const detected = detectFileType(bytes);
  if (detected.refuse === 'empty') return { status: 400, message: 'The file is empty. Please choose the file again.' };
  if (detected.polyglot || detected.refuse === 'polyglot') return { status: 415, message: POLYGLOT };
  const kind: Kind | null = purpose === 'syllabus' ? detectSyllabusType(bytes) : detected.refuse ? null : detected.kind === 'unknown' ? null : detected.kind;
  if (!kind || !UPLOAD_LIMITS[purpose].kinds.includes(kind)) {
    return { status: 415, message: `This file is not ${UPLOAD_LIMITS[purpose].allowed}, so it was not saved.` };
  }
  // A Word document is a ZIP; one that also opens as a PDF (header in the first KiB, where readers look) is a polyglot.
  if (kind === 'docx' && new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-')) return { status: 415, message: POLYGLOT };
  return kind;
}

/** Checks the uploaded bytes; null when they may be kept. `names` are the names the student gave the file. */
export async function checkStudentUpload(bytes: Uint8Array, purpose: UploadPurpose, names: string[]): Promise<UploadRefusal | null> {
  const limits = UPLOAD_LIMITS[purpose];
  if (bytes.byteLength > limits.maxBytes) return { status: 413, message: `The file is larger than the ${megabytes(limits.maxBytes)} limit for a ${purpose}.` };
  const kind = kindOf(bytes, purpose);
  if (typeof kind !== 'string') return kind;
  for (const name of names) {
    const extension = extensionOf(name);
    if (extension && !KIND_EXTENSIONS[kind].includes(extension)) {
      return {
        status: 415,
        message: `The file's content is ${KIND_NAMES[kind]}, but its name "${name}" says .${extension}. Please upload the original file, or rename it to match.`,
      };
    }
  }
  if (kind === 'pdf') {
    let pages: number;
    try {
      pages = await countPdfPages(bytes);
    } catch (error) {
      return { status: 422, message: error instanceof TranscriptReadError ? error.message : 'This PDF could not be read. It may be damaged.' };
    }
    if (pages > limits.maxPages) return { status: 422, message: `This PDF has ${pages} pages; the limit for a ${purpose} is ${limits.maxPages}.` };
    if (pages === 0) return { status: 422, message: 'This PDF has no pages.' };
  }
  if (kind === 'png' || kind === 'jpeg') {
    try {
      await checkImageSize(bytes);
    } catch (error) {
      if (error instanceof TranscriptReadError) return { status: 422, message: error.message };
      throw error;
    }
  }
  return null;
}
