import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KYC_STATUS, MSG, type KycFile, type KycStatus, type KycSubmission as KycDto } from '@jara/contracts';
import { ConflictError, ForbiddenError, invalid, NotFoundError } from '../../common/errors';
import { EVENTS } from '../../common/events';
import { OutboxService } from '../../common/outbox/outbox.service';
import { integerFilter, paginate, type ListQuery, type ListResult, type ListSpec } from '../../common/list/list-query';
import { StorageService } from '../../common/storage/storage.service';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import type { User } from '../users/user.entity';
import type { KycDecisionDto, SubmitKycDto } from '@jara/dto';
import { KycDocumentView, KycSubmission } from './kyc.entity';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

const KYC_SPEC: ListSpec = {
  sortable: { created_at: 'k.created_at', id: 'k.id' },
  filterable: {
    status: integerFilter('k.status', { ops: ['eq'] }),
    user_id: integerFilter('k.user_id', { ops: ['eq'] }),
    id: integerFilter('k.id', { multi: true, ops: ['eq'] }),
    email: { expr: 'u.email', ops: ['like'] },
    name: { expr: 'k.name', ops: ['like'] },
  },
  aliases: { email: 'email_like', name: 'name_like' },
  searchable: ['k.name', 'k.id_number'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'k.id',
  defaultPerPage: 10,
  limitOffset: true,
};

class Taken extends Error {}

export interface KycDocument {
  body: Buffer;
  /** What the admin's view was recorded as (null for the owner). */
  recorded: boolean;
}

/**
 * KYC: a customer submits once (again only after a rejection), an admin approves or rejects with a reason, or
 * deletes the submission with its files. Documents live under PRIVATE_UPLOAD_DIR and reach only the owner and admins
 * through file(); each admin view is recorded.
 */
@Injectable()
export class KycService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly outbox: OutboxService,
  ) {}

  present(k: KycSubmission): KycDto {
    return {
      id: k.id,
      user_id: k.user_id,
      user: k.user ? { id: k.user.id, name: k.user.name, email: k.user.email } : null,
      name: k.name,
      dob: k.dob,
      gender: k.gender,
      address: k.address,
      id_type: k.id_type,
      id_number: k.id_number,
      id_image: `/api/v1/kyc/${k.id}/files/id_image`,
      user_image: k.user_image_key ? `/api/v1/kyc/${k.id}/files/user_image` : null,
      status: k.status,
      reason: k.reason,
      reviewed_at: iso(k.reviewed_at),
      created_at: iso(k.created_at) as string,
      updated_at: iso(k.updated_at) as string,
    };
  }

  /**
   * POST /kyc: customers and vendors (a vendor needs none to sell, but an approved one to be paid out, issue 24); one
   * live submission per user (409), images checked by content and re-encoded.
   */
  async submit(
    user: User,
    dto: SubmitKycDto,
    files: { id_image?: Express.Multer.File[]; user_image?: Express.Multer.File[] },
  ): Promise<KycDto> {
    if (user.role === 'admin') throw new ForbiddenError(MSG.kyc.adminsExempt);
    const repo = this.db.getRepository(KycSubmission);
    if (await repo.existsBy({ active_user_id: user.id })) throw new ConflictError(MSG.kyc.alreadySubmitted);
    const idFile = files.id_image?.[0];
    if (!idFile) throw invalid('id_image', MSG.kyc.required);
    const idKey = await this.storage.savePrivateImage('kyc', idFile, 'id_image');
    let userKey: string | null = null;
    try {
      if (files.user_image?.[0])
        userKey = await this.storage.savePrivateImage('kyc', files.user_image[0], 'user_image');
      const row = repo.create({
        user_id: user.id,
        active_user_id: user.id,
        name: dto.name,
        dob: dto.dob,
        gender: dto.gender,
        address: dto.address,
        id_type: dto.id_type,
        id_number: dto.id_number,
        id_image_key: idKey,
        user_image_key: userKey,
        status: KYC_STATUS.PENDING,
        reason: null,
        reviewed_by: null,
        reviewed_at: null,
      });
      await inTransaction(this.db, (m) => m.insert(KycSubmission, row), {
        before: async (m) => {
          if (await m.getRepository(KycSubmission).existsBy({ active_user_id: user.id })) throw new Taken();
        },
      });
      return this.present({ ...row, user } as KycSubmission);
    } catch (error) {
      // Nothing half-kept: the files of a refused submission go.
      await this.storage.removePrivate(idKey);
      await this.storage.removePrivate(userKey);
      if (error instanceof Taken || isUniqueViolation(error)) throw new ConflictError(MSG.kyc.alreadySubmitted);
      throw error;
    }
  }

  /** Whether the user's identity is approved (their live submission has status approved): the payouts' KYC gate. */
  async isApproved(userId: number): Promise<boolean> {
    return this.db
      .getRepository(KycSubmission)
      .existsBy({ active_user_id: userId, status: KYC_STATUS.APPROVED as KycStatus });
  }

  /** GET /kyc (admin): list contract, filter by status, search by name or ID number. */
  async list(query: ListQuery): Promise<ListResult<KycDto>> {
    const qb = this.base();
    return (await paginate(qb, query, KYC_SPEC)).map((k) => this.present(k));
  }

  /** GET /kyc/{id} (admin). */
  async get(id: number): Promise<KycDto> {
    return this.present(await this.one(id));
  }

  /** GET /kyc/{userId}/user: the user's latest submission (null when none); only the user or an admin. */
  async latestOf(viewer: User, userId: number): Promise<KycDto | null> {
    if (viewer.role !== 'admin' && viewer.id !== userId) throw new NotFoundError(MSG.kyc.notFound);
    const row = await this.base().where('k.user_id = :userId', { userId }).orderBy('k.id', 'DESC').getOne();
    return row ? this.present(row) : null;
  }

  /**
   * PUT /kyc/{id}/approve (admin): a pending submission is approved (1) or rejected (-1, with a reason); an approved
   * one may still be rejected. A rejected one is final (the user may submit anew). Conditional on the status read.
   */
  async decide(admin: User, id: number, dto: KycDecisionDto): Promise<KycDto> {
    const row = await this.one(id);
    const allowed = row.status === KYC_STATUS.PENDING || (row.status === KYC_STATUS.APPROVED && dto.status === -1);
    if (!allowed) throw invalid('status', MSG.kyc.statusInvalid);
    const status = dto.status as KycStatus;
    const reason = status === KYC_STATUS.REJECTED ? (dto.reason ?? null) : null;
    const events = await inTransaction(this.db, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(KycSubmission)
        .set({
          status,
          reason,
          active_user_id: status === KYC_STATUS.REJECTED ? null : row.user_id,
          reviewed_by: admin.id,
          reviewed_at: new Date(),
        })
        .where('id = :id AND status = :from', { id, from: row.status })
        .execute();
      if (done.affected !== 1) throw new ConflictError(MSG.kyc.updateFailed);
      return [
        await this.outbox.enqueue(m, EVENTS.kycDecided, {
          submissionId: id,
          userId: row.user_id,
          status: status === KYC_STATUS.APPROVED ? 1 : -1,
          reason,
        }),
      ];
    });
    await this.outbox.deliver(events);
    return this.present(await this.one(id));
  }

  /** DELETE /kyc/{id} (admin): the row, its view log and both files. */
  async remove(id: number): Promise<void> {
    const row = await this.one(id);
    await inTransaction(this.db, async (m) => {
      await m.delete(KycDocumentView, { submission_id: id });
      await m.delete(KycSubmission, { id });
    });
    await this.storage.removePrivate(row.id_image_key);
    await this.storage.removePrivate(row.user_image_key);
  }

  /** A document for the owner or an admin (anyone else: 404, whether or not it exists); admin views are recorded. */
  async file(viewer: User, id: number, file: KycFile): Promise<KycDocument> {
    const row = await this.db.getRepository(KycSubmission).findOne({ where: { id } });
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id)) throw new NotFoundError(MSG.kyc.notFound);
    const body = await this.storage.readPrivate(file === 'id_image' ? row.id_image_key : row.user_image_key);
    if (!body) throw new NotFoundError(MSG.kyc.fileMissing);
    const recorded = viewer.role === 'admin';
    if (recorded)
      await this.db.getRepository(KycDocumentView).insert({ submission_id: id, viewer_id: viewer.id, file });
    return { body, recorded };
  }

  /** Who opened a submission's documents (admin): newest first. */
  async views(id: number): Promise<Array<{ viewer: { id: number; name: string | null }; file: KycFile; at: string }>> {
    await this.one(id);
    const rows = await this.db
      .getRepository(KycDocumentView)
      .find({ where: { submission_id: id }, relations: { viewer: true }, order: { id: 'DESC' }, take: 100 });
    return rows.map((v) => ({
      viewer: { id: v.viewer_id, name: v.viewer?.name ?? null },
      file: v.file,
      at: iso(v.created_at) as string,
    }));
  }

  private base() {
    return this.db
      .getRepository(KycSubmission)
      .createQueryBuilder('k')
      .leftJoin('k.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email']);
  }

  private async one(id: number): Promise<KycSubmission> {
    const row = await this.base().where('k.id = :id', { id }).getOne();
    if (!row) throw new NotFoundError(MSG.kyc.notFound);
    return row;
  }
}
