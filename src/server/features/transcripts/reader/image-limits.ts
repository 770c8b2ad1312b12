/**
 * How large an image we decode, whatever holds it: a photo (PNG, JPEG, HEIC) or an image inside a PDF page. One limit
 * for every path, so an image bomb is refused when it is uploaded, before any pixel is decoded (decision 041, and 144
 * for images inside PDFs). Kept apart from sharp so the PDF-checking thread need not load it.
 */
import { TranscriptReadError } from './types';

/** Images above either limit are refused before any pixel is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export const isOversizedImage = (width: number, height: number) => width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE;

const limitsInWords = () => `${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels per side`;

/** Throws when an image of this size is over either limit (whatever format declared it). */
export function refuseOversizedImage(width: number, height: number): void {
  if (isOversizedImage(width, height)) {
    throw new TranscriptReadError('image_too_large', `This image is too large (${width}×${height} pixels). Please upload an image under ${limitsInWords()}.`);
  }
}

/** Why a PDF holding an image over the limits is refused. */
export const oversizedPdfImageMessage = (width: number, height: number) =>
  `This PDF holds an image too large to open safely (${width}×${height} pixels). Please upload a PDF whose images are under ${limitsInWords()}, or a photo of each page.`;
