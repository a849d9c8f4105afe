import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { KycFile, KycGender, KycIdType, KycStatus } from '@jara/contracts';
import { BaseEntity } from '../../common/base.entity';
import { User } from '../users/user.entity';

/**
 * A KYC submission. The documents are private keys (PRIVATE_UPLOAD_DIR), served only through the API to the owner or
 * an admin. active_user_id is the owner's id while the submission is not rejected and null once it is: its unique
 * index lets a user hold one live submission at a time, also against two concurrent submits.
 */
@Entity('kyc_submissions')
@Index('idx_kyc_created', ['created_at', 'id'])
@Index('idx_kyc_status_created', ['status', 'created_at', 'id'])
@Index('idx_kyc_user', ['user_id', 'id'])
export class KycSubmission extends BaseEntity {
  @Column({ type: 'integer' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Index('uq_kyc_active_user', { unique: true })
  @Column({ type: 'integer', nullable: true })
  active_user_id!: number | null;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** YYYY-MM-DD. */
  @Column({ type: 'varchar', length: 10 })
  dob!: string;

  @Column({ type: 'varchar', length: 10 })
  gender!: KycGender;

  @Column({ type: 'varchar', length: 255 })
  address!: string;

  @Column({ type: 'varchar', length: 30 })
  id_type!: KycIdType;

  @Column({ type: 'varchar', length: 50 })
  id_number!: string;

  @Column({ type: 'varchar', length: 80 })
  id_image_key!: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  user_image_key!: string | null;

  @Column({ type: 'integer', default: 0 })
  status!: KycStatus;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason!: string | null;

  @Column({ type: 'integer', nullable: true })
  reviewed_by!: number | null;

  @Column({ type: 'datetime', precision: 6, nullable: true })
  reviewed_at!: Date | null;
}

/** Append-only: every time an admin opened an identity document (who, which, when). */
@Entity('kyc_document_views')
@Index('idx_kyc_document_views_submission', ['submission_id', 'id'])
export class KycDocumentView extends BaseEntity {
  @Column({ type: 'integer' })
  submission_id!: number;

  @Column({ type: 'integer' })
  viewer_id!: number;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'viewer_id' })
  viewer?: User;

  @Column({ type: 'varchar', length: 12 })
  file!: KycFile;
}
