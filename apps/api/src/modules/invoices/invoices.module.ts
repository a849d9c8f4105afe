import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { InvoicePayment } from './invoice-payment.entity';
import { InvoiceCountsSubscriber } from './invoice-counts.subscriber';
import { Invoice } from './invoice.entity';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';
import { OrderRefund } from './order-refund.entity';
import { RefundsController } from './refunds.controller';
import { RefundsListener } from './refunds.listener';
import { RefundsService } from './refunds.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Invoice, InvoicePayment, OrderRefund]),
    WalletModule,
    PaymentsModule,
    UsersModule,
  ],
  controllers: [InvoicesController, RefundsController],
  providers: [InvoicesService, RefundsService, RefundsListener, InvoiceCountsSubscriber],
  exports: [InvoicesService, RefundsService],
})
export class InvoicesModule {}
