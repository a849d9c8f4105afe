import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvoicesModule } from '../invoices/invoices.module';
import { PaymentsModule } from '../payments/payments.module';
import { ProductsModule } from '../products/products.module';
import { WalletModule } from '../wallet/wallet.module';
import { Order, OrderItem, OrderStatusChange, OrderVendor } from './order.entity';
import { OrderJobsService } from './order-jobs.service';
import { OrderLifecycleService } from './order-lifecycle.service';
import { OrderLinesService } from './order-lines.service';
import { OrderPlacementService } from './order-placement.service';
import { OrderQueriesService } from './order-queries.service';
import { OrderStatsService } from './order-stats.service';
import { OrdersController, OrderStatsController, ShopPolicyController } from './orders.controller';
import { OrdersListener } from './orders.listener';
import { OrdersService } from './orders.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Order, OrderItem, OrderStatusChange, OrderVendor]),
    WalletModule,
    InvoicesModule,
    PaymentsModule,
    ProductsModule,
  ],
  controllers: [OrdersController, OrderStatsController, ShopPolicyController],
  providers: [
    OrdersService,
    OrderPlacementService,
    OrderLifecycleService,
    OrderLinesService,
    OrderQueriesService,
    OrderJobsService,
    OrderStatsService,
    OrdersListener,
  ],
  exports: [OrdersService],
})
export class OrdersModule {}
