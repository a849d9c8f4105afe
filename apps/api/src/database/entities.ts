import { Category } from '../modules/categories/category.entity';
import { Product } from '../modules/products/product.entity';
import { ProductReview } from '../modules/products/product-review.entity';
import { WishlistItem } from '../modules/products/wishlist-item.entity';
import { ContactMessage } from '../modules/contact/contact-message.entity';
import { NewsletterSubscriber } from '../modules/contact/newsletter-subscriber.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { User } from '../modules/users/user.entity';
import { Currency } from '../modules/currencies/currency.entity';
import { Invoice } from '../modules/invoices/invoice.entity';
import { InvoicePayment } from '../modules/invoices/invoice-payment.entity';
import { TestPayment } from '../modules/payments/test-payment.entity';
import { PaymentException } from '../modules/payments/payment-exception.entity';
import { IdempotencyKey } from '../common/idempotency/idempotency-key.entity';
import { OutboxEvent } from '../common/outbox/outbox-event.entity';
import { LedgerEntry } from '../modules/wallet/ledger-entry.entity';
import { Wallet } from '../modules/wallet/wallet.entity';
import { KycDocumentView, KycSubmission } from '../modules/kyc/kyc.entity';
import { Delivery, DeliveryClaimDecline, DeliveryStatusChange } from '../modules/logistics/delivery.entity';
import { GuestLink } from '../modules/logistics/guest-link.entity';
import { DeliveryAttempt, DeliveryContent, ProblemAction } from '../modules/logistics/last-mile.entity';
import { Support, SupportResponseRow } from '../modules/support/support.entity';
import { Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from '../modules/logistics/logistics.entity';
import { Order, OrderItem, OrderStatusChange, OrderVendor } from '../modules/orders/order.entity';
import { AuditLog } from '../modules/audit/audit-log.entity';
import { OrderRefund } from '../modules/invoices/order-refund.entity';
import { DedicatedAccount } from '../modules/wallet/dedicated-account.entity';
import { PayoutAccount } from '../modules/payouts/payout-account.entity';
import { Payout } from '../modules/payouts/payout.entity';
import { MessageSettingsRow } from '../modules/messaging/message-settings.entity';
import { OutboundMessage } from '../modules/messaging/outbound-message.entity';
import {
  Consolidation,
  DeliveryReceipt,
  DeliveryReceiptPhoto,
  ReceiptSettingsRow,
} from '../modules/logistics/receipt.entity';

/** Every entity, registered once for the data source; each module still declares only its own in forFeature. */
export const ENTITIES = [
  User,
  Notification,
  ContactMessage,
  NewsletterSubscriber,
  Category,
  Product,
  ProductReview,
  WishlistItem,
  Currency,
  Wallet,
  LedgerEntry,
  IdempotencyKey,
  Invoice,
  InvoicePayment,
  TestPayment,
  PaymentException,
  OutboxEvent,
  Order,
  OrderItem,
  OrderStatusChange,
  OrderVendor,
  Location,
  Warehouse,
  ShippingTitle,
  LogisticsSettingsRow,
  Delivery,
  DeliveryStatusChange,
  DeliveryClaimDecline,
  GuestLink,
  DeliveryContent,
  DeliveryAttempt,
  ProblemAction,
  KycSubmission,
  KycDocumentView,
  Support,
  SupportResponseRow,
  AuditLog,
  OrderRefund,
  DedicatedAccount,
  PayoutAccount,
  Payout,
  MessageSettingsRow,
  OutboundMessage,
  DeliveryReceipt,
  DeliveryReceiptPhoto,
  ReceiptSettingsRow,
  Consolidation,
];
