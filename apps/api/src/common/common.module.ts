import { Global, Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency/idempotency.service';
import { MailService } from './mail/mail.service';
import { MediaController } from './storage/media.controller';
import { StorageService } from './storage/storage.service';

/** Shared services every domain module may use: mail, file storage and Idempotency-Key handling. */
@Global()
@Module({
  controllers: [MediaController],
  providers: [MailService, StorageService, IdempotencyService],
  exports: [MailService, StorageService, IdempotencyService],
})
export class CommonModule {}
