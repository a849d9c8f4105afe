import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GUEST_FEE_MSG, RECEIPT_MSG } from '@jara/contracts';
import { Public } from '../../common/decorators/auth.decorators';
import { AbuseLimit } from '../../common/rate-limit/abuse-limit';
import { GuestFeeService } from './guest-fee.service';
import { DisputeMeasureDto, GuestPaymentVerifyDto } from '@jara/dto';

/**
 * A guest's links (decision 032): public, the token in the path is the only authority (a wrong, expired or used one
 * is a 404), limited per client address like the other public routes.
 */
@ApiTags('deliveries')
@Controller('guest')
export class GuestFeeController {
  constructor(private readonly guestFee: GuestFeeService) {}

  @Public()
  @Get('confirmations/:token')
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({ summary: "A guest's confirm link: the tracking number it confirms (wrong, expired or used: 404)" })
  async confirmation(@Param('token') token: string) {
    return { data: await this.guestFee.confirmation(token) };
  }

  @Public()
  @Post('confirmations/:token')
  @HttpCode(200)
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({
    summary:
      "Confirm a guest's e-mail (once; of two at once one wins, the other 404): a fee already set is e-mailed with a pay link",
  })
  async confirm(@Param('token') token: string) {
    return { message: GUEST_FEE_MSG.confirmed, data: await this.guestFee.confirm(token) };
  }

  @Public()
  @Get('fees/:token')
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({
    summary: "A guest's pay link: the parcel (tracking number, route, measures, status) and its fee (404 otherwise)",
  })
  async fee(@Param('token') token: string) {
    return { data: await this.guestFee.fee(token) };
  }

  @Public()
  @Post('fees/:token/pay')
  @HttpCode(200)
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({
    summary:
      'Start a card payment of the fee: {authorization_url, reference}; while one is pending a repeat answers it; paid or cancelled: 409',
  })
  async pay(@Param('token') token: string) {
    return { data: await this.guestFee.pay(token) };
  }

  @Public()
  @Post('fees/:token/verify')
  @HttpCode(200)
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({ summary: 'Back from the gateway: verify a card payment of the fee (reference) and settle it once' })
  async verify(@Param('token') token: string, @Body() dto: GuestPaymentVerifyDto) {
    return { data: await this.guestFee.verify(token, dto.reference) };
  }

  // Issue 26 (decision 046): a guest's answer to a measure far from what they declared.

  @Public()
  @Get('measures/:token')
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({
    summary:
      "A guest's measure link: the parcel's declared and measured measure, the question and the fee (wrong or expired: 404)",
  })
  async measure(@Param('token') token: string) {
    return { data: await this.guestFee.measure(token) };
  }

  @Public()
  @Post('measures/:token/accept')
  @HttpCode(200)
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({
    summary:
      "Accept the new measure by the guest's link: the fee invoice is raised (e-mailed with a pay link); answered already: 422",
  })
  async acceptMeasure(@Param('token') token: string) {
    return { message: RECEIPT_MSG.accepted, data: await this.guestFee.answerMeasure(token, { kind: 'accept' }) };
  }

  @Public()
  @Post('measures/:token/dispute')
  @HttpCode(200)
  @AbuseLimit('guest-link', { message: GUEST_FEE_MSG.linkTooMany })
  @ApiOperation({
    summary:
      "Dispute the new measure by the guest's link (a reason required): the problem queue lists it; answered already: 422",
  })
  async disputeMeasure(@Param('token') token: string, @Body() dto: DisputeMeasureDto) {
    return {
      message: RECEIPT_MSG.disputed,
      data: await this.guestFee.answerMeasure(token, { kind: 'dispute', reason: dto.reason }),
    };
  }
}
