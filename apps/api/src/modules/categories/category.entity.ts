import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity';

@Entity('categories')
export class Category extends BaseEntity {
  @Index('uq_categories_name', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** 1 active, 0 inactive. */
  @Column({ type: 'integer', default: 1 })
  status!: 0 | 1;
}
