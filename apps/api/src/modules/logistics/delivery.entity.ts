import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { DeliveryStatus, DeliveryType, LastMileKind, MeasureStatus, ShippingType } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { User } from '../users/user.entity';
import { ShippingTitle, Warehouse } from './logistics.entity';

/**
 * A delivery (the spec's tracking or shipment): a parcel a customer (or a guest) sends to a Jara warehouse, with the
 * tracking number the server gave it. Weight and size in hundredths (kg, cm3), the cargo fee in US cents; its
 * invoice is raised through the money capability. Every status change is a row of delivery_status_changes.
 */
@Entity('deliveries')
@Index('idx_deliveries_created', ['created_at', 'id'])
@Index('idx_deliveries_type_created', ['type', 'created_at', 'id'])
@Index('idx_deliveries_user_created', ['user_id', 'created_at', 'id'])
@Index('idx_deliveries_user_type_created', ['user_id', 'type', 'created_at', 'id'])
@Index('idx_deliveries_status_created', ['status', 'created_at', 'id'])
@Index('idx_deliveries_type_status_created', ['type', 'status', 'created_at', 'id'])
@Index('idx_deliveries_status', ['status', 'id'])
@Index('idx_deliveries_weight', ['weight_hundredths', 'id'])
@Index('idx_deliveries_size', ['size_hundredths', 'id'])
@Index('idx_deliveries_shipping', ['shipping_id', 'created_at', 'id'])
// A title's status change counts and moves its parcels by status (issue 22).
@Index('idx_deliveries_shipping_status', ['shipping_id', 'status', 'id'])
@Index('idx_deliveries_warehouse', ['warehouse_id', 'id'])
@Index('idx_deliveries_phone_key', ['phone_key'])
@Index('idx_deliveries_email', ['email'])
// Issue 26 (receipts, consolidation): the problem queue's disputed measures; a consolidated parcel's members.
@Index('idx_deliveries_measure_status', ['measure_status', 'id'])
@Index('idx_deliveries_parent', ['parent_id', 'id'])
@Index('idx_deliveries_consolidation', ['consolidation_id', 'id'])
// Issue 26 (last mile, problem queue): a rider's list; a status held too long; parcels at a warehouse with no owner.
@Index('idx_deliveries_rider_status', ['rider_id', 'status', 'id'])
@Index('idx_deliveries_status_since', ['status', 'status_changed_at', 'id'])
// The problem queue's unpaid fees: from a pending invoice to its parcel (decision 048).
@Index('idx_deliveries_invoice', ['invoice_id'])
export class Delivery extends BaseEntity {
  @Index('uq_deliveries_tracking_no', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  tracking_no!: string;

  /** The courier's tracking ID the customer gave (the spec's external_no). */
  @Column({ type: 'varchar', length: 100 })
  external_no!: string;

  /** null: a guest's request not yet linked to an account. */
  @Column({ type: 'integer', nullable: true })
  user_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user?: User | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  /** The phone as digits with 234 for a leading 0 (phoneKey): how a guest's request finds its account. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  phone_key!: string | null;

  /** A guest's e-mail, lower case. */
  @Column({ type: 'varchar', length: 191, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 10 })
  type!: DeliveryType;

  /** 1: goods bought on the Jara mall (the spec's from_{product}). */
  @Column({ type: 'integer', default: 0 })
  from_jara!: number;

  @Column({ type: 'integer' })
  warehouse_id!: number;

  @ManyToOne(() => Warehouse, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'warehouse_id' })
  warehouse?: Warehouse;

  @Column({ type: 'varchar', length: 12, nullable: true })
  shipping_type!: ShippingType | null;

  @Column({ type: 'integer', nullable: true })
  shipping_id!: number | null;

  @ManyToOne(() => ShippingTitle, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'shipping_id' })
  shipping?: ShippingTitle | null;

  @Column({ type: 'integer', default: 1 })
  status!: DeliveryStatus;

  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  weight_hundredths!: number | null;

  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  size_hundredths!: number | null;

  /** The cargo fee in US cents, computed by the server at Proceed; null until then (or when it came to 0). */
  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  amount_minor!: number | null;

  @Column({ type: 'integer', nullable: true })
  invoice_id!: number | null;

  // ---- Issue 26 (decision 044): declared vs measured, and consolidation. Written by receipts/consolidation services.

  /** What the customer declared at the request (optional): weight in hundredths of a kg, dimensions in whole cm. */
  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  declared_weight_hundredths!: number | null;

  @Column({ type: 'integer', nullable: true })
  declared_length_cm!: number | null;

  @Column({ type: 'integer', nullable: true })
  declared_width_cm!: number | null;

  @Column({ type: 'integer', nullable: true })
  declared_height_cm!: number | null;

  /** The latest receipt's volumetric weight (hundredths of a kg); an air fee uses the greater of this and the weight. */
  @Column({ type: 'bigint', transformer: numeric, nullable: true })
  volumetric_hundredths!: number | null;

  /** none | pending_acceptance | accepted | disputed: the fee invoice waits for acceptance when it is pending. */
  @Column({ type: 'varchar', length: 20, default: 'none' })
  measure_status!: MeasureStatus;

  @Column({ type: 'varchar', length: 500, nullable: true })
  dispute_reason!: string | null;

  /** The consolidated parcel this one travels in (its status follows the parent's; it carries no fee). */
  @Column({ type: 'integer', nullable: true })
  parent_id!: number | null;

  /** The consolidation this parcel was chosen for (requested or packed). */
  @Column({ type: 'integer', nullable: true })
  consolidation_id!: number | null;
  // ---- Issue 26 (last mile and problem queue, last-mile.entity.ts has the rest)

  /** How the parcel reaches its customer: a rider to the address, or collected at a Jara location. */
  @Column({ type: 'varchar', length: 10, default: 'address' })
  last_mile!: LastMileKind;

  /** The rider (a user with the rider role) staff assigned to its last mile. */
  @Column({ type: 'integer', nullable: true })
  rider_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'rider_id' })
  rider?: User | null;

  /** When it took its current status (each move sets it): how long it has stalled there. */
  @Column({ type: 'datetime', precision: 6, nullable: true })
  status_changed_at!: Date | null;
}

/** Append-only: who moved a delivery, when, from what to what (from null: requested), with a note and a place. */
@Entity('delivery_status_changes')
@Index('idx_delivery_status_changes_delivery', ['delivery_id', 'id'])
export class DeliveryStatusChange extends BaseEntity {
  @Column({ type: 'integer' })
  delivery_id!: number;

  @ManyToOne(() => Delivery, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Delivery;

  @Column({ type: 'integer', nullable: true })
  from_status!: DeliveryStatus | null;

  @Column({ type: 'integer' })
  to_status!: DeliveryStatus;

  /** null: the customer's request or the system (a shipping title's status). */
  @Column({ type: 'integer', nullable: true })
  actor_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'actor_id' })
  actor?: User | null;

  @Column({ type: 'varchar', length: 10 })
  actor_role!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  location!: string | null;
}

/**
 * A guest's request that an account holder declined (decision 025): it is never offered to that account again. An
 * accepted request needs no row: it is the delivery's user_id.
 */
@Entity('delivery_claim_declines')
@Index('uq_delivery_claim_declines', ['delivery_id', 'user_id'], { unique: true })
@Index('idx_delivery_claim_declines_user', ['user_id', 'delivery_id'])
export class DeliveryClaimDecline extends BaseEntity {
  @Column({ type: 'integer' })
  delivery_id!: number;

  @ManyToOne(() => Delivery, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Delivery;

  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
}
