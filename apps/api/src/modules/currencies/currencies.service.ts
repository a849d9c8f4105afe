import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MSG, type Currency as CurrencyDto } from '@jara/contracts';
import { invalid, NotFoundError } from '../../common/errors';
import { integerFilter, paginate, type ListQuery, type ListResult, type ListSpec } from '../../common/list/list-query';
import { isUniqueViolation } from '../../database/transaction';
import { Currency } from './currency.entity';
import type { CreateCurrencyDto, UpdateCurrencyDto } from '@jara/dto';
import { microToRate } from '@jara/contracts';

const LIST_SPEC: ListSpec = {
  sortable: {
    id: 'c.id',
    code: { expr: 'c.code', text: true },
    name: { expr: 'c.name', text: true },
    created_at: 'c.created_at',
  },
  filterable: { id: integerFilter('c.id', { multi: true }), code: 'c.code', name: 'c.name' },
  searchable: ['c.name', 'c.code'],
  defaultSort: { field: 'id', order: 'ASC' },
  tiebreaker: 'c.id',
  // The converter reads the whole (short) list in one page.
  defaultPerPage: 100,
  limitOffset: true,
};

export function presentCurrency(c: Currency): CurrencyDto {
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    buy_price: microToRate(c.buy_price_micro),
    sell_price: microToRate(c.sell_price_micro),
    created_at: new Date(c.created_at).toISOString(),
    updated_at: new Date(c.updated_at).toISOString(),
  };
}

@Injectable()
export class CurrenciesService {
  constructor(@InjectRepository(Currency) private readonly repo: Repository<Currency>) {}

  async list(query: ListQuery): Promise<ListResult<CurrencyDto>> {
    const page = await paginate(this.repo.createQueryBuilder('c'), query, LIST_SPEC);
    return page.map(presentCurrency);
  }

  async create(dto: CreateCurrencyDto): Promise<CurrencyDto> {
    await this.assertCodeFree(dto.code);
    const row = this.repo.create({
      name: dto.name,
      code: dto.code,
      buy_price_micro: dto.buy_price,
      sell_price_micro: dto.sell_price,
    });
    await this.write(() => this.repo.insert(row));
    return presentCurrency(await this.find(row.id));
  }

  async update(id: number, dto: UpdateCurrencyDto): Promise<CurrencyDto> {
    const row = await this.find(id);
    if (dto.code !== undefined && dto.code !== row.code) await this.assertCodeFree(dto.code);
    const changes: Partial<Currency> = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.code !== undefined) changes.code = dto.code;
    if (dto.buy_price !== undefined) changes.buy_price_micro = dto.buy_price;
    if (dto.sell_price !== undefined) changes.sell_price_micro = dto.sell_price;
    if (Object.keys(changes).length) await this.write(() => this.repo.update({ id }, changes));
    return presentCurrency(await this.find(id));
  }

  async remove(id: number): Promise<void> {
    const row = await this.find(id);
    await this.repo.delete({ id: row.id });
  }

  private async find(id: number): Promise<Currency> {
    const row = await this.repo.findOne({ where: { id } });
    if (!row) throw new NotFoundError(MSG.money.currencyNotFound);
    return row;
  }

  private async assertCodeFree(code: string): Promise<void> {
    if (await this.repo.exists({ where: { code } })) throw invalid('code', MSG.currency.duplicateCode);
  }

  /** The unique index settles a race between two requests with the same code: the second is the same 422. */
  private async write(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('code', MSG.currency.duplicateCode);
      throw error;
    }
  }
}
