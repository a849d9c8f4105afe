import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MSG } from '@jara/contracts';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import {
  CreateLocationDto,
  CreateShippingDto,
  CreateWarehouseDto,
  LogisticsSettingsDto,
  UpdateLocationDto,
  UpdateShippingDto,
  UpdateWarehouseDto,
} from '@jara/dto';
import { DeliveriesService } from './deliveries.service';
import { AssignDeliveriesDto } from '@jara/dto';
import { LogisticsService } from './logistics.service';

const isAdmin = (user?: User) => user?.role === 'admin';

@ApiTags('logistics')
@Controller('locations')
export class LocationsController {
  constructor(private readonly logistics: LogisticsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Locations (list contract): active ones for everyone, all for an admin (status filter)' })
  list(@Query() query: ListQuery, @CurrentUser() user?: User) {
    return this.logistics.listLocations(query, isAdmin(user));
  }

  @Public()
  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number, @CurrentUser() user?: User) {
    return { data: await this.logistics.getLocation(id, isAdmin(user)) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Post()
  async create(@Body() dto: CreateLocationDto) {
    return { message: MSG.deliveries.created, data: await this.logistics.createLocation(dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Put(':id')
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateLocationDto) {
    return { message: MSG.deliveries.updated, data: await this.logistics.updateLocation(id, dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Delete(':id')
  @ApiOperation({ summary: 'Delete a location (409 while warehouses or shipping titles use it)' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.logistics.removeLocation(id);
    return { message: MSG.deliveries.deleted };
  }
}

@ApiTags('logistics')
@Controller('warehouses')
export class WarehousesController {
  constructor(private readonly logistics: LogisticsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Warehouses with their location (list contract): type, location_id filters; q' })
  list(@Query() query: ListQuery) {
    return this.logistics.listWarehouses(query);
  }

  @Public()
  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.logistics.getWarehouse(id) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Post()
  async create(@Body() dto: CreateWarehouseDto) {
    return { message: MSG.deliveries.created, data: await this.logistics.createWarehouse(dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Put(':id')
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateWarehouseDto) {
    return { message: MSG.deliveries.updated, data: await this.logistics.updateWarehouse(id, dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.logistics.removeWarehouse(id);
    return { message: MSG.deliveries.deleted };
  }
}

@ApiTags('logistics')
@Controller('shippings')
export class ShippingsController {
  constructor(
    private readonly logistics: LogisticsService,
    private readonly deliveries: DeliveriesService,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Shipping titles with their location (list contract): type, status, location_id; q' })
  list(@Query() query: ListQuery) {
    return this.logistics.listShippings(query);
  }

  @Public()
  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.logistics.getShipping(id) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Get(':id/moves')
  @ApiOperation({
    summary:
      'What a status change would move (admin, asked before confirming): ?status=1|2|3; moving (count), target, and staying by status with why',
  })
  async moves(@Param('id', ParseIntPipe) id: number, @Query('status') status: string) {
    return { data: await this.deliveries.previewFollow(id, status) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Post()
  @ApiOperation({ summary: "Create a shipping title: name and location_id required ('Please fill all fields')" })
  async create(@Body() dto: CreateShippingDto) {
    return { message: MSG.deliveries.created, data: await this.logistics.createShipping(dto) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Put(':id')
  @ApiOperation({
    summary: 'Update a shipping title: any of name, location_id, type, status (1 Loading, 2 Transit, 3 Arrived)',
  })
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateShippingDto, @CurrentUser() user: User) {
    const data = await this.logistics.updateShipping(id, dto);
    // Loading, Transit and Arrived move the title's deliveries on their voyage (4, 5, 6).
    if (dto.status !== undefined) await this.deliveries.follow(data, user);
    return { message: MSG.deliveries.updated, data };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Post(':id/assign')
  @ApiOperation({
    summary:
      "Assign Goods to Shipping (admin, the Broadcast): delivery_ids of foreign deliveries of the title's type; they follow its status",
  })
  async assign(@Param('id', ParseIntPipe) id: number, @Body() dto: AssignDeliveriesDto, @CurrentUser() user: User) {
    return { message: MSG.deliveries.updated, data: await this.deliveries.assign(user, id, dto.delivery_ids) };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.logistics.removeShipping(id);
    return { message: MSG.deliveries.deleted };
  }
}

@ApiTags('logistics')
@Controller('logistics-settings')
export class LogisticsSettingsController {
  constructor(private readonly logistics: LogisticsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'The cargo rates in dollars: cost_per_cmb3 (sea, per cm3) and cost_per_kg (air)' })
  async show() {
    return { data: await this.logistics.settings() };
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Put()
  @ApiOperation({
    summary:
      "Set both rates: numbers, 2 decimals at most, not negative ('Please enter valid numbers', 'Values cannot be negative')",
  })
  async update(@Body() dto: LogisticsSettingsDto) {
    return { message: MSG.logisticsSettings.updated, data: await this.logistics.saveSettings(dto) };
  }
}
