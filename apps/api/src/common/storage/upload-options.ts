import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import { memoryStorage } from 'multer';

/** Upload size limit, read once at boot from UPLOAD_MAX_BYTES (see config). */
let maxBytes = 5 * 1024 * 1024;
export function setUploadLimit(bytes: number): void {
  maxBytes = bytes;
}

/** Multer in memory with a size and count limit; the content check happens in StorageService. */
export function imageUploadOptions(): MulterOptions {
  return {
    storage: memoryStorage(),
    limits: {
      get fileSize() {
        return maxBytes;
      },
      files: 1,
      fields: 20,
    },
    fileFilter: (_req, _file, callback) => callback(null, true),
  };
}
