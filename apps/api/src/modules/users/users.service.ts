import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { MSG, normalizeRole, type PublicUser } from '@jara/contracts';
import { invalid, NotFoundError } from '../../common/errors';
import { EVENTS } from '../../common/events';
import { integerFilter, ListResult, paginate, singleValue, type ListQuery } from '../../common/list/list-query';
import { OutboxService } from '../../common/outbox/outbox.service';
import { StorageService } from '../../common/storage/storage.service';
import { inTransaction } from '../../database/transaction';
import type { AdminUpdateUserDto, UpdateProfileDto } from '@jara/dto';
import { User } from './user.entity';
import { USER_COUNTS } from './user-counts.subscriber';
import { presentUser } from './user.presenter';

/** The e-mail is not among them: a new address is confirmed with a code first (POST /user/change-email). */
const PROFILE_FIELDS = ['name', 'phone', 'address', 'city', 'postal_code', 'country'] as const;
const ADMIN_FIELDS = ['name', 'email', 'phone', 'role', 'status'] as const;
/** The name a deleted user's reviews show. */
export const DELETED_USER_NAME = 'Deleted user';
/** A change of any of these ends the user's sessions (their tokens carry the old token_version). */
const SESSION_FIELDS = ['email', 'role', 'status'] as const;

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly storage: StorageService,
    private readonly outbox: OutboxService,
  ) {}

  present(user: User): PublicUser {
    return presentUser(user, (key) => this.storage.urlFor(key));
  }

  findById(id: number): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email: email.trim().toLowerCase() } });
  }

  async getPublic(id: number): Promise<PublicUser> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundError(MSG.users.notFound);
    return this.present(user);
  }

  /** Admin list; deleted users are hidden unless deleted=1 asks for them (only them). Text sorts ignore case. */
  async list(query: ListQuery): Promise<ListResult<PublicUser>> {
    const qb = this.users.createQueryBuilder('u');
    const deleted = singleValue(query, 'deleted');
    if (deleted !== undefined && deleted !== '0' && deleted !== '1')
      throw invalid('deleted', 'deleted must be 1 or 0.');
    qb.where(deleted === '1' ? 'u.deleted_at IS NOT NULL' : 'u.deleted_at IS NULL');
    const page = await paginate(qb, query, {
      sortable: {
        id: 'u.id',
        name: { expr: 'u.name', text: true },
        email: { expr: 'u.email', text: true },
        role: 'u.role',
        status: 'u.status',
        created_at: 'u.created_at',
      },
      filterable: {
        role: 'u.role',
        status: 'u.status',
        name: 'u.name',
        email: 'u.email',
        id: integerFilter('u.id', { multi: true }),
      },
      searchable: ['u.name', 'u.email'],
      defaultSort: { field: 'created_at', order: 'DESC' },
      tiebreaker: 'u.id',
      // Totals are kept 15 s per filter; UserCountsSubscriber drops them on every user write.
      countCache: { tag: USER_COUNTS, ttlMs: 15_000 },
    });
    return page.map((u) => this.present(u));
  }

  /** {total, admin, vendor, customer}; unknown stored roles count as customers (buyers). */
  async countByRole(): Promise<{ total: number; admin: number; vendor: number; customer: number }> {
    const rows: Array<{ role: string; n: string | number }> = await this.users
      .createQueryBuilder('u')
      .select('u.role', 'role')
      .addSelect('COUNT(*)', 'n')
      .where('u.deleted_at IS NULL')
      .groupBy('u.role')
      .getRawMany();
    // Riders (issue 26) are staff: counted in the total only.
    const out = { total: 0, admin: 0, vendor: 0, customer: 0, rider: 0 };
    for (const row of rows) {
      const n = Number(row.n);
      const role = normalizeRole(row.role);
      out[role] += n;
      out.total += n;
    }
    return out;
  }

  async adminUpdate(actor: User, id: number, dto: AdminUpdateUserDto): Promise<PublicUser> {
    const user = await this.findById(id);
    if (!user || user.deleted_at) throw new NotFoundError(MSG.users.notFound);
    if (actor.id === user.id && ((dto.role && dto.role !== 'admin') || dto.status === '0')) {
      throw invalid(dto.role && dto.role !== 'admin' ? 'role' : 'status', MSG.users.cannotDemoteSelf);
    }
    return this.save(user, dto, ADMIN_FIELDS);
  }

  /**
   * A soft delete: the row stays so reviews (and soon orders, deliveries and ledgers) keep their owner, and
   * product ratings stay equal to the reviews. The user is deactivated (their tokens stop working), anonymised
   * (the e-mail becomes a unique undeliverable placeholder, so the address is free for a new sign-up) and
   * hidden from the admin's list; their avatar file is removed, and the catalogue takes their products offline
   * (the user.deleted event). Deleting a deleted user is a 404.
   */
  async remove(actor: User, id: number): Promise<void> {
    if (actor.id === id) throw invalid('id', MSG.users.cannotDeleteSelf);
    const user = await this.findById(id);
    if (!user || user.deleted_at) throw new NotFoundError(MSG.users.notFound);
    const anonymised: QueryDeepPartialEntity<User> = {
      status: '0',
      deleted_at: new Date(),
      name: DELETED_USER_NAME,
      email: `deleted-${user.id}-${randomBytes(6).toString('hex')}@deleted.invalid`,
      pending_email: null,
      phone: null,
      address: null,
      city: null,
      postal_code: null,
      country: null,
      image: null,
      password_hash: null,
      google_id: null,
      otp_hash: null,
      otp_expires_at: null,
      otp_sent_at: null,
      token_version: () => 'token_version + 1',
    };
    // The anonymised row and user.deleted (its owners of user data react) commit together (decision 028).
    const events = await inTransaction(this.users.manager.connection, async (m) => {
      await m.update(User, { id }, anonymised);
      return [await this.outbox.enqueue(m, EVENTS.userDeleted, { userId: id })];
    });
    await this.storage.remove(user.image);
    await this.outbox.deliver(events);
  }

  /**
   * The user's own profile. The e-mail may be sent (the spec's clients send every field) but only unchanged:
   * a different address is refused with a 422 on errors.email, since it must first be confirmed with a code
   * sent to it (POST /user/change-email).
   */
  async updateProfile(user: User, dto: UpdateProfileDto): Promise<PublicUser> {
    if (dto.email !== undefined && dto.email !== user.email) {
      const other = await this.findByEmail(dto.email);
      throw invalid('email', other && other.id !== user.id ? MSG.auth.emailTaken : MSG.profile.useChangeEmail);
    }
    return this.save(user, dto, PROFILE_FIELDS);
  }

  async setEmailUpdates(user: User, on: boolean): Promise<PublicUser> {
    await this.users.update({ id: user.id }, { email_updates: on ? 1 : 0 });
    return this.present((await this.findById(user.id)) as User);
  }

  /** Ends every session of the user: their tokens carry token_version, which the JWT strategy compares. */
  async revokeTokens(id: number): Promise<void> {
    await this.users.increment({ id }, 'token_version', 1);
  }

  async updateImage(user: User, file: Express.Multer.File | undefined): Promise<PublicUser> {
    const key = await this.storage.saveImage('avatars', file, 'image', 512);
    const previous = user.image;
    await this.users.update({ id: user.id }, { image: key });
    await this.storage.remove(previous);
    return this.present((await this.findById(user.id)) as User);
  }

  /** Applies only the listed, non-empty fields; keeps e-mail unique (422 on errors.email). */
  private async save<K extends keyof User>(
    user: User,
    dto: Partial<Record<K, unknown>>,
    fields: readonly K[],
  ): Promise<PublicUser> {
    const changes: Partial<User> = {};
    for (const field of fields) {
      const value = dto[field];
      if (value !== undefined && value !== null && value !== '')
        (changes as Record<string, unknown>)[field as string] = value;
    }
    if (changes.email && changes.email !== user.email) {
      const other = await this.findByEmail(changes.email);
      if (other && other.id !== user.id) throw invalid('email', MSG.auth.emailTaken);
      // An admin's direct change replaces any change the user had asked for.
      changes.pending_email = null;
    }
    if (Object.keys(changes).length > 0) {
      const update: QueryDeepPartialEntity<User> = { ...changes };
      if (SESSION_FIELDS.some((field) => changes[field] !== undefined && changes[field] !== user[field])) {
        update.token_version = () => 'token_version + 1';
      }
      try {
        await this.users.update({ id: user.id }, update);
      } catch (error) {
        if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message))
          throw invalid('email', MSG.auth.emailTaken);
        throw error;
      }
    }
    return this.present((await this.findById(user.id)) as User);
  }
}
