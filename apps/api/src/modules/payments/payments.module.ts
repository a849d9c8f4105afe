import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaystackGateway } from './paystack.gateway';
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
    PaymentsService,
  ],
  exports: [PaymentsService],
})
export class PaymentsModule {}
