import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Append-only: one admin write (who, when, what, what changed, from where). There is no API to edit or delete an
 * entry. `before` and `after` hold the changed fields only (the whole row for a creation or a deletion), as JSON,
 * with secrets redacted; `body` the request's fields, redacted the same way.
 */
@Entity('audit_logs')
@Index('idx_audit_logs_created', ['created_at', 'id'])
@Index('idx_audit_logs_actor_created', ['actor_id', 'created_at', 'id'])
@Index('idx_audit_logs_type_created', ['entity_type', 'created_at', 'id'])
@Index('idx_audit_logs_entity_created', ['entity_id', 'created_at', 'id'])
@Index('idx_audit_logs_action_created', ['action', 'created_at', 'id'])
export class AuditLog {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @CreateDateColumn({ type: 'datetime', precision: 6 })
  created_at!: Date;

  @Column({ type: 'integer' })
  actor_id!: number;

  /** The actor's e-mail at the time (a later change or deletion of the account does not rewrite history). */
  @Column({ type: 'varchar', length: 191 })
  actor_email!: string;

  @Column({ type: 'varchar', length: 20 })
  actor_role!: string;

  /** `<entity_type>.<verb>`, e.g. category.update, delivery.status, wallet.adjust. */
  @Column({ type: 'varchar', length: 100 })
  action!: string;

  @Column({ type: 'varchar', length: 50 })
  entity_type!: string;

  @Column({ type: 'integer', nullable: true })
  entity_id!: number | null;

  @Column({ type: 'varchar', length: 10 })
  method!: string;

  @Column({ type: 'varchar', length: 255 })
  path!: string;

  @Column({ type: 'text', nullable: true })
  before!: string | null;

  @Column({ type: 'text', nullable: true })
  after!: string | null;

  @Column({ type: 'text', nullable: true })
  body!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  request_id!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;
}
