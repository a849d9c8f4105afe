import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { OrdersModule } from '../orders/orders.module';
import { ProductsModule } from '../products/products.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { DashboardController } from './dashboard.controller';
import { VendorDashboardController } from './vendor-dashboard.controller';

@Module({
  imports: [UsersModule, ContactModule, OrdersModule, WalletModule, ProductsModule],
  controllers: [DashboardController, VendorDashboardController],
})
export class DashboardModule {}
