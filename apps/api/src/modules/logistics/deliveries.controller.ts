import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DELIVERY_STATUS, MSG, phoneKey } from '@jara/contracts';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import { AbuseLimit, bodyField } from '../../common/rate-limit/abuse-limit';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { DeliveriesService } from './deliveries.service';
import {
  CreateDeliveryDto,
  DeliveryStatusDto,
  GuestDeliveryDto,
  PatchDeliveryDto,
  ProceedDeliveryDto,
} from '@jara/dto';

@ApiTags('deliveries')
@ApiBearerAuth()
@Controller('trackings')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get()
  @ApiOperation({
    summary:
      'Deliveries (list contract): own, or all for an admin. type=foreign|local, status, shipping_type, shipping_id, tracking_no(_like), name(_like); q searches customer, phone, tracking and external numbers, warehouse, status; sort created_at|status|weight|size',
  })
  list(@Query() query: ListQuery, @CurrentUser() user: User) {
    return this.deliveries.list(user, query);
  }

  @Roles('customer', 'vendor')
  @Get('unclaimed')
  @ApiOperation({
    summary:
      "Guest requests made with the account's verified e-mail that nobody accepted and this account did not decline (decision 025)",
  })
  async unclaimed(@CurrentUser() user: User) {
    return { data: await this.deliveries.unclaimed(user) };
  }

  @Roles('customer', 'vendor')
  @Post(':id/claim')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Accept a guest request made with your verified e-mail: it joins your account (nothing is invoiced); others 404, one of two concurrent claims wins',
  })
  async claim(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { message: MSG.deliveries.claimAccepted, data: await this.deliveries.claim(user, id) };
  }

  @Roles('customer', 'vendor')
  @Post(':id/decline')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a guest request made with your e-mail: it is never offered to you again' })
  async decline(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    await this.deliveries.decline(user, id);
    return { message: MSG.deliveries.claimDeclined };
  }

  @Roles('customer', 'vendor')
  @Post(':id/invoice')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Process Payment (owner): raises the fee invoice of a delivery whose fee was set while it was a guest's; one that has its invoice answers it",
  })
  async invoice(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.deliveries.raiseFeeInvoice(user, id) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One delivery with its history (owner or admin; others 404)' })
  async show(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: User) {
    return { data: await this.deliveries.get(user, id) };
  }

  @Post()
  @ApiOperation({
    summary:
      "Request a delivery: external_no, warehouse_id, type, shipping_type (foreign), from_jara ('Please provide all required fields')",
  })
  async create(@Body() dto: CreateDeliveryDto, @CurrentUser() user: User) {
    return { message: MSG.deliveries.warehouseCreated, data: await this.deliveries.create(user, dto) };
  }

  @Roles('admin')
  @Put(':id')
  @ApiOperation({
    summary:
      'Proceed (admin): shipping_type, shipping_id, weight, size; the fee is computed from the cargo rates (a sent amount must equal it) and invoiced in USD',
  })
  async proceed(@Param('id', ParseIntPipe) id: number, @Body() dto: ProceedDeliveryDto, @CurrentUser() user: User) {
    return { message: MSG.deliveries.shippingUpdated, data: await this.deliveries.proceed(user, id, dto) };
  }

  @Roles('admin')
  @Patch(':id')
  @ApiOperation({
    summary:
      'Proceed with only the fields sent (admin; Refine simple-rest sends PATCH): shipping_type, shipping_id, weight, size not sent keep their values; the fee is recomputed as for PUT',
  })
  async patch(@Param('id', ParseIntPipe) id: number, @Body() dto: PatchDeliveryDto, @CurrentUser() user: User) {
    return { message: MSG.deliveries.shippingUpdated, data: await this.deliveries.proceedPartial(user, id, dto) };
  }

  @Roles('admin')
  @Patch(':id/status')
  @ApiOperation({
    summary: 'Move a delivery (admin): only the moves of DELIVERY_TRANSITIONS; {status: 2} is Delivered to Warehouse',
  })
  async status(@Param('id', ParseIntPipe) id: number, @Body() dto: DeliveryStatusDto, @CurrentUser() user: User) {
    const data = await this.deliveries.changeStatus(user, id, dto);
    return {
      message:
        dto.status === DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE
          ? MSG.deliveries.deliveryConfirmed
          : MSG.deliveries.updated,
      data,
    };
  }
}

@ApiTags('deliveries')
@Controller('guest/trackings')
export class GuestDeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Public()
  @Post()
  @HttpCode(201)
  // Per client address and per phone (GUEST_DELIVERY_*); a refused request counts too, before any lookup.
  @AbuseLimit('guest-delivery', { subject: bodyField('phone', phoneKey), message: MSG.deliveries.guestTooMany })
  @ApiOperation({
    summary:
      "Public shipping request (no token): name, phone, e-mail (optional), external_no, warehouse_id, type, shipping_type ('Please fill all required fields'); rate-limited per address and phone",
  })
  async create(@Body() dto: GuestDeliveryDto) {
    return {
      message: MSG.deliveries.shippingRequestCreated,
      data: await this.deliveries.createGuest(dto),
    };
  }
}

@ApiTags('deliveries')
@Controller('tracking-number')
export class TrackingLookupController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Public()
  @Get(':trackingNo')
  // Per client address (TRACKING_LOOKUP_RATE_*): tracking numbers are not secrets to be guessed in bulk (decision 018).
  @AbuseLimit('tracking-lookup', { message: MSG.deliveries.lookupTooMany })
  @ApiOperation({ summary: 'Public lookup by tracking number: status, label and timeline, nothing personal' })
  async lookup(@Param('trackingNo') trackingNo: string) {
    return { data: await this.deliveries.lookup(trackingNo) };
  }
}
