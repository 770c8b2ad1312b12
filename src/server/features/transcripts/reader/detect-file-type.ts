/** Sniffs an upload by its bytes (never by its name or declared type). */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'heic' | 'unknown';

/** Content we recognise only to refuse it. */
export type RefusedKind = 'empty' | 'zip' | 'html' | 'svg' | 'xml' | 'gif' | 'webp' | 'tiff' | 'polyglot';

export interface FileTypeResult {
  kind: FileKind;
  mime: string | null;
  /** Set when the bytes must be refused; `kind` may still name the outer format (e.g. a PDF/ZIP polyglot). */
  refuse: RefusedKind | null;
  /** The file is valid as one format but also carries another format's signature (e.g. PDF + ZIP). */
  polyglot: boolean;
}

const ascii = (bytes: Uint8Array, start: number, end: number): string => {
  let s = '';
  for (let i = start; i < Math.min(end, bytes.length); i++) s += String.fromCharCode(bytes[i]!);
  return s;
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0): boolean =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** Offset of a ZIP local-file, central-directory or end-of-central-directory signature, or -1. */
export function findZipSignature(bytes: Uint8Array, from = 0): number {
  for (let i = from; i + 3 < bytes.length; i++) {
    if (bytes[i] !== 0x50 || bytes[i + 1] !== 0x4b) continue;
    const a = bytes[i + 2];
    const b = bytes[i + 3];
    if ((a === 0x03 && b === 0x04) || (a === 0x01 && b === 0x02) || (a === 0x05 && b === 0x06)) return i;
  }
  return -1;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

export function detectFileType(bytes: Uint8Array): FileTypeResult {
  const result = (kind: FileKind, mime: string | null, refuse: RefusedKind | null = null, polyglot = false): FileTypeResult => ({
    kind,
    mime,
    refuse,
    polyglot,
  });
  if (bytes.length === 0) return result('unknown', null, 'empty');
  // whitespace-only counts as empty
  let firstNonSpace = 0;
  while (firstNonSpace < bytes.length && [0x20, 0x09, 0x0a, 0x0d, 0x00].includes(bytes[firstNonSpace]!)) firstNonSpace++;
  if (firstNonSpace === bytes.length) return result('unknown', null, 'empty');

  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return result('unknown', 'application/zip', 'zip');

  // PDF: the header must be at the very start (readers tolerate junk before it, which is how polyglots hide).
  const pdfAt = ascii(bytes, 0, 1024).indexOf('%PDF-');
  if (pdfAt === 0) {
    const polyglot = findZipSignature(bytes) >= 0;
    return result('pdf', 'application/pdf', polyglot ? 'polyglot' : null, polyglot);
  }
  if (pdfAt > 0) return result('pdf', 'application/pdf', 'polyglot', true);

  let kind: FileKind = 'unknown';
  let mime: string | null = null;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) [kind, mime] = ['png', 'image/png'];
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) [kind, mime] = ['jpeg', 'image/jpeg'];
  else if (ascii(bytes, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(bytes, 8, 12))) [kind, mime] = ['heic', 'image/heic'];
  if (kind !== 'unknown') {
    const polyglot = findZipSignature(bytes) >= 0 || ascii(bytes, 0, Math.min(bytes.length, 1 << 20)).includes('%PDF-');
    return result(kind, mime, polyglot ? 'polyglot' : null, polyglot);
  }

  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return result('unknown', 'image/gif', 'gif');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return result('unknown', 'image/webp', 'webp');
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return result('unknown', 'image/tiff', 'tiff');

  let head = ascii(bytes, firstNonSpace, firstNonSpace + 2048).toLowerCase();
  if (head.startsWith('\u00ef\u00bb\u00bf')) head = head.slice(3); // UTF-8 BOM
  head = head.trimStart();
  if (head.includes('<svg')) return result('unknown', 'image/svg+xml', 'svg');
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || /<(head|body|script|iframe)[\s>]/.test(head)) return result('unknown', 'text/html', 'html');
  if (head.startsWith('<?xml')) return result('unknown', 'application/xml', 'xml');
  return result('unknown', null);
}
