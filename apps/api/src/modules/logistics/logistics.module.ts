import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  LocationsController,
  LogisticsSettingsController,
  ShippingsController,
  WarehousesController,
} from './logistics.controller';
import { Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from './logistics.entity';
import { LogisticsService } from './logistics.service';

@Module({
  imports: [TypeOrmModule.forFeature([Location, Warehouse, ShippingTitle, LogisticsSettingsRow])],
  controllers: [LocationsController, WarehousesController, ShippingsController, LogisticsSettingsController],
  providers: [LogisticsService],
  exports: [LogisticsService],
})
export class LogisticsModule {}
