/**
 * Checks a HEIC photo by its header and box structure, without decoding it (the product keeps HEIC transcripts on the
 * profile but never decodes one): ISO base media boxes that tile the file exactly, an `ftyp` box first with a HEIF
 * brand, a `meta` box with a picture handler (`hdlr` 'pict'), item locations and properties, media data, and image
 * sizes (`ispe`) within the same pixel limits as every other image. "ftypheic" followed by anything else is refused.
 */
import { refuseOversizedImage } from './reader/image-size';

/** `too_large` carries the message of refuseOversizedImage, the one wording for every image format. */
export type HeicProblem = { reason: 'malformed' } | { reason: 'too_large'; message: string };

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const MAX_BOXES = 10_000;
const CONTAINERS = new Set(['meta', 'iprp', 'ipco', 'dinf']);

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts (after its header, and after version and flags for `meta`). */
  body: number;
  end: number;
}

const latin1 = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The boxes between `from` and `to`; null unless they fill that span exactly. */
function readBoxes(bytes: Uint8Array, view: DataView, from: number, to: number, counter: { boxes: number }): Box[] | null {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    if (++counter.boxes > MAX_BOXES || at + 8 > to) return null;
    let size = view.getUint32(at); // ISO base media: big-endian
    const type = latin1(bytes, at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return null;
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(to - at)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at; // extends to the end of its parent
    }
    if (size < header || at + size > to) return null;
    const box: Box = { type, start: at, body: at + header + (type === 'meta' ? 4 : 0), end: at + size };
    if (box.body > box.end) return null;
    boxes.push(box);
    at += size;
  }
  return at === to ? boxes : null;
}

/** Null when the bytes are a structurally whole HEIC image within the pixel limits; otherwise why not. */
export function checkHeicStructure(bytes: Uint8Array): HeicProblem | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const counter = { boxes: 0 };
  const top = readBoxes(bytes, view, 0, bytes.byteLength, counter);
  if (!top || top[0]?.type !== 'ftyp') return { reason: 'malformed' };
  const ftyp = top[0];
  const brands = [latin1(bytes, ftyp.body, ftyp.body + 4)];
  for (let at = ftyp.body + 8; at + 4 <= ftyp.end; at += 4) brands.push(latin1(bytes, at, at + 4));
  if (!brands.some((brand) => HEIF_BRANDS.has(brand))) return { reason: 'malformed' };
  const meta = top.find((box) => box.type === 'meta');
  if (!meta || !top.some((box) => box.type === 'mdat')) return { reason: 'malformed' };

  // Everything inside meta, and inside its containers, must be whole boxes too.
  const found = new Map<string, Box[]>();
  const walk = (parent: Box): boolean => {
    const children = readBoxes(bytes, view, parent.body, parent.end, counter);
    if (!children) return false;
    for (const child of children) {
      found.set(child.type, [...(found.get(child.type) ?? []), child]);
      if (CONTAINERS.has(child.type) && !walk(child)) return false;
    }
    return true;
  };
  if (!walk(meta)) return { reason: 'malformed' };
  const hdlr = found.get('hdlr')?.[0];
  // hdlr: version/flags (4), pre_defined (4), handler_type (4).
  if (!hdlr || hdlr.end - hdlr.body < 12 || latin1(bytes, hdlr.body + 8, hdlr.body + 12) !== 'pict') return { reason: 'malformed' };
  if (!found.has('iinf') || !found.has('iloc') || !found.has('ipco')) return { reason: 'malformed' };
  const sizes = found.get('ispe') ?? [];
  if (sizes.length === 0) return { reason: 'malformed' };
  for (const ispe of sizes) {
    // ispe: version/flags (4), width (4), height (4).
    if (ispe.end - ispe.body < 12) return { reason: 'malformed' };
    const width = view.getUint32(ispe.body + 4);
    const height = view.getUint32(ispe.body + 8);
    if (!width || !height) return { reason: 'malformed' };
    try {
      refuseOversizedImage(width, height);
    } catch (error) {
      return { reason: 'too_large', message: (error as Error).message };
    }
  }
  return null;
}
