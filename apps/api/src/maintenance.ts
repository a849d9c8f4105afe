/**
 * The API's one public entry point for maintenance code: the jara CLI (tools/cli) and its seeders import the API
 * only from here, as `#api-maintenance` (tsconfig paths for TypeScript and ESLint, package.json "imports" for Node,
 * jest's moduleNameMapper for the tests). ESLint's module-boundary rule allows this import and refuses every other
 * path into apps/api, so what the CLI may use is listed here, and it calls the API's own services rather than
 * holding a second copy of their rules. Add an export here when a command needs one; keep it to what maintenance
 * needs (the app module, configuration, the data source, services, entities, and the helpers the seeders share).
 */

// Application, configuration, database
export { AppModule } from './app.module';
export { ConfigError, loadConfig, type AppConfig } from './config/config';
export { createDataSource, dataSourceOptions } from './database/data-source';
export { ENTITIES } from './database/entities';
export { MIGRATIONS } from './database/migrations';
export { inTransaction, isUniqueViolation } from './database/transaction';

// Shared helpers
export { hashPassword } from './common/security/password';
export { StorageService } from './common/storage/storage.service';
export { createValidationPipe } from './common/http/validation';
export { DomainError, InvalidError } from './common/errors';

// Services the commands call
export { AuthService } from './modules/auth/auth.service';
export { UsersService } from './modules/users/users.service';
export { OrdersService } from './modules/orders/orders.service';
export { ReconciliationService } from './modules/reconciliation/reconciliation.service';
export { PayoutsService } from './modules/payouts/payouts.service';
export { RefundsService } from './modules/invoices/refunds.service';
export { isReconciled, presentReport } from './modules/reconciliation/reconciliation.presenter';
export {
  ProductRowError,
  ProductsService,
  SELLER_ROLES,
  type NewProductItem,
} from './modules/products/products.service';
export { CreateProductDto } from '@jara/dto';
export { reviewAverageSql, reviewCountSql } from './modules/products/product-rating';
export { insertInvoice, insertInvoiceRow } from './modules/invoices/invoice-issuer';
export { WalletLedger } from './modules/wallet/wallet-ledger';
export { newTrackingNo } from './modules/logistics/tracking-number';

// Entities (the seeders write demo rows; the tests read outcomes)
export { User } from './modules/users/user.entity';
export { Category } from './modules/categories/category.entity';
export { Product } from './modules/products/product.entity';
export { ProductReview } from './modules/products/product-review.entity';
export { Invoice } from './modules/invoices/invoice.entity';
export { InvoicePayment } from './modules/invoices/invoice-payment.entity';
export { LedgerEntry } from './modules/wallet/ledger-entry.entity';
export { Order, OrderItem, OrderStatusChange, OrderVendor } from './modules/orders/order.entity';
export { Delivery, DeliveryStatusChange } from './modules/logistics/delivery.entity';
export { Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from './modules/logistics/logistics.entity';
