import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import type { Category as CategoryDto } from '@jara/contracts';
import { ConflictError, invalid, NotFoundError } from '../../common/errors';
import {
  integerFilter,
  LIKE_ESCAPE,
  likePattern,
  ListResult,
  paginate,
  type ListQuery,
} from '../../common/list/list-query';
import { Category } from './category.entity';
import type { CreateCategoryDto, UpdateCategoryDto } from '@jara/dto';

export const CATEGORY_IN_USE = 'This category has products and cannot be deleted. Move or delete its products first.';
const NAME_TAKEN = 'A category with this name already exists.';

@Injectable()
export class CategoriesService {
  constructor(@InjectRepository(Category) private readonly repo: Repository<Category>) {}

  present(c: Category): CategoryDto {
    return {
      id: c.id,
      name: c.name,
      status: Number(c.status) === 1 ? 1 : 0,
      created_at: new Date(c.created_at).toISOString(),
      updated_at: new Date(c.updated_at).toISOString(),
    };
  }

  /** Public callers see active categories; admins may ask for all (all=1) or filter by status. */
  async list(query: ListQuery, includeInactive: boolean): Promise<ListResult<CategoryDto>> {
    const qb = this.repo.createQueryBuilder('c');
    if (!includeInactive) qb.where('c.status = 1');
    const page = await paginate(qb, query, {
      sortable: {
        id: 'c.id',
        name: { expr: 'c.name', text: true },
        status: 'c.status',
        created_at: 'c.created_at',
        updated_at: 'c.updated_at',
      },
      filterable: {
        id: integerFilter('c.id', { multi: true }),
        name: 'c.name',
        ...(includeInactive ? { status: integerFilter('c.status') } : {}),
      },
      searchable: ['c.name'],
      defaultSort: { field: 'name', order: 'ASC' },
      tiebreaker: 'c.id',
      defaultPerPage: 100,
    });
    return page.map((c) => this.present(c));
  }

  async get(id: number, includeInactive: boolean): Promise<CategoryDto> {
    const row = await this.repo.findOne({ where: { id } });
    if (!row || (!includeInactive && Number(row.status) !== 1)) throw new NotFoundError('Category not found.');
    return this.present(row);
  }

  /** The category, if it exists and is active (products may only use active categories). */
  async findActive(id: number): Promise<Category | null> {
    const row = await this.repo.findOne({ where: { id } });
    return row && Number(row.status) === 1 ? row : null;
  }

  /** Active categories whose name contains the text (case-insensitive), for search suggestions. */
  async suggest(text: string, limit: number): Promise<Array<{ id: number; name: string }>> {
    const rows = await this.repo
      .createQueryBuilder('c')
      .where('c.status = 1')
      .andWhere(`LOWER(c.name) LIKE :pattern ${LIKE_ESCAPE}`, { pattern: likePattern(text) })
      .orderBy('c.name', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((c) => ({ id: c.id, name: c.name }));
  }

  async create(dto: CreateCategoryDto): Promise<CategoryDto> {
    await this.assertNameFree(dto.name);
    const row = this.repo.create({ name: dto.name, status: dto.status ?? 1 });
    await this.saveUnique(() => this.repo.insert(row));
    return this.present((await this.repo.findOneBy({ id: row.id })) as Category);
  }

  async update(id: number, dto: UpdateCategoryDto): Promise<CategoryDto> {
    const row = await this.repo.findOneBy({ id });
    if (!row) throw new NotFoundError('Category not found.');
    if (dto.name && dto.name.toLowerCase() !== row.name.toLowerCase()) await this.assertNameFree(dto.name, id);
    const changes: Partial<Category> = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.status !== undefined) changes.status = dto.status;
    if (Object.keys(changes).length) await this.saveUnique(() => this.repo.update({ id }, changes));
    return this.present((await this.repo.findOneBy({ id })) as Category);
  }

  /** Products reference categories with a RESTRICT foreign key: a category in use is a 409. */
  async remove(id: number): Promise<void> {
    const row = await this.repo.findOneBy({ id });
    if (!row) throw new NotFoundError('Category not found.');
    try {
      await this.repo.delete({ id });
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        /foreign key|FOREIGN KEY|a foreign key constraint fails/i.test(error.message)
      ) {
        throw new ConflictError(CATEGORY_IN_USE);
      }
      throw error;
    }
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const same = await this.repo
      .createQueryBuilder('c')
      .where('LOWER(c.name) = :name', { name: name.toLowerCase() })
      .getOne();
    if (same && same.id !== exceptId) throw invalid('name', NAME_TAKEN);
  }

  private async saveUnique(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message))
        throw invalid('name', NAME_TAKEN);
      throw error;
    }
  }
}
