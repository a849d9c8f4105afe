import { Global, Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency/idempotency.service';
import { MailService } from './mail/mail.service';
import { OutboxService } from './outbox/outbox.service';
import { MediaController } from './storage/media.controller';
import { StorageService } from './storage/storage.service';

/** Shared services every domain module may use: mail, file storage, Idempotency-Key handling and the outbox. */
@Global()
@Module({
  controllers: [MediaController],
  providers: [MailService, StorageService, IdempotencyService, OutboxService],
  exports: [MailService, StorageService, IdempotencyService, OutboxService],
})
export class CommonModule {}
