import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KycModule } from '../kyc/kyc.module';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { PayoutAccount } from './payout-account.entity';
import { Payout } from './payout.entity';
import { PayoutCountsSubscriber } from './payout-counts.subscriber';
import { PayoutsAdminController, VendorPayoutsController } from './payouts.controller';
import { PayoutsService } from './payouts.service';

/** Vendor payouts (issue 24): owns payout_accounts and payouts; moves money only through the wallet's ledger. */
@Module({
  imports: [TypeOrmModule.forFeature([PayoutAccount, Payout]), PaymentsModule, WalletModule, KycModule, UsersModule],
  controllers: [VendorPayoutsController, PayoutsAdminController],
  providers: [PayoutsService, PayoutCountsSubscriber],
  exports: [PayoutsService],
})
export class PayoutsModule {}
