import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LOW_STOCK_THRESHOLD, type VendorDashboard } from '@jara/contracts';
import { CurrentUser, Roles } from '../../common/decorators/auth.decorators';
import { OrdersService } from '../orders/orders.service';
import { ProductsService } from '../products/products.service';
import type { User } from '../users/user.entity';
import { WalletService } from '../wallet/wallet.service';

/** The vendor's dashboard: each domain answers for its own tables (orders, wallet, products). */
@ApiTags('vendor')
@ApiBearerAuth()
@Roles('vendor')
@Controller('vendor')
export class VendorDashboardController {
  constructor(
    private readonly orders: OrdersService,
    private readonly wallet: WalletService,
    private readonly products: ProductsService,
  ) {}

  @Get('dashboard')
  @ApiOperation({
    summary:
      "The signed-in vendor's figures: sales today and this week, orders to fulfil, pending and available earnings, low stock",
  })
  async dashboard(@CurrentUser() user: User): Promise<{ data: VendorDashboard }> {
    const [figures, pending, balance, lowStock] = await Promise.all([
      this.orders.vendorFigures(user.id),
      this.wallet.pendingSales(user.id),
      this.wallet.balance(user.id),
      this.products.lowStock(user.id, LOW_STOCK_THRESHOLD, 10),
    ]);
    return {
      data: {
        sales_today: figures.today,
        sales_week: figures.week,
        to_fulfil: figures.toFulfil,
        pending_earnings_minor: pending,
        available_minor: balance.ngn_minor,
        low_stock_threshold: LOW_STOCK_THRESHOLD,
        low_stock: lowStock,
      },
    };
  }
}
