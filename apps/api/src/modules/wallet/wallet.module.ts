import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { DedicatedAccount } from './dedicated-account.entity';
import { DedicatedAccountsController } from './dedicated-accounts.controller';
import { DedicatedAccountsService } from './dedicated-accounts.service';
import { LedgerCountsSubscriber } from './ledger-counts.subscriber';
import { LedgerEntry } from './ledger-entry.entity';
import { WalletController, WalletsAdminController } from './wallet.controller';
import { Wallet } from './wallet.entity';
import { WalletService } from './wallet.service';

@Module({
  imports: [TypeOrmModule.forFeature([Wallet, LedgerEntry, DedicatedAccount]), PaymentsModule, UsersModule],
  controllers: [WalletController, WalletsAdminController, DedicatedAccountsController],
  providers: [WalletService, DedicatedAccountsService, LedgerCountsSubscriber],
  exports: [WalletService],
})
export class WalletModule {}
