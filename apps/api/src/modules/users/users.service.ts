import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { MSG, normalizeRole, type PublicUser } from '@jara/contracts';
import { fieldError } from '../../common/http/validation';
import { ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import { StorageService } from '../../common/storage/storage.service';
import type { AdminUpdateUserDto, UpdateProfileDto } from './dto/user.dto';
import { User } from './user.entity';
import { presentUser } from './user.presenter';

const PROFILE_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'postal_code', 'country'] as const;
const ADMIN_FIELDS = ['name', 'email', 'phone', 'role', 'status'] as const;

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly storage: StorageService,
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
    if (!user) throw new NotFoundException(MSG.users.notFound);
    return this.present(user);
  }

  async list(query: ListQuery): Promise<ListResult<PublicUser>> {
    const qb = this.users.createQueryBuilder('u');
    const page = await paginate(qb, query, {
      sortable: { id: 'u.id', name: 'u.name', email: 'u.email', role: 'u.role', status: 'u.status', created_at: 'u.created_at' },
      filterable: { role: 'u.role', status: 'u.status', name: 'u.name', email: 'u.email', id: 'u.id' },
      searchable: ['u.name', 'u.email'],
      defaultSort: { field: 'created_at', order: 'DESC' },
      tiebreaker: 'u.id',
    });
    return page.map((u) => this.present(u));
  }

  /** {total, admin, vendor, customer}; unknown stored roles count as customers (buyers). */
  async countByRole(): Promise<{ total: number; admin: number; vendor: number; customer: number }> {
    const rows: Array<{ role: string; n: string | number }> = await this.users
      .createQueryBuilder('u')
      .select('u.role', 'role')
      .addSelect('COUNT(*)', 'n')
      .groupBy('u.role')
      .getRawMany();
    const out = { total: 0, admin: 0, vendor: 0, customer: 0 };
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
    if (!user) throw new NotFoundException(MSG.users.notFound);
    if (actor.id === user.id && ((dto.role && dto.role !== 'admin') || dto.status === '0')) {
      throw fieldError(dto.role && dto.role !== 'admin' ? 'role' : 'status', MSG.users.cannotDemoteSelf);
    }
    return this.save(user, dto, ADMIN_FIELDS);
  }

  async remove(actor: User, id: number): Promise<void> {
    if (actor.id === id) throw fieldError('id', MSG.users.cannotDeleteSelf);
    const user = await this.findById(id);
    if (!user) throw new NotFoundException(MSG.users.notFound);
    await this.users.delete({ id });
    await this.storage.remove(user.image);
  }

  updateProfile(user: User, dto: UpdateProfileDto): Promise<PublicUser> {
    return this.save(user, dto, PROFILE_FIELDS);
  }

  async updateImage(user: User, file: Express.Multer.File | undefined): Promise<PublicUser> {
    const key = await this.storage.saveImage('avatars', file, 'image', 512);
    const previous = user.image;
    await this.users.update({ id: user.id }, { image: key });
    await this.storage.remove(previous);
    return this.present((await this.findById(user.id)) as User);
  }

  /** Applies only the listed, non-empty fields; keeps e-mail unique (422 on errors.email). */
  private async save<K extends keyof User>(user: User, dto: Partial<Record<K, unknown>>, fields: readonly K[]): Promise<PublicUser> {
    const changes: Partial<User> = {};
    for (const field of fields) {
      const value = dto[field];
      if (value !== undefined && value !== null && value !== '') (changes as Record<string, unknown>)[field as string] = value;
    }
    if (changes.email && changes.email !== user.email) {
      const other = await this.findByEmail(changes.email);
      if (other && other.id !== user.id) throw fieldError('email', MSG.auth.emailTaken);
    }
    if (Object.keys(changes).length > 0) {
      try {
        await this.users.update({ id: user.id }, changes);
      } catch (error) {
        if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message)) throw fieldError('email', MSG.auth.emailTaken);
        throw error;
      }
    }
    return this.present((await this.findById(user.id)) as User);
  }
}
