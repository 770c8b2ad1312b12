/** Image dimensions from the header only: huge images are refused before any pixel is decoded. */
import sharp, { type Metadata } from 'sharp';
import { TranscriptReadError } from './types';

/** Images above either limit are refused before any pixel is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

/** Reads width and height from the image header only (sharp's metadata never decodes pixels) and refuses huge images. */
export async function checkImageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch (err) {
    throw new TranscriptReadError('unreadable', 'This image could not be read. Please upload a JPEG or PNG image.', { cause: err });
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new TranscriptReadError('unreadable', 'This image could not be read. Please upload a JPEG or PNG image.');
  refuseOversizedImage(width, height);
  return { width, height };
}

/** Throws when an image of this size is over either limit (whatever format declared it). */
export function refuseOversizedImage(width: number, height: number): void {
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new TranscriptReadError(
      'image_too_large',
      `This image is too large (${width}×${height} pixels). Please upload an image under ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels per side.`,
    );
  }
}
