import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { ShippingTitleStatus, ShippingType, WarehouseType } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';

/** A place goods leave from or arrive at (Guangzhou, Lagos...). 1 active, 0 inactive. */
@Entity('locations')
@Index('idx_locations_status_name', ['status', 'name', 'id'])
export class Location extends BaseEntity {
  @Index('uq_locations_name', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'integer', default: 1 })
  status!: 0 | 1;
}

/** A Jara warehouse: where customers send goods (the Ready to Ship page lists its address and contact). */
@Entity('warehouses')
@Index('idx_warehouses_type_name', ['type', 'name', 'id'])
@Index('idx_warehouses_location', ['location_id', 'id'])
export class Warehouse extends BaseEntity {
  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'integer' })
  location_id!: number;

  @ManyToOne(() => Location, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'location_id' })
  location?: Location;

  @Column({ type: 'varchar', length: 12 })
  type!: WarehouseType;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  contact!: string | null;
}

/** A shipping title: one container or flight (sea or air) from a location, Loading (1), Transit (2), Arrived (3). */
@Entity('shipping_titles')
@Index('idx_shipping_titles_type_status', ['type', 'status', 'id'])
@Index('idx_shipping_titles_location', ['location_id', 'id'])
export class ShippingTitle extends BaseEntity {
  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'integer' })
  location_id!: number;

  @ManyToOne(() => Location, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'location_id' })
  location?: Location;

  @Column({ type: 'varchar', length: 12 })
  type!: ShippingType;

  @Column({ type: 'integer', default: 1 })
  status!: ShippingTitleStatus;
}

/** The cargo rates: one row (id 1), in US cents, so a fee is computed without floating point. */
@Entity('logistics_settings')
export class LogisticsSettingsRow extends BaseEntity {
  @Column({ type: 'bigint', transformer: numeric, default: 0 })
  cost_per_cmb3_cents!: number;

  @Column({ type: 'bigint', transformer: numeric, default: 0 })
  cost_per_kg_cents!: number;
}
