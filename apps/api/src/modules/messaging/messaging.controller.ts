import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGING_MSG } from '@jara/contracts';
import { MessageChannelsDto, StartPhoneVerificationDto, VerifyPhoneDto } from '@jara/dto';
import { CurrentUser } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import type { User } from '../users/user.entity';
import { MessagingService } from './messaging.service';

/** The signed-in user's phone for messages and their channels (issue 26). */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('user/messages')
export class MessagingController {
  constructor(private readonly messaging: MessagingService) {}

  @Get()
  @ApiOperation({
    summary: 'The verified number, a pending one, the channels chosen and what each phone channel does here',
  })
  async show(@CurrentUser() user: User) {
    return { data: await this.messaging.settingsFor(user.id) };
  }

  @Put('channels')
  @ApiOperation({
    summary: 'Channels of delivery status updates: email, in_app, sms, whatsapp (SMS/WhatsApp need a verified number)',
  })
  async channels(@CurrentUser() user: User, @Body() dto: MessageChannelsDto) {
    return { message: MESSAGING_MSG.channelsSaved, data: await this.messaging.setChannels(user, dto) };
  }

  @Post('phone')
  @HttpCode(200)
  @AbuseLimit('code-resend')
  @ApiOperation({ summary: 'Send a 6-digit code by SMS to a Nigerian number (one a minute, a few a day)' })
  async start(@CurrentUser() user: User, @Body() dto: StartPhoneVerificationDto) {
    const data = await this.messaging.startVerification(user, dto.phone);
    return { message: MESSAGING_MSG.codeSent(dto.phone), data };
  }

  @Post('phone/verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the code: the pending number becomes the verified one' })
  async verify(@CurrentUser() user: User, @Body() dto: VerifyPhoneDto) {
    return { message: MESSAGING_MSG.phoneVerified, data: await this.messaging.verify(user, dto.code) };
  }

  @Delete('phone')
  @ApiOperation({ summary: 'Forget the number; SMS and WhatsApp updates stop' })
  async remove(@CurrentUser() user: User) {
    return { message: MESSAGING_MSG.phoneRemoved, data: await this.messaging.removePhone(user) };
  }
}
