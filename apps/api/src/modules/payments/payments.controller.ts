import { Controller, Headers, HttpCode, Param, ParseIntPipe, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import type { User } from '../users/user.entity';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Public()
  @Post('webhooks/paystack')
  @HttpCode(200)
  @ApiHeader({
    name: 'x-paystack-signature',
    required: true,
    description: 'HMAC-SHA512 of the raw body with the Paystack secret key (hex)',
  })
  @ApiOperation({
    summary:
      "Paystack's webhook: 200 when the signature is good (charge.success settles once by reference); 401 otherwise",
  })
  async paystack(@Req() req: RawBodyRequest<Request>, @Headers('x-paystack-signature') signature: unknown) {
    await this.payments.handleWebhook(req.rawBody, signature);
    return { message: 'ok' };
  }

  @Public()
  @Post('payments/test/:reference/complete')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Test mode only (404 with a Paystack key): complete a pending test payment; answers the callback_url to go to',
  })
  async completeTest(@Param('reference') reference: string) {
    return { data: await this.payments.finishTestPayment(reference, 'success') };
  }

  @Public()
  @Post('payments/test/:reference/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Test mode only (404 with a Paystack key): cancel a pending test payment' })
  async cancelTest(@Param('reference') reference: string) {
    return { data: await this.payments.finishTestPayment(reference, 'failed') };
  }

  @Roles('admin')
  @Post('payments/exceptions/:id/resolve')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Admin: mark a payment exception (a gateway answer that did not settle) resolved; it leaves the reconciliation. Unknown: 404; resolved: 409',
  })
  async resolve(@CurrentUser() admin: User, @Param('id', ParseIntPipe) id: number) {
    const row = await this.payments.resolveException(admin.id, id);
    return { data: { id: row.id, reference: row.reference, kind: row.kind, resolved_at: row.resolved_at } };
  }
}
