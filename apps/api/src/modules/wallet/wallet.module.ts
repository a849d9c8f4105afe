import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { IdempotencyKey } from './idempotency-key.entity';
import { IdempotencyService } from './idempotency.service';
import { LedgerEntry } from './ledger-entry.entity';
import { WalletController, WalletsAdminController } from './wallet.controller';
import { Wallet } from './wallet.entity';
import { WalletService } from './wallet.service';

@Module({
  imports: [TypeOrmModule.forFeature([Wallet, LedgerEntry, IdempotencyKey]), PaymentsModule, UsersModule],
  controllers: [WalletController, WalletsAdminController],
  providers: [WalletService, IdempotencyService],
  exports: [WalletService, IdempotencyService],
})
export class WalletModule {}
