import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';
import { numeric } from '../../common/transformers';

/** A converter currency: prices per US dollar as integer micro-units (6 decimal places, exact). */
@Entity('currencies')
export class Currency extends BaseEntity {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Upper case, at most 10 characters; unique (a concurrent duplicate is refused by the index). */
  @Index('uq_currencies_code', { unique: true })
  @Column({ type: 'varchar', length: 10 })
  code!: string;

  @Column({ type: 'bigint', transformer: numeric })
  buy_price_micro!: number;

  @Column({ type: 'bigint', transformer: numeric })
  sell_price_micro!: number;
}
