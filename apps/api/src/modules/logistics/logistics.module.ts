import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InvoicesModule } from '../invoices/invoices.module';
import { DeliveriesController, GuestDeliveriesController, TrackingLookupController } from './deliveries.controller';
import { DeliveriesListener } from './deliveries.listener';
import { DeliveriesService } from './deliveries.service';
import { Delivery, DeliveryStatusChange } from './delivery.entity';
import { GuestFeeController } from './guest-fee.controller';
import { GuestFeeListener } from './guest-fee.listener';
import { GuestFeeService } from './guest-fee.service';
import { GuestLink } from './guest-link.entity';
import {
  LocationsController,
  LogisticsSettingsController,
  ShippingsController,
  WarehousesController,
} from './logistics.controller';
import { Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from './logistics.entity';
import { LogisticsService } from './logistics.service';
import { ConsolidationService } from './consolidation.service';
import { Consolidation, DeliveryReceipt, DeliveryReceiptPhoto, ReceiptSettingsRow } from './receipt.entity';
import { ConsolidationsController, ReceiptsController, ReceiptUploadsModule } from './receipts.controller';
import { ReceiptsService } from './receipts.service';
import { ContentsService } from './contents.service';
import { DeliveryAttempt, DeliveryContent, ProblemAction } from './last-mile.entity';
import {
  ManifestController,
  ParcelLastMileController,
  ProblemsController,
  RiderController,
  RidersController,
} from './last-mile.controller';
import { ProblemsService } from './problems.service';
import { RiderService } from './rider.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      Location,
      Warehouse,
      ShippingTitle,
      LogisticsSettingsRow,
      Delivery,
      DeliveryStatusChange,
      GuestLink,
      DeliveryReceipt,
      DeliveryReceiptPhoto,
      ReceiptSettingsRow,
      Consolidation,
      DeliveryContent,
      DeliveryAttempt,
      ProblemAction,
    ]),
    InvoicesModule,
    // Multer for the module's uploads (receipt photos: up to 10 files so a 6th reaches the service's 422; the
    // rider's photo and signature).
    ReceiptUploadsModule,
  ],
  controllers: [
    LocationsController,
    WarehousesController,
    ShippingsController,
    LogisticsSettingsController,
    DeliveriesController,
    GuestDeliveriesController,
    TrackingLookupController,
    GuestFeeController,
    ReceiptsController,
    ConsolidationsController,
    // Issue 26: contents, the last mile, the problem queue
    ParcelLastMileController,
    ManifestController,
    RidersController,
    RiderController,
    ProblemsController,
  ],
  providers: [
    LogisticsService,
    DeliveriesService,
    DeliveriesListener,
    GuestFeeService,
    GuestFeeListener,
    ReceiptsService,
    ConsolidationService,
    ContentsService,
    RiderService,
    ProblemsService,
  ],
  exports: [LogisticsService, DeliveriesService],
})
export class LogisticsModule {}
