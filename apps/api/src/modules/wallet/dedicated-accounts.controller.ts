import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/auth.decorators';
import type { User } from '../users/user.entity';
import { DedicatedAccountsService } from './dedicated-accounts.service';

/** A signed-in user's dedicated account number (issue 24): transfers into it credit the wallet by themselves. */
@ApiTags('wallet')
@ApiBearerAuth()
@Controller('wallet/dedicated-account')
export class DedicatedAccountsController {
  constructor(private readonly accounts: DedicatedAccountsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Own dedicated account: { configured, account } (account null before it is created; configured false without Paystack: transfers are confirmed by hand)',
  })
  async show(@CurrentUser() user: User) {
    return { data: await this.accounts.get(user) };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create the own dedicated account at Paystack once (a second call answers it); configured false without Paystack; Paystack unreachable 502',
  })
  async create(@CurrentUser() user: User) {
    return { data: await this.accounts.create(user) };
  }
}
