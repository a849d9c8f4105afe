import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { ConsolidationStatus, ParcelCondition, ShippingType } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';
import { User } from '../users/user.entity';
import { Delivery } from './delivery.entity';
import { Warehouse } from './logistics.entity';

/**
 * A warehouse receipt (issue 26, decision 044): what staff measured when a parcel (or a consolidated parcel) arrived.
 * Append-only: a parcel measured again gets a new row; the latest is its measure.
 */
@Entity('delivery_receipts')
@Index('idx_delivery_receipts_delivery', ['delivery_id', 'id'])
export class DeliveryReceipt extends BaseEntity {
  @Column({ type: 'integer' })
  delivery_id!: number;

  @ManyToOne(() => Delivery, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Delivery;

  /** What was scanned or typed (tracking or courier number). */
  @Column({ type: 'varchar', length: 100 })
  scanned_no!: string;

  @Column({ type: 'bigint', transformer: numeric })
  weight_hundredths!: number;

  @Column({ type: 'integer' })
  length_cm!: number;

  @Column({ type: 'integer' })
  width_cm!: number;

  @Column({ type: 'integer' })
  height_cm!: number;

  /** The divisor of the shipping type at the time, and the volumetric weight it gave (hundredths of a kg). */
  @Column({ type: 'integer' })
  divisor!: number;

  @Column({ type: 'bigint', transformer: numeric })
  volumetric_hundredths!: number;

  @Column({ type: 'integer' })
  pieces!: number;

  @Column({ type: 'varchar', length: 10 })
  condition!: ParcelCondition;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @Column({ type: 'integer', nullable: true })
  actor_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'actor_id' })
  actor?: User | null;
}

/** A receipt's photo: a private file (like KYC documents), served only to the parcel's owner and staff. */
@Entity('delivery_receipt_photos')
@Index('idx_delivery_receipt_photos_receipt', ['receipt_id', 'id'])
export class DeliveryReceiptPhoto extends BaseEntity {
  @Column({ type: 'integer' })
  receipt_id!: number;

  @ManyToOne(() => DeliveryReceipt, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'receipt_id' })
  receipt?: DeliveryReceipt;

  @Column({ type: 'varchar', length: 100 })
  file_key!: string;
}

/** The receipt settings: one row (id 1). Volumetric divisors per shipping type, the variance threshold in percent. */
@Entity('receipt_settings')
export class ReceiptSettingsRow extends BaseEntity {
  @Column({ type: 'integer' })
  air_divisor!: number;

  @Column({ type: 'integer' })
  sea_divisor!: number;

  @Column({ type: 'integer' })
  variance_percent!: number;
}

/** A customer's choice of parcels to ship together, and (once packed) the consolidated parcel that carries them. */
@Entity('consolidations')
@Index('idx_consolidations_user', ['user_id', 'id'])
@Index('idx_consolidations_status', ['status', 'id'])
export class Consolidation extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'integer' })
  warehouse_id!: number;

  @ManyToOne(() => Warehouse, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'warehouse_id' })
  warehouse?: Warehouse;

  @Column({ type: 'varchar', length: 12, nullable: true })
  shipping_type!: ShippingType | null;

  @Column({ type: 'varchar', length: 10 })
  status!: ConsolidationStatus;

  /** The consolidated parcel (a delivery of its own with its tracking number), once packed. */
  @Column({ type: 'integer', nullable: true })
  parent_id!: number | null;

  @ManyToOne(() => Delivery, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent?: Delivery | null;
}
