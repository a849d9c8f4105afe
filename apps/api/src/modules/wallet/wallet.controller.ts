import { Body, Controller, Get, Headers, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { FundWalletDto, WalletAdjustmentDto } from '@jara/dto';
import { readIdempotencyKey } from '../../common/idempotency/idempotency.service';
import { WalletService } from './wallet.service';

@ApiTags('wallet')
@ApiBearerAuth()
@Controller('wallet')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  @Get('balance')
  @ApiOperation({
    summary:
      'Own balances: usdBalance and ngnBalance as decimal strings of major units, usd_minor and ngn_minor as integers (cents, kobo)',
  })
  async balance(@CurrentUser() user: User) {
    return { data: await this.wallet.balance(user.id) };
  }

  @Get('histories')
  @ApiOperation({
    summary: 'Own ledger, newest first (list contract; status, direction, currency filters; after= cursor)',
  })
  histories(@CurrentUser() user: User, @Query() query: ListQuery) {
    return this.wallet.histories(user.id, query);
  }

  @Post('fund')
  @ApiOperation({
    summary:
      'Start a funding: amount (major units, 2 decimals at most; at least 100 NGN or 1 USD) and currency; answers {authorization_url, reference}',
  })
  async fund(@CurrentUser() user: User, @Body() dto: FundWalletDto) {
    return { data: await this.wallet.fund(user, dto) };
  }

  @Get('fund/verify')
  @ApiOperation({
    summary: 'Verify a funding with the gateway (reference) and credit it once; answers {status, balance}',
  })
  async verify(@CurrentUser() user: User, @Query() query: ListQuery) {
    return { data: await this.wallet.verifyFunding(user, query) };
  }
}

@ApiTags('wallet')
@ApiBearerAuth()
@Roles('admin')
@Controller('wallets')
export class WalletsAdminController {
  constructor(private readonly wallet: WalletService) {}

  @Get()
  @ApiOperation({ summary: 'Users with their balances (list contract; q, role, email, name filters)' })
  accounts(@Query() query: ListQuery) {
    return this.wallet.accounts(query);
  }

  @Get(':userId')
  @ApiOperation({ summary: "One user's balances (the row of GET /wallets)" })
  async account(@Param('userId', ParseIntPipe) userId: number) {
    return { data: await this.wallet.account(userId) };
  }

  @Get(':userId/histories')
  @ApiOperation({ summary: "A user's ledger, newest first" })
  histories(@Param('userId', ParseIntPipe) userId: number, @Query() query: ListQuery) {
    return this.wallet.historiesOf(userId, query);
  }

  @Post(':userId/adjustments')
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiOperation({
    summary:
      'Credit or debit a wallet with a reason (amount, currency, direction, reason); a debit never below zero; 201 ledger entry',
  })
  async adjust(
    @CurrentUser() admin: User,
    @Param('userId', ParseIntPipe) userId: number,
    @Body() dto: WalletAdjustmentDto,
    @Headers('idempotency-key') key?: string,
  ) {
    return { data: await this.wallet.adjust(admin, userId, dto, readIdempotencyKey(key)) };
  }
}
