import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';

/** Why an image could not be read: shown in the import report against the row. */
export class ImageSourceError extends Error {}

/**
 * Downloads an http(s) image with a time limit (the whole download) and a size limit (the Content-Length when the
 * server sends one, and the bytes actually received in any case, so a lying or endless body stops at the limit).
 * Only the bytes are returned: what they are is decided by their content, as for uploads.
 */
export async function fetchImage(url: string, limits: { timeoutMs: number; maxBytes: number }): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ImageSourceError(`"${url}" is not a valid URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ImageSourceError('Image URLs must start with http:// or https://.');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(parsed, { signal, redirect: 'follow', headers: { accept: 'image/*' } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ImageSourceError(`Downloading ${url} failed: HTTP ${response.status}.`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new ImageSourceError(`${url} is larger than ${limits.maxBytes} bytes (UPLOAD_MAX_BYTES).`);
    }
    const parts: Buffer[] = [];
    let size = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limits.maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new ImageSourceError(`${url} is larger than ${limits.maxBytes} bytes (UPLOAD_MAX_BYTES).`);
        }
        parts.push(Buffer.from(value));
      }
    }
    return Buffer.concat(parts, size);
  } catch (error) {
    if (error instanceof ImageSourceError) throw error;
    if (signal.aborted) throw new ImageSourceError(`Downloading ${url} took longer than ${limits.timeoutMs / 1000} s.`);
    throw new ImageSourceError(`Downloading ${url} failed: ${(error as Error).message}.`);
  }
}

/** Reads a local image file, refusing one above the size limit before reading it. */
export async function readImageFile(path: string, maxBytes: number): Promise<Buffer> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ImageSourceError(`${path} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof ImageSourceError) throw error;
    throw new ImageSourceError(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
  if (size > maxBytes)
    throw new ImageSourceError(`${basename(path)} is larger than ${maxBytes} bytes (UPLOAD_MAX_BYTES).`);
  return readFile(path);
}

/** The bytes in the shape an upload reaches the API's services (multer's file). */
export function asUpload(buffer: Buffer, name: string): Express.Multer.File {
  return {
    fieldname: 'image',
    originalname: name,
    encoding: '7bit',
    mimetype: 'application/octet-stream',
    size: buffer.length,
    buffer,
  } as Express.Multer.File;
}
