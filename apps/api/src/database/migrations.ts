import { Identity1763700000000 } from '../migrations/1763700000000-Identity';
import { ContactAndNewsletter1763710000000 } from '../migrations/1763710000000-ContactAndNewsletter';
import { Catalogue1763720000000 } from '../migrations/1763720000000-Catalogue';
import { IdentityHardening1763730000000 } from '../migrations/1763730000000-IdentityHardening';
import { UserSoftDelete1763740000000 } from '../migrations/1763740000000-UserSoftDelete';
import { CatalogueSpeed1763750000000 } from '../migrations/1763750000000-CatalogueSpeed';
import { Money1763760000000 } from '../migrations/1763760000000-Money';
import { Orders1763770000000 } from '../migrations/1763770000000-Orders';
import { Logistics1763780000000 } from '../migrations/1763780000000-Logistics';
import { Deliveries1763790000000 } from '../migrations/1763790000000-Deliveries';
import { TrustAndCare1763800000000 } from '../migrations/1763800000000-TrustAndCare';
import { AuditLog1763880000000 } from '../migrations/1763880000000-AuditLog';
import { PaymentIntegrity1763900000000 } from '../migrations/1763900000000-PaymentIntegrity';
import { Outbox1763901000000 } from '../migrations/1763901000000-Outbox';
import { OrdersMoney1763910000000 } from '../migrations/1763910000000-OrdersMoney';
import { DeliveryClaims1763920000000 } from '../migrations/1763920000000-DeliveryClaims';
import { ReconciliationIndexes1763930000000 } from '../migrations/1763930000000-ReconciliationIndexes';
import { RealisticRates1764000000000 } from '../migrations/1764000000000-RealisticRates';
import { OrderAddressNigeria1764010000000 } from '../migrations/1764010000000-OrderAddressNigeria';
import { NotificationLinks1764020000000 } from '../migrations/1764020000000-NotificationLinks';
import { VendorPlace1764021000000 } from '../migrations/1764021000000-VendorPlace';
import { WalletBalanceIndexes1764030000000 } from '../migrations/1764030000000-WalletBalanceIndexes';
import { ShippingMoveIndex1764031000000 } from '../migrations/1764031000000-ShippingMoveIndex';
import { LineFulfilment1764100000000 } from '../migrations/1764100000000-LineFulfilment';
import { RefundsAndDedicatedAccounts1764300000000 } from '../migrations/1764300000000-RefundsAndDedicatedAccounts';
import { GuestFeeLinks1764110000000 } from '../migrations/1764110000000-GuestFeeLinks';
import { Payouts1764200000000 } from '../migrations/1764200000000-Payouts';
import { Messaging1764400000000 } from '../migrations/1764400000000-Messaging';
import { WarehouseReceipts1764410000000 } from '../migrations/1764410000000-WarehouseReceipts';
import { LastMileAndProblems1764420000000 } from '../migrations/1764420000000-LastMileAndProblems';
import { MessageCaps1764520000000 } from '../migrations/1764520000000-MessageCaps';
import { ProblemQueueIndexes1764521000000 } from '../migrations/1764521000000-ProblemQueueIndexes';
import { ListSortIndexes1764530000000 } from '../migrations/1764530000000-ListSortIndexes';

/** Migrations in order. Never edit one that has landed: add a new one. */
export const MIGRATIONS = [
  Identity1763700000000,
  ContactAndNewsletter1763710000000,
  Catalogue1763720000000,
  IdentityHardening1763730000000,
  UserSoftDelete1763740000000,
  CatalogueSpeed1763750000000,
  Money1763760000000,
  Orders1763770000000,
  Logistics1763780000000,
  Deliveries1763790000000,
  TrustAndCare1763800000000,
  AuditLog1763880000000,
  PaymentIntegrity1763900000000,
  Outbox1763901000000,
  OrdersMoney1763910000000,
  DeliveryClaims1763920000000,
  ReconciliationIndexes1763930000000,
  RealisticRates1764000000000,
  OrderAddressNigeria1764010000000,
  NotificationLinks1764020000000,
  VendorPlace1764021000000,
  WalletBalanceIndexes1764030000000,
  ShippingMoveIndex1764031000000,
  LineFulfilment1764100000000,
  GuestFeeLinks1764110000000,
  Payouts1764200000000,
  RefundsAndDedicatedAccounts1764300000000,
  Messaging1764400000000,
  WarehouseReceipts1764410000000,
  LastMileAndProblems1764420000000,
  MessageCaps1764520000000,
  ProblemQueueIndexes1764521000000,
  ListSortIndexes1764530000000,
];
