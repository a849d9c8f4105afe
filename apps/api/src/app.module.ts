import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { CommonModule } from './common/common.module';
import { ConfigModule } from './common/config.module';
import { addressThrottlerOptions } from './common/rate-limit/address-throttle';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RATE_LIMIT_STORE, type RateLimitStore } from './common/rate-limit/rate-limit.store';
import { JwtAuthGuard } from './common/guards/jwt-auth.guard';
import { RolesGuard } from './common/guards/roles.guard';
import { ListInterceptor } from './common/interceptors/list.interceptor';
import { PublicCacheInterceptor } from './common/http/public-cache';
import type { AppConfig } from './config/config';
import { dataSourceOptions } from './database/data-source';
import { runMigrationsLocked } from './database/migrate';
import { shareListCounts } from './common/list/list-query';
import { AuthModule } from './modules/auth/auth.module';
import { CategoriesModule } from './modules/categories/categories.module';
import { ProductsModule } from './modules/products/products.module';
import { ContactModule } from './modules/contact/contact.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { HealthModule } from './modules/health/health.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { UsersModule } from './modules/users/users.module';
import { CurrenciesModule } from './modules/currencies/currencies.module';
import { InvoicesModule } from './modules/invoices/invoices.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { WalletModule } from './modules/wallet/wallet.module';
import { OrdersModule } from './modules/orders/orders.module';
import { KycModule } from './modules/kyc/kyc.module';
import { LogisticsModule } from './modules/logistics/logistics.module';
import { SupportModule } from './modules/support/support.module';
import { AuditModule } from './modules/audit/audit.module';
import { ReconciliationModule } from './modules/reconciliation/reconciliation.module';
import { PayoutsModule } from './modules/payouts/payouts.module';
import { MessagingModule } from './modules/messaging/messaging.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config),
          // Migrations run after connecting, under a lock, so instances starting together run them once.
          dataSourceFactory: async (options) => {
            const db = await new DataSource(options as DataSourceOptions).initialize();
            if (config.migrationsRun) await runMigrationsLocked(db);
            return db;
          },
        }),
        EventEmitterModule.forRoot(),
        RateLimitModule,
        ThrottlerModule.forRootAsync({
          inject: [RATE_LIMIT_STORE],
          useFactory: (store: RateLimitStore) => addressThrottlerOptions(config, store),
        }),
        CommonModule,
        HealthModule,
        UsersModule,
        AuthModule,
        NotificationsModule,
        ContactModule,
        DashboardModule,
        CategoriesModule,
        ProductsModule,
        CurrenciesModule,
        PaymentsModule,
        WalletModule,
        InvoicesModule,
        OrdersModule,
        LogisticsModule,
        KycModule,
        SupportModule,
        AuditModule,
        ReconciliationModule,
        PayoutsModule,
        MessagingModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_INTERCEPTOR, useClass: ListInterceptor },
        { provide: APP_INTERCEPTOR, useClass: PublicCacheInterceptor },
        {
          // With REDIS_URL, the cached list totals are shared by every instance (a write restarts them everywhere).
          provide: 'LIST_COUNTS_SHARING',
          inject: [DataSource, RATE_LIMIT_STORE],
          useFactory: (db: DataSource, store: RateLimitStore) => {
            if (config.redis.url) shareListCounts(db, store);
            return !!config.redis.url;
          },
        },
      ],
    };
  }
}
