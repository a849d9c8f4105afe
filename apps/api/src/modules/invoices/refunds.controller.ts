import { Body, Controller, Get, Headers, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OrderRefundDto } from '@jara/dto';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { readIdempotencyKey } from '../../common/idempotency/idempotency.service';
import type { User } from '../users/user.entity';
import { RefundsService } from './refunds.service';

/** Refunds of an order (issue 24, decision 038): to the wallet at once, or to the card through Paystack. */
@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Roles('admin')
  @Post(':id/refunds')
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key answers the same refund',
  })
  @ApiOperation({
    summary:
      'Refund a paid order (admin): amount (naira, part or all of what is left), destination wallet (at once) or card (Paystack, only a card-paid order; pending until refund.processed), reason. 201 the refund; too much or card for another payment 422; unpaid 409; unknown order 404',
  })
  async create(
    @CurrentUser() admin: User,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: OrderRefundDto,
    @Headers('idempotency-key') key?: string,
  ) {
    return { data: await this.refunds.create(admin, id, dto, readIdempotencyKey(key)) };
  }

  @Get(':id/refunds')
  @ApiOperation({ summary: "An order's refunds, oldest first (the buyer or an admin; others 404)" })
  async list(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number) {
    return { data: await this.refunds.list(user, id) };
  }
}
