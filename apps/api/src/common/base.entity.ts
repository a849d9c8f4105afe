import { CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Columns every table has: an integer id and the two timestamps (stored in UTC). */
export abstract class BaseEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @CreateDateColumn({ type: 'datetime', precision: 6 })
  created_at!: Date;

  @UpdateDateColumn({ type: 'datetime', precision: 6 })
  updated_at!: Date;
}
