import { fromBuffer } from 'file-type';
import { UPLOAD_IMAGE_MIME_TYPES } from '@jara/contracts';

/** The raster formats people may upload (product images, avatars): JPEG, PNG, GIF and WebP. Never SVG or HTML. */
export type ImageMime = (typeof UPLOAD_IMAGE_MIME_TYPES)[number];
export type ImageKind = {
  mime: ImageMime;
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  sharpFormat: 'jpeg' | 'png' | 'gif' | 'webp';
};

const KINDS: Record<ImageMime, ImageKind> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg', sharpFormat: 'jpeg' },
  'image/png': { mime: 'image/png', ext: 'png', sharpFormat: 'png' },
  'image/gif': { mime: 'image/gif', ext: 'gif', sharpFormat: 'gif' },
  'image/webp': { mime: 'image/webp', ext: 'webp', sharpFormat: 'webp' },
};

/**
 * Detects an image type from the file's content with file-type (never from its name or the client's MIME type).
 * Anything but JPEG, PNG, GIF or WebP is null: SVG, HTML, XML, PDF, TIFF, AVIF...
 */
export async function sniffImage(buffer: Buffer): Promise<ImageKind | null> {
  if (!buffer?.length) return null;
  const detected = await fromBuffer(buffer);
  if (!detected) return null;
  return (KINDS as Record<string, ImageKind | undefined>)[detected.mime] ?? null;
}
