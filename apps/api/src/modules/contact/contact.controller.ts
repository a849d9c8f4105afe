import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { ContactService } from './contact.service';
import { CreateContactMessageDto, SubscribeDto } from '@jara/dto';

@ApiTags('contact')
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @Post('contact-messages')
  @AbuseLimit('contact')
  @ApiOperation({ summary: 'Send a message through the contact form' })
  async create(@Body() dto: CreateContactMessageDto, @CurrentUser() user?: User) {
    const row = await this.contact.create(dto, user?.id ?? null);
    return { message: 'Thank you! Your message has been sent.', data: row };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Get('contact-messages')
  @ApiOperation({ summary: 'Contact messages, newest first (q searches name, e-mail and text)' })
  list(@Query() query: ListQuery) {
    return this.contact.list(query);
  }

  @Public()
  @Post('newsletter')
  @AbuseLimit('newsletter')
  @ApiOperation({ summary: 'Subscribe an e-mail address to the newsletter (idempotent)' })
  async subscribe(@Body() dto: SubscribeDto) {
    await this.contact.subscribe(dto.email);
    return { message: 'Thank you for subscribing!' };
  }
}
