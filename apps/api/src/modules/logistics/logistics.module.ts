import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvoicesModule } from '../invoices/invoices.module';
import { DeliveriesController, GuestDeliveriesController, TrackingLookupController } from './deliveries.controller';
import { DeliveriesListener } from './deliveries.listener';
import { DeliveriesService } from './deliveries.service';
import { Delivery, DeliveryStatusChange } from './delivery.entity';
import {
  LocationsController,
  LogisticsSettingsController,
  ShippingsController,
  WarehousesController,
} from './logistics.controller';
import { Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from './logistics.entity';
import { LogisticsService } from './logistics.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      Location,
      Warehouse,
      ShippingTitle,
      LogisticsSettingsRow,
      Delivery,
      DeliveryStatusChange,
    ]),
    InvoicesModule,
  ],
  controllers: [
    LocationsController,
    WarehousesController,
    ShippingsController,
    LogisticsSettingsController,
    DeliveriesController,
    GuestDeliveriesController,
    TrackingLookupController,
  ],
  providers: [LogisticsService, DeliveriesService, DeliveriesListener],
  exports: [LogisticsService, DeliveriesService],
})
export class LogisticsModule {}
