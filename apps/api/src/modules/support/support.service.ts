import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MSG,
  SUPPORT_STATUS,
  type SupportRequest,
  type SupportResponse,
  type SupportStatus,
  type SupportThread,
} from '@jara/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../common/errors';
import { EVENTS } from '../../common/events';
import { OutboxService } from '../../common/outbox/outbox.service';
import { integerFilter, paginate, type ListQuery, type ListResult, type ListSpec } from '../../common/list/list-query';
import { inTransaction } from '../../database/transaction';
import type { User } from '../users/user.entity';
import type { CreateSupportDto, CreateSupportResponseDto } from '@jara/dto';
import { Support, SupportResponseRow } from './support.entity';

const iso = (d: Date | string) => new Date(d).toISOString();

const SUPPORT_SPEC: ListSpec = {
  sortable: { created_at: 's.created_at', id: 's.id' },
  filterable: {
    status: integerFilter('s.status', { ops: ['eq'] }),
    user_id: integerFilter('s.user_id', { ops: ['eq'] }),
    id: integerFilter('s.id', { multi: true, ops: ['eq'] }),
    email: { expr: 's.email', ops: ['eq', 'like'] },
    subject: { expr: 's.subject', ops: ['like'] },
  },
  searchable: ['s.subject', 's.name', 's.email'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 's.id',
  defaultPerPage: 10,
  limitOffset: true,
};

/**
 * The support centre: customers and vendors open requests; admins read all, reply (the request goes In Progress),
 * change the status and delete; the owner reads their own and replies while it is not closed. Replies are told to
 * the other side (in-app and by e-mail) through support.replied.
 */
@Injectable()
export class SupportService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  present(s: Support): SupportRequest {
    return {
      id: s.id,
      user_id: s.user_id,
      user: s.user ? { id: s.user.id, name: s.user.name, email: s.user.email } : null,
      name: s.name,
      email: s.email,
      subject: s.subject,
      message: s.message,
      status: s.status,
      responses: s.response_count,
      created_at: iso(s.created_at),
      updated_at: iso(s.updated_at),
    };
  }

  presentResponse(r: SupportResponseRow, ownerId: number): SupportResponse {
    return {
      id: r.id,
      support_id: r.support_id,
      message: r.message,
      status: r.status === 1 ? 1 : 0,
      responder_id: r.responder_id,
      responder: r.responder ? { id: r.responder.id, name: r.responder.name, role: r.responder.role } : null,
      from_owner: r.responder_id === ownerId,
      created_at: iso(r.created_at),
    };
  }

  async create(user: User, dto: CreateSupportDto): Promise<SupportRequest> {
    if (user.role !== 'customer' && user.role !== 'vendor')
      throw new ForbiddenError(MSG.support.onlyCustomersAndVendors);
    const row = this.db.getRepository(Support).create({
      user_id: user.id,
      name: dto.name,
      email: dto.email,
      subject: dto.subject,
      message: dto.message,
      status: SUPPORT_STATUS.OPEN,
      response_count: 0,
    });
    const events = await inTransaction(this.db, async (m) => {
      await m.insert(Support, row);
      return [
        await this.outbox.enqueue(m, EVENTS.supportOpened, {
          supportId: row.id,
          subject: row.subject,
          ownerName: row.name,
        }),
      ];
    });
    await this.outbox.deliver(events);
    return this.present(await this.one(row.id));
  }

  /** GET /supports: all for an admin, one's own for anyone else. */
  async list(viewer: User, query: ListQuery): Promise<ListResult<SupportRequest>> {
    const qb = this.base();
    const rest = { ...query };
    if (viewer.role !== 'admin') {
      qb.andWhere('s.user_id = :viewerId', { viewerId: viewer.id });
      delete rest.user_id;
    }
    return (await paginate(qb, rest, SUPPORT_SPEC)).map((s) => this.present(s));
  }

  async get(viewer: User, id: number): Promise<SupportRequest> {
    return this.present(await this.visible(viewer, id));
  }

  /** GET /supports/{id}/responses: the request and its thread, oldest first (owner or admin; others 404). */
  async thread(viewer: User, id: number): Promise<SupportThread> {
    const support = await this.visible(viewer, id);
    const rows = await this.db
      .getRepository(SupportResponseRow)
      .createQueryBuilder('r')
      .leftJoin('r.responder', 'a')
      .addSelect(['a.id', 'a.name', 'a.role'])
      .where('r.support_id = :id', { id })
      .orderBy('r.id', 'ASC')
      .limit(500)
      .getMany();
    return { support: this.present(support), responses: rows.map((r) => this.presentResponse(r, support.user_id)) };
  }

  async setStatus(id: number, status: SupportStatus): Promise<SupportRequest> {
    await this.one(id);
    await inTransaction(this.db, (m) => m.update(Support, { id }, { status }));
    return this.present(await this.one(id));
  }

  async remove(id: number): Promise<void> {
    await this.one(id);
    await inTransaction(this.db, async (m) => {
      await m.delete(SupportResponseRow, { support_id: id });
      await m.delete(Support, { id });
    });
  }

  /**
   * POST /support-responses: an admin replies to any request (its status becomes the one sent, by default 2 In
   * Progress); the owner replies to their own while it is not closed. Anyone else: 404.
   */
  async reply(viewer: User, dto: CreateSupportResponseDto): Promise<SupportResponse> {
    const support = await this.visible(viewer, dto.support_id);
    const admin = viewer.role === 'admin';
    if (!admin && support.status === SUPPORT_STATUS.CLOSED) throw new ConflictError(MSG.support.closed);
    const row = this.db.getRepository(SupportResponseRow).create({
      support_id: support.id,
      responder_id: viewer.id,
      message: dto.message,
      status: 0,
    });
    const events = await inTransaction(this.db, async (m) => {
      await m.insert(SupportResponseRow, row);
      await m
        .createQueryBuilder()
        .update(Support)
        .set({
          response_count: () => 'response_count + 1',
          ...(admin ? { status: dto.status ?? SUPPORT_STATUS.IN_PROGRESS } : {}),
        })
        .where('id = :id', { id: support.id })
        .execute();
      return [
        await this.outbox.enqueue(m, EVENTS.supportReplied, {
          supportId: support.id,
          subject: support.subject,
          ownerId: support.user_id,
          responderId: viewer.id,
          responderName: viewer.name ?? viewer.email,
          fromOwner: viewer.id === support.user_id,
        }),
      ];
    });
    await this.outbox.deliver(events);
    const saved = await this.db
      .getRepository(SupportResponseRow)
      .findOneOrFail({ where: { id: row.id }, relations: { responder: true } });
    return this.presentResponse(saved, support.user_id);
  }

  /** PATCH /support-responses/{id}/status: the other side (the owner for admins' replies, an admin for the owner's). */
  async setResponseStatus(viewer: User, id: number, status: 0 | 1): Promise<SupportResponse> {
    const row = await this.db
      .getRepository(SupportResponseRow)
      .findOne({ where: { id }, relations: { responder: true } });
    if (!row) throw new NotFoundError(MSG.support.responseNotFound);
    const support = await this.db.getRepository(Support).findOne({ where: { id: row.support_id } });
    if (!support) throw new NotFoundError(MSG.support.responseNotFound);
    const fromOwner = row.responder_id === support.user_id;
    const reader = fromOwner ? viewer.role === 'admin' : viewer.id === support.user_id || viewer.role === 'admin';
    if (!reader) throw new NotFoundError(MSG.support.responseNotFound);
    await inTransaction(this.db, (m) => m.update(SupportResponseRow, { id }, { status }));
    row.status = status;
    return this.presentResponse(row, support.user_id);
  }

  private base() {
    return this.db
      .getRepository(Support)
      .createQueryBuilder('s')
      .leftJoin('s.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.email']);
  }

  private async one(id: number): Promise<Support> {
    const row = await this.base().where('s.id = :id', { id }).getOne();
    if (!row) throw new NotFoundError(MSG.support.notFound);
    return row;
  }

  /** The request if the viewer may see it: its owner or an admin; anyone else a 404 (its existence is not told). */
  private async visible(viewer: User, id: number): Promise<Support> {
    const row = await this.db.getRepository(Support).findOne({ where: { id }, relations: { user: true } });
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id)) throw new NotFoundError(MSG.support.notFound);
    return row;
  }
}
