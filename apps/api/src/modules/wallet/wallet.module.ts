import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { LedgerEntry } from './ledger-entry.entity';
import { WalletController, WalletsAdminController } from './wallet.controller';
import { Wallet } from './wallet.entity';
import { WalletService } from './wallet.service';

@Module({
  imports: [TypeOrmModule.forFeature([Wallet, LedgerEntry]), PaymentsModule, UsersModule],
  controllers: [WalletController, WalletsAdminController],
  providers: [WalletService],
  exports: [WalletService],
})
export class WalletModule {}
