import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { LineFulfilment, OrderPaymentMethod, OrderStatus } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import type { Invoice } from '../invoices/invoice.entity';
import { User } from '../users/user.entity';

/**
 * An order: the buyer's delivery details, totals in kobo fixed at checkout, the status (0-5) and its times. Lines are
 * order_items (priced at checkout), changes are order_status_changes (append-only).
 */
@Entity('orders')
@Index('idx_orders_created', ['created_at', 'id'])
@Index('idx_orders_status_created', ['status', 'created_at', 'id'])
@Index('idx_orders_user_created', ['user_id', 'created_at', 'id'])
@Index('idx_orders_user_status_created', ['user_id', 'status', 'created_at', 'id'])
@Index('idx_orders_status_expires', ['status', 'expires_at'])
export class Order extends BaseEntity {
  @Index('uq_orders_order_no', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  order_no!: string;

  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'integer', default: 0 })
  status!: OrderStatus;

  @Column({ type: 'varchar', length: 3, default: 'NGN' })
  currency!: 'NGN';

  @Column({ type: 'bigint', transformer: numeric })
  subtotal_minor!: number;

  @Column({ type: 'bigint', transformer: numeric, default: 0 })
  shipping_minor!: number;

  @Column({ type: 'bigint', transformer: numeric })
  total_minor!: number;

  @Column({ type: 'varchar', length: 16 })
  payment_method!: OrderPaymentMethod;

  @Column({ type: 'varchar', length: 120 })
  full_name!: string;

  /** +234XXXXXXXXXX; null on orders placed before the checkout asked for it (issue 22). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 255 })
  street_address!: string;

  /** One of the 36 states or the FCT; null on older orders. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  state!: string | null;

  /** City or LGA. */
  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 160, nullable: true })
  landmark!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  postal_code!: string | null;

  @Column({ type: 'varchar', length: 60 })
  country!: string;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ type: 'integer', nullable: true })
  invoice_id!: number | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  expires_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  paid_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  shipped_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  received_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  return_requested_at!: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  return_reason!: string | null;

  /** Where the buyer asked a return's refund to go (issue 24): 'card' only for a card-paid order; null: the wallet. */
  @Column({ type: 'varchar', length: 6, nullable: true })
  refund_to!: 'wallet' | 'card' | null;

  /** When the order's stock went back on the shelf (a cancellation or an expiry); set once. */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  stock_released_at!: Date | null;

  @OneToMany(() => OrderItem, (item) => item.order)
  items?: OrderItem[];

  /** The invoice, when a list read joined it (not a relation: invoices belong to the invoices module). */
  invoiceRef?: Invoice | null;
}

/** A line: the product as sold (name, unit price), the vendor, and the marketplace split, credited once. */
@Entity('order_items')
@Index('idx_order_items_order', ['order_id', 'id'])
@Index('idx_order_items_vendor_order', ['vendor_id', 'order_id'])
@Index('idx_order_items_product_order', ['product_id', 'order_id'])
@Index('idx_order_items_created_product', ['created_at', 'product_id'])
export class OrderItem extends BaseEntity {
  @Column({ type: 'integer' })
  order_id!: number;

  @ManyToOne(() => Order, (order) => order.items, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ type: 'integer' })
  product_id!: number;

  /** The product's owner at checkout: the seller credited when the line is received. */
  @Column({ type: 'integer', nullable: true })
  vendor_id!: number | null;

  @Column({ type: 'varchar', length: 191 })
  product_name!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  product_image!: string | null;

  @Column({ type: 'bigint', transformer: numeric })
  unit_price_minor!: number;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'bigint', transformer: numeric })
  line_total_minor!: number;

  @Column({ type: 'bigint', transformer: numeric, default: 0 })
  commission_minor!: number;

  @Column({ type: 'bigint', transformer: numeric, default: 0 })
  vendor_credit_minor!: number;

  /** The vendor's sale credit was posted (on receipt; pending until the return window passed, decision 023). */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  settled_at!: Date | null;

  /** The credit was reversed (an accepted return). */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  reversed_at!: Date | null;

  /** The pending sale credit was released to the vendor's balance, once the return window passed (decision 023). */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  credit_released_at!: Date | null;

  /** The line's own progress (decision 031): pending -> ready_for_pickup | shipped -> delivered. */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  fulfilment!: LineFulfilment;

  /** The courier that carries the line, and its tracking number (shipped with a courier). */
  @Column({ type: 'varchar', length: 60, nullable: true })
  courier!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  tracking_no!: string | null;

  /** The vendor made the line ready for Jara to collect. */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  ready_at!: Date | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  shipped_at!: Date | null;
}

/** Append-only: who moved an order, when, from what to what (from null: placed). */
@Entity('order_status_changes')
@Index('idx_order_status_changes_order', ['order_id', 'id'])
export class OrderStatusChange extends BaseEntity {
  @Column({ type: 'integer' })
  order_id!: number;

  @Column({ type: 'integer', nullable: true })
  from_status!: OrderStatus | null;

  @Column({ type: 'integer' })
  to_status!: OrderStatus;

  /** null: the system (an expiry, a payment settled by the gateway). */
  @Column({ type: 'integer', nullable: true })
  actor_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'actor_id' })
  actor?: User | null;

  @Column({ type: 'varchar', length: 10 })
  actor_role!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;
}

/**
 * One row per (order, vendor with a line in it), carrying the order's status and creation time: a vendor's order list
 * reads (vendor_id[, status], created_at) from an index instead of sorting every order that holds one of their lines.
 * Kept in step with orders.status in the same transaction as every status change.
 */
@Entity('order_vendors')
@Index('uq_order_vendors_order_vendor', ['order_id', 'vendor_id'], { unique: true })
@Index('idx_order_vendors_vendor_created', ['vendor_id', 'created_at', 'order_id'])
@Index('idx_order_vendors_vendor_status_created', ['vendor_id', 'status', 'created_at', 'order_id'])
export class OrderVendor {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer' })
  order_id!: number;

  @ManyToOne(() => Order, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ type: 'integer' })
  vendor_id!: number;

  @Column({ type: 'integer' })
  status!: OrderStatus;

  /** The order's created_at. */
  @Column({ type: 'datetime', precision: 6 })
  created_at!: Date;
}
