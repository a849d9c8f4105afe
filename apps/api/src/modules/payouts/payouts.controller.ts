import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  BulkApprovePayoutsDto,
  RejectPayoutDto,
  ResolveAccountDto,
  VendorPayoutAccountDto,
  WithdrawDto,
} from '@jara/dto';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { readIdempotencyKey } from '../../common/idempotency/idempotency.service';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { PayoutsService } from './payouts.service';

/** Streams CSV chunks as an attachment (the first chunk is produced before any header is sent: errors stay JSON). */
async function sendCsv(res: Response, filename: string, chunks: AsyncGenerator<string>): Promise<void> {
  const first = await chunks.next();
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (!first.done) res.write(first.value);
  for await (const chunk of chunks) res.write(chunk);
  res.end();
}

@ApiTags('payouts')
@ApiBearerAuth()
@Roles('vendor')
@Controller('vendor-payouts')
export class VendorPayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get('banks')
  @ApiOperation({ summary: "Nigerian banks (Paystack's list, cached a day): {code, name}" })
  async banks() {
    return { data: await this.payouts.banks() };
  }

  @Post('account/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'The account name the bank holds for a NUBAN (422 on account_number when unknown)' })
  async resolve(@Body() dto: ResolveAccountDto) {
    return { data: await this.payouts.resolve(dto) };
  }

  @Get('account')
  @ApiOperation({ summary: "The vendor's active payout account, or null" })
  async account(@CurrentUser() vendor: User) {
    return { data: await this.payouts.account(vendor) };
  }

  @Put('account')
  @ApiOperation({
    summary:
      'Save the payout account (password required; resolved again; a change is e-mailed and payable only after the change delay)',
  })
  async saveAccount(@CurrentUser() vendor: User, @Body() dto: VendorPayoutAccountDto) {
    return { data: await this.payouts.saveAccount(vendor, dto) };
  }

  @Get('balance')
  @ApiOperation({
    summary: 'Pending, available, held and paid-out amounts, the policy, and whether a payout is possible',
  })
  async balance(@CurrentUser() vendor: User) {
    return { data: await this.payouts.balance(vendor.id) };
  }

  @Get('statement')
  @ApiOperation({ summary: 'Sales, reversals, payouts, fees, returns and adjustments, newest first (cursor=, limit=)' })
  statement(@CurrentUser() vendor: User, @Query() query: ListQuery) {
    return this.payouts.statement(vendor.id, query);
  }

  @Get('statement.csv')
  @ApiOperation({ summary: 'The whole statement as CSV (attachment)' })
  async statementCsv(@CurrentUser() vendor: User, @Res() res: Response) {
    await sendCsv(res, 'jara-statement.csv', this.payouts.statementCsv(vendor.id));
  }

  @Get('withdrawals')
  @ApiOperation({ summary: "The vendor's withdrawals, newest first (list contract; status filter)" })
  withdrawals(@CurrentUser() vendor: User, @Query() query: ListQuery) {
    return this.payouts.withdrawals(vendor.id, query);
  }

  @Post('withdrawals')
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({
    summary:
      'Withdraw (amount in naira): held at once; sent automatically up to the auto-approve limit, else queued for approval',
  })
  async withdraw(@CurrentUser() vendor: User, @Body() dto: WithdrawDto, @Headers('idempotency-key') key?: string) {
    return { data: await this.payouts.withdraw(vendor, dto, readIdempotencyKey(key)) };
  }
}

@ApiTags('payouts')
@ApiBearerAuth()
@Roles('admin')
@Controller('payouts')
export class PayoutsAdminController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get()
  @ApiOperation({ summary: 'Payouts with their vendor (list contract; status, vendor_id filters; q; sorts)' })
  list(@Query() query: ListQuery) {
    return this.payouts.list(query);
  }

  @Get('export.csv')
  @ApiOperation({ summary: 'Payouts as CSV (status, vendor_id filters)' })
  async export(@Query() query: ListQuery, @Res() res: Response) {
    await sendCsv(res, 'jara-payouts.csv', this.payouts.exportCsv(query));
  }

  @Post('approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve 1 to 100 payouts awaiting approval: {approved: ids, failed: [{id, message}]}' })
  async bulkApprove(@CurrentUser() admin: User, @Body() dto: BulkApprovePayoutsDto) {
    return { data: await this.payouts.bulkApprove(admin, dto) };
  }

  @Get('vendors/:vendorId/accounts')
  @ApiOperation({ summary: "A vendor's payout accounts, the active one first" })
  async accounts(@Param('vendorId', ParseIntPipe) vendorId: number) {
    return { data: await this.payouts.accountsOf(vendorId) };
  }

  @Get('vendors/:vendorId/balance')
  @ApiOperation({ summary: "A vendor's payout balance" })
  async balance(@Param('vendorId', ParseIntPipe) vendorId: number) {
    return { data: await this.payouts.balanceOf(vendorId) };
  }

  @Get('vendors/:vendorId/statement')
  @ApiOperation({ summary: "A vendor's statement, newest first (cursor=, limit=)" })
  statement(@Param('vendorId', ParseIntPipe) vendorId: number, @Query() query: ListQuery) {
    return this.payouts.statementOf(vendorId, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One payout' })
  async get(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.payouts.get(id) };
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a payout awaiting approval and send it (422 when it is not awaiting approval)' })
  async approve(@CurrentUser() admin: User, @Param('id', ParseIntPipe) id: number) {
    return { data: await this.payouts.approve(admin, id) };
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a payout awaiting approval with a reason; amount and fee go back to the vendor' })
  async reject(@CurrentUser() admin: User, @Param('id', ParseIntPipe) id: number, @Body() dto: RejectPayoutDto) {
    return { data: await this.payouts.reject(admin, id, dto.reason) };
  }
}
