import { Global, Module } from '@nestjs/common';
import { MailService } from './mail/mail.service';
import { MediaController } from './storage/media.controller';
import { StorageService } from './storage/storage.service';

/** Shared services every domain module may use: mail and file storage. */
@Global()
@Module({
  controllers: [MediaController],
  providers: [MailService, StorageService],
  exports: [MailService, StorageService],
})
export class CommonModule {}
