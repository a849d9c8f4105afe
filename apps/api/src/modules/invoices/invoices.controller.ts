import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { readIdempotencyKey } from '../../common/idempotency/idempotency.service';
import { ManualInvoiceDto, PayInvoiceDto } from '@jara/dto';
import { InvoicesService } from './invoices.service';

@ApiTags('invoices')
@ApiBearerAuth()
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Roles('admin')
  @Get()
  @ApiOperation({
    summary:
      'Every invoice (list contract): status, type, currency, user_id, email (contains), created_at_gte/lte (YYYY-MM-DD, Lagos days), q; after= cursor',
  })
  list(@Query() query: ListQuery) {
    return this.invoices.list(query);
  }

  @Get('user')
  @ApiOperation({ summary: 'Own invoices, newest first (status, type filters; after= cursor)' })
  own(@CurrentUser() user: User, @Query() query: ListQuery) {
    return this.invoices.listOwn(user.id, query);
  }

  @Roles('admin')
  @Post()
  @ApiOperation({
    summary: 'Raise a manual invoice for a user: user_id, amount, currency, description; 404 for an unknown user',
  })
  async create(@CurrentUser() admin: User, @Body() dto: ManualInvoiceDto) {
    return { data: await this.invoices.createManual(admin, dto) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One invoice (owner or admin; anyone else 404)' })
  async show(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number) {
    return { data: await this.invoices.get(user, id) };
  }

  @Post(':id/pay')
  @HttpCode(200)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A replay with the same key answers the first result and pays once',
  })
  @ApiOperation({
    summary:
      'Pay own invoice: method wallet ({data: invoice}; 422 when the balance is short) or paystack ({data: {authorization_url, reference}}); paid or cancelled: 409',
  })
  async pay(
    @CurrentUser() user: User,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: PayInvoiceDto,
    @Headers('idempotency-key') key?: string,
  ) {
    return { data: await this.invoices.pay(user, id, dto, readIdempotencyKey(key)) };
  }

  @Get(':id/verify')
  @ApiOperation({ summary: 'Verify a card payment of own invoice (reference) and settle it once; answers the invoice' })
  async verify(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Query() query: ListQuery) {
    return { data: await this.invoices.verify(user, id, query) };
  }

  @Roles('admin')
  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a pending invoice (paid or cancelled: 409)' })
  async cancel(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.invoices.cancel(id) };
  }
}
