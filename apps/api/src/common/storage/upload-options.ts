import { MulterModule } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/**
 * Multer for modules whose controllers take uploads: in memory, with the size limit from UPLOAD_MAX_BYTES
 * (413 past it). The content check happens in StorageService. Import this in a module that uses FileInterceptor.
 */
export const UploadsModule = MulterModule.registerAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    storage: memoryStorage(),
    limits: { fileSize: config.uploads.maxBytes, files: 4, fields: 40 },
  }),
});
