import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ORDER_DELIVERY_FEE_MINOR, type ShopPolicy } from '@jara/contracts';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, Roles } from '../../common/decorators/auth.decorators';
import { PublicCache } from '../../common/http/public-cache';
import type { ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import { readIdempotencyKey } from '../../common/idempotency/idempotency.service';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { CreateOrderDto, LateTransferDto, LinesReadyDto, LinesShipDto, OrderStatusDto } from '@jara/dto';
import { OrderLinesService } from './order-lines.service';
import { OrderStatsService } from './order-stats.service';
import { OrdersService } from './orders.service';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly lines: OrderLinesService,
  ) {}

  @Roles('customer', 'vendor')
  @Post()
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key answers the same order',
  })
  @ApiOperation({
    summary:
      'Place an order: items [{product_id, quantity}], delivery details, payment_method wallet/card/bank_transfer, notes. Prices and stock from the server; short stock 409; wallet short 422',
  })
  async create(@CurrentUser() user: User, @Body() dto: CreateOrderDto, @Headers('idempotency-key') key?: string) {
    return { data: await this.orders.create(user, dto, readIdempotencyKey(key)) };
  }

  @Roles('admin', 'vendor')
  @Get()
  @ApiOperation({
    summary:
      'Orders (list contract): admin all, vendor those with their products; status (repeatable), created_at_gte/lte, order_no, email, user_id, payment_method, q; after= cursor',
  })
  list(@CurrentUser() user: User, @Query() query: ListQuery) {
    return this.orders.list(user, query);
  }

  @Roles('vendor')
  @Get('statement')
  @ApiOperation({
    summary:
      "The vendor's statement: each line of theirs in a paid order with gross, commission, credit and the credit's status (awaiting, pending until the return window ends, available, reversed); newest first, paged",
  })
  statement(@CurrentUser() user: User, @Query() query: ListQuery) {
    return this.orders.statement(user, query);
  }

  @Get('user/:userId')
  @ApiOperation({
    summary: "A buyer's orders (own, or any for an admin; others 404): status (repeatable), dates; after= cursor",
  })
  ofBuyer(@CurrentUser() user: User, @Param('userId', ParseIntPipe) userId: number, @Query() query: ListQuery) {
    return this.orders.listOfBuyer(user, userId, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One order with lines, invoice and history (buyer, vendor of a line, admin; others 404)' })
  async show(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number) {
    return { data: await this.orders.get(user, id) };
  }

  @Patch(':id/status')
  @ApiOperation({
    summary:
      'Move an order: buyer cancels 0->5, confirms 2->3, asks a return 3->4 (within ORDER_RETURN_WINDOW_DAYS of receipt); vendor/admin ships 1->2; admin confirms a transfer 0->1 and accepts returns 3->4 (restock: true puts the units back in stock); anything else 422',
  })
  async status(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: OrderStatusDto) {
    return { data: await this.orders.changeStatus(user, id, dto) };
  }

  @Roles('vendor', 'admin')
  @Post(':id/lines/ready')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Ready for pickup (decision 031): a vendor's own lines of an order at To Ship (all of theirs not yet shipped, or line_ids), for Jara to collect; an admin any line. Another vendor's order or line 404, the buyer 403, a shipped line 409, an order not at To Ship 409; a replay changes nothing (200)",
  })
  async linesReady(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: LinesReadyDto) {
    return { data: await this.lines.ready(user, id, dto) };
  }

  @Roles('vendor', 'admin')
  @Post(':id/lines/ship')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Ship lines with a courier (decision 031): {courier 2-60, tracking_no 3-40, line_ids?}; a vendor's own lines of an order at To Ship (an admin any line, e.g. the lines Jara collected). When every line of the order has shipped, the order moves to To Receive. Bad input 422, another vendor's order or line 404, the buyer 403, an order not at To Ship 409; a replay with the same courier changes nothing (200)",
  })
  async linesShip(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: LinesShipDto) {
    return { data: await this.lines.ship(user, id, dto) };
  }

  @Roles('admin')
  @Post(':id/late-transfer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Record a bank transfer that arrived after a bank-transfer order was cancelled (admin): the stock is taken again (all lines or none) and the order moves To Ship with its invoice paid (outcome restocked), or, the stock gone, the order total is credited to the customer's wallet and the order stays cancelled (outcome credited); once per order (409 after), other orders 422",
  })
  async lateTransfer(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: LateTransferDto) {
    const { outcome, order } = await this.orders.lateTransfer(user, id, dto);
    return { data: { ...order, late_transfer: outcome } };
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class OrderStatsController {
  constructor(private readonly stats: OrderStatsService) {}

  @Get('order-stats')
  @ApiOperation({
    summary:
      'Dashboard charts: orders and revenue per day, by status, top products and vendors, commission (days 1-90, default 30)',
  })
  async show(@Query() query: ListQuery) {
    return { data: await this.stats.stats(query) };
  }
}

/** The shop's rules that the storefront's claims quote (issue 22): only what checkout and returns apply. */
@ApiTags('orders')
@Controller('shop-policy')
export class ShopPolicyController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @PublicCache()
  @Get()
  @ApiOperation({
    summary:
      'Public: return_window_days (ORDER_RETURN_WINDOW_DAYS, what Request Return allows) and delivery_fee_minor (what checkout charges for delivery: 0, every order)',
  })
  show(): { data: ShopPolicy } {
    return {
      data: { return_window_days: this.config.orders.returnWindowDays, delivery_fee_minor: ORDER_DELIVERY_FEE_MINOR },
    };
  }
}
