import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaystackGateway } from './paystack.gateway';
import { PaystackTransfers, TestModeTransfers, TRANSFER_GATEWAY, type TransferGateway } from './paystack-transfers';
import { TestModeGateway } from './test-mode.gateway';
import { PaymentException } from './payment-exception.entity';
import { TestPayment } from './test-payment.entity';

@Module({
  imports: [TypeOrmModule.forFeature([TestPayment, PaymentException])],
  controllers: [PaymentsController],
  providers: [
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, DataSource],
      useFactory: (config: AppConfig, db: DataSource): PaymentGateway =>
        config.paystack.secretKey ? new PaystackGateway(config.paystack) : new TestModeGateway(db, config),
    },
    {
      // Money out (payouts): Paystack with a key; the offline stand-in only where test mode is on; else off (null).
      provide: TRANSFER_GATEWAY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): TransferGateway | null =>
        config.paystack.secretKey
          ? new PaystackTransfers(config.paystack)
          : config.paystack.testMode
            ? new TestModeTransfers()
            : null,
    },
    PaymentsService,
  ],
  exports: [PaymentsService, TRANSFER_GATEWAY],
})
export class PaymentsModule {}
