/** Image dimensions from the header only: huge images are refused before any pixel is decoded. */
import sharp, { type Metadata } from 'sharp';
import { refuseOversizedImage } from './image-limits';
import { TranscriptReadError } from './types';

export { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, refuseOversizedImage } from './image-limits';

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
