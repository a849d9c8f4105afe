import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { MessageSenders } from './message-senders';
import { MessageSettingsRow } from './message-settings.entity';
import { MessagingController } from './messaging.controller';
import { MessagingListener } from './messaging.listener';
import { MessagingService } from './messaging.service';
import { OutboundMessage } from './outbound-message.entity';

/** SMS and WhatsApp status updates (issue 26): owns message_settings and outbound_messages. */
@Module({
  imports: [TypeOrmModule.forFeature([MessageSettingsRow, OutboundMessage]), UsersModule],
  controllers: [MessagingController],
  providers: [MessagingService, MessagingListener, MessageSenders],
  exports: [MessagingService],
})
export class MessagingModule {}
