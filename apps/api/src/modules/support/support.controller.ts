import { Body, Controller, Delete, Get, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MSG } from '@jara/contracts';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { CreateSupportDto, CreateSupportResponseDto, SupportResponseStatusDto, SupportStatusDto } from '@jara/dto';
import { SupportService } from './support.service';

@ApiTags('support')
@ApiBearerAuth()
@Controller('supports')
export class SupportsController {
  constructor(private readonly support: SupportService) {}

  @Get()
  @ApiOperation({ summary: 'Support requests (list contract): all for an admin, own for others; status, q' })
  list(@Query() query: ListQuery, @CurrentUser() user: User) {
    return this.support.list(user, query);
  }

  @Post()
  @AbuseLimit('support')
  @ApiOperation({
    summary:
      "Open a support request (customers and vendors: 'Only customers and vendors can submit support requests.'): name, email, subject, message",
  })
  async create(@Body() dto: CreateSupportDto, @CurrentUser() user: User) {
    return { message: MSG.support.sent, data: await this.support.create(user, dto) };
  }

  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.support.get(user, id) };
  }

  @Get(':id/responses')
  @ApiOperation({ summary: 'The thread: the request and its replies, oldest first (owner or admin)' })
  async thread(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.support.thread(user, id) };
  }

  @Roles('admin')
  @Patch(':id')
  @ApiOperation({ summary: 'Set the status (admin): 1 Open, 2 In Progress, 0 Closed' })
  async status(@Param('id', ParseIntPipe) id: number, @Body() dto: SupportStatusDto) {
    return { message: MSG.support.statusUpdated, data: await this.support.setStatus(id, dto.status) };
  }

  @Roles('admin')
  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.support.remove(id);
    return { message: MSG.support.deleted };
  }
}

@ApiTags('support')
@ApiBearerAuth()
@Controller('support-responses')
export class SupportResponsesController {
  constructor(private readonly support: SupportService) {}

  @Post()
  @AbuseLimit('support-message')
  @ApiOperation({
    summary:
      'Reply in a thread: an admin (the request goes to status, default 2 In Progress) or the owner while it is not closed; blank refused',
  })
  async create(@Body() dto: CreateSupportResponseDto, @CurrentUser() user: User) {
    return { message: MSG.support.responseSent, data: await this.support.reply(user, dto) };
  }

  @Patch(':id/status')
  @ApiOperation({ summary: 'Mark a reply read (1) or unread (0): the side that received it' })
  async status(
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: SupportResponseStatusDto,
    @CurrentUser() user: User,
  ) {
    return { message: MSG.support.statusUpdated, data: await this.support.setResponseStatus(user, id, dto.status) };
  }
}
