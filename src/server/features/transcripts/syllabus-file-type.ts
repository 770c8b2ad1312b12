/**
 * Sniffs a syllabus upload by its bytes: pdf, png and jpeg through the transcript reader's detector, plus the two
 * Word formats it does not know: .doc (an OLE compound file) and .docx (a ZIP whose entries live under word/).
 */
import { detectFileType } from './reader/detect-file-type';

export type SyllabusKind = 'pdf' | 'png' | 'jpeg' | 'doc' | 'docx';

const OLE_CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** .doc: the OLE Compound File Binary header (D0 CF 11 E0 A1 B1 1A E1) at offset 0. */
export function isOleCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && OLE_CFB_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** .docx: a ZIP (local file header at 0) with at least one entry named word/… (read from the local file headers). */
export function isWordOpenXml(bytes: Uint8Array): boolean {
  if (bytes.length < 30 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  for (let entries = 0; entries < 10_000 && offset + 30 <= bytes.length; entries++) {
    if (view.getUint32(offset, true) !== 0x04034b50) break;
    const flags = view.getUint16(offset + 6, true);
    const compressedSize = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 30, offset + 30 + nameLength));
    if (name.startsWith('word/')) return true;
    // With a data descriptor (flag bit 3) the size is not in the header: stop walking rather than guess.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  // Fallback: the central directory (file headers "PK\1\2", the name at offset 46) lists every entry.
  const word = [0x77, 0x6f, 0x72, 0x64, 0x2f]; // "word/"
  for (let i = Math.max(0, bytes.length - 1_048_576); i + 46 + word.length <= bytes.length; i++) {
    if (bytes[i] !== 0x50 || bytes[i + 1] !== 0x4b || bytes[i + 2] !== 0x01 || bytes[i + 3] !== 0x02) continue;
    if (word.every((byte, index) => bytes[i + 46 + index] === byte)) return true;
  }
  return false;
}

export function detectSyllabusType(bytes: Uint8Array): SyllabusKind | null {
  if (isWordOpenXml(bytes)) return 'docx';
  if (isOleCompoundFile(bytes)) return 'doc';
  const detected = detectFileType(bytes);
  if (detected.refuse) return null;
  if (detected.kind === 'pdf' || detected.kind === 'png' || detected.kind === 'jpeg') return detected.kind;
  return null;
}
