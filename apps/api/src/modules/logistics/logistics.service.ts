import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import {
  MSG,
  SHIPPING_TYPES,
  WAREHOUSE_TYPE_VALUES,
  type Location as LocationDto,
  type LogisticsSettings,
  type ShippingTitle as ShippingTitleDto,
  type Warehouse as WarehouseDto,
} from '@jara/contracts';
import { ConflictError, invalid, NotFoundError } from '../../common/errors';
import { integerFilter, paginate, type ListQuery, type ListResult, type ListSpec } from '../../common/list/list-query';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { oneOf } from '../wallet/wallet.service';
import type {
  CreateLocationDto,
  CreateShippingDto,
  CreateWarehouseDto,
  LogisticsSettingsDto,
  UpdateLocationDto,
  UpdateShippingDto,
  UpdateWarehouseDto,
} from '@jara/dto';
import { Delivery } from './delivery.entity';
import { Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from './logistics.entity';

const iso = (d: Date | string) => new Date(d).toISOString();
const place = (l: Location | undefined) => (l ? { id: l.id, name: l.name } : null);

const LOCATION_SPEC: ListSpec = {
  sortable: { id: 'l.id', name: { expr: 'l.name', text: true }, status: 'l.status', created_at: 'l.created_at' },
  filterable: { id: integerFilter('l.id', { multi: true }), status: integerFilter('l.status'), name: 'l.name' },
  searchable: ['l.name'],
  defaultSort: { field: 'name', order: 'ASC' },
  tiebreaker: 'l.id',
  defaultPerPage: 100,
  limitOffset: true,
};
const WAREHOUSE_SPEC: ListSpec = {
  sortable: { id: 'w.id', name: { expr: 'w.name', text: true }, type: 'w.type', created_at: 'w.created_at' },
  filterable: {
    id: integerFilter('w.id', { multi: true }),
    location_id: integerFilter('w.location_id'),
    type: oneOf('w.type', WAREHOUSE_TYPE_VALUES, 'type'),
    name: 'w.name',
  },
  searchable: ['w.name', 'l.name'],
  defaultSort: { field: 'name', order: 'ASC' },
  tiebreaker: 'w.id',
  defaultPerPage: 100,
  limitOffset: true,
};
const SHIPPING_SPEC: ListSpec = {
  sortable: {
    id: 's.id',
    name: { expr: 's.name', text: true },
    status: 's.status',
    type: 's.type',
    created_at: 's.created_at',
  },
  filterable: {
    id: integerFilter('s.id', { multi: true }),
    location_id: integerFilter('s.location_id'),
    type: oneOf(
      's.type',
      SHIPPING_TYPES.map((t) => t.value),
      'type',
    ),
    status: integerFilter('s.status', { multi: true }),
    name: 's.name',
  },
  searchable: ['s.name', 'l.name'],
  defaultSort: { field: 'id', order: 'DESC' },
  tiebreaker: 's.id',
  defaultPerPage: 100,
  limitOffset: true,
};

function isForeignKeyViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && /foreign key|FOREIGN KEY|a foreign key constraint fails/i.test(error.message)
  );
}

/**
 * The logistics reference data: locations, warehouses, shipping titles (read by everyone, written by admins) and the
 * cargo rates. Deliveries (issue 11's trackings) build on these.
 */
@Injectable()
export class LogisticsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get locations(): Repository<Location> {
    return this.db.getRepository(Location);
  }

  // ------------------------------------------------------------------------------------------------- locations

  presentLocation(l: Location): LocationDto {
    return {
      id: l.id,
      name: l.name,
      status: Number(l.status) === 1 ? 1 : 0,
      created_at: iso(l.created_at),
      updated_at: iso(l.updated_at),
    };
  }

  /** Everyone sees active locations; an admin every location (and may filter by status). */
  async listLocations(query: ListQuery, admin: boolean): Promise<ListResult<LocationDto>> {
    const qb = this.locations.createQueryBuilder('l');
    if (!admin) qb.where('l.status = 1');
    return (await paginate(qb, query, LOCATION_SPEC)).map((l) => this.presentLocation(l));
  }

  async getLocation(id: number, admin: boolean): Promise<LocationDto> {
    const row = await this.locations.findOneBy({ id });
    if (!row || (!admin && Number(row.status) !== 1)) throw new NotFoundError(MSG.locations.notFound);
    return this.presentLocation(row);
  }

  async createLocation(dto: CreateLocationDto): Promise<LocationDto> {
    const row = this.locations.create({ name: dto.name, status: dto.status ?? 1 });
    await this.uniqueName(() => inTransaction(this.db, (m) => m.insert(Location, row)), dto.name);
    return this.presentLocation(await this.locations.findOneByOrFail({ id: row.id }));
  }

  async updateLocation(id: number, dto: UpdateLocationDto): Promise<LocationDto> {
    if (!(await this.locations.existsBy({ id }))) throw new NotFoundError(MSG.locations.notFound);
    const changes: Partial<Location> = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.status !== undefined) changes.status = dto.status;
    if (Object.keys(changes).length)
      await this.uniqueName(() => inTransaction(this.db, (m) => m.update(Location, { id }, changes)), dto.name, id);
    return this.presentLocation(await this.locations.findOneByOrFail({ id }));
  }

  /** Warehouses and shipping titles reference locations (RESTRICT): a location in use is a 409. */
  async removeLocation(id: number): Promise<void> {
    if (!(await this.locations.existsBy({ id }))) throw new NotFoundError(MSG.locations.notFound);
    const used =
      (await this.db.getRepository(Warehouse).existsBy({ location_id: id })) ||
      (await this.db.getRepository(ShippingTitle).existsBy({ location_id: id }));
    if (used) throw new ConflictError(MSG.locations.inUse);
    try {
      await inTransaction(this.db, (m) => m.delete(Location, { id }));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new ConflictError(MSG.locations.inUse);
      throw error;
    }
  }

  /** Names are unique whatever their case (a second 'Lagos' is a 422 on name). */
  private async uniqueName(write: () => Promise<unknown>, name: string | undefined, exceptId?: number): Promise<void> {
    if (name !== undefined) {
      const same = await this.locations
        .createQueryBuilder('l')
        .where('LOWER(l.name) = :name', { name: name.toLowerCase() })
        .getOne();
      if (same && same.id !== exceptId) throw invalid('name', MSG.locations.nameTaken);
    }
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('name', MSG.locations.nameTaken);
      throw error;
    }
  }

  /** A location a warehouse or a shipping title may point at (422 on location_id otherwise). */
  private async assertLocation(id: number | undefined): Promise<void> {
    if (id === undefined) return;
    if (!(await this.locations.existsBy({ id }))) throw invalid('location_id', MSG.locations.unknown);
  }

  // ------------------------------------------------------------------------------------------------ warehouses

  presentWarehouse(w: Warehouse): WarehouseDto {
    return {
      id: w.id,
      name: w.name,
      location_id: w.location_id,
      location: place(w.location),
      type: w.type,
      address: w.address,
      contact: w.contact,
      created_at: iso(w.created_at),
      updated_at: iso(w.updated_at),
    };
  }

  async listWarehouses(query: ListQuery): Promise<ListResult<WarehouseDto>> {
    const qb = this.db.getRepository(Warehouse).createQueryBuilder('w').leftJoinAndSelect('w.location', 'l');
    return (await paginate(qb, query, WAREHOUSE_SPEC)).map((w) => this.presentWarehouse(w));
  }

  async getWarehouse(id: number): Promise<WarehouseDto> {
    const row = await this.db.getRepository(Warehouse).findOne({ where: { id }, relations: { location: true } });
    if (!row) throw new NotFoundError(MSG.warehouses.notFound);
    return this.presentWarehouse(row);
  }

  async createWarehouse(dto: CreateWarehouseDto): Promise<WarehouseDto> {
    await this.assertLocation(dto.location_id);
    const row = this.db.getRepository(Warehouse).create({
      name: dto.name,
      location_id: dto.location_id,
      type: dto.type,
      address: dto.address ?? null,
      contact: dto.contact ?? null,
    });
    await inTransaction(this.db, (m) => m.insert(Warehouse, row));
    return this.getWarehouse(row.id);
  }

  async updateWarehouse(id: number, dto: UpdateWarehouseDto): Promise<WarehouseDto> {
    if (!(await this.db.getRepository(Warehouse).existsBy({ id }))) throw new NotFoundError(MSG.warehouses.notFound);
    await this.assertLocation(dto.location_id);
    const changes: Partial<Warehouse> = {};
    for (const key of ['name', 'location_id', 'type', 'address', 'contact'] as const)
      if (dto[key] !== undefined) Object.assign(changes, { [key]: dto[key] });
    if (Object.keys(changes).length) await inTransaction(this.db, (m) => m.update(Warehouse, { id }, changes));
    return this.getWarehouse(id);
  }

  async removeWarehouse(id: number): Promise<void> {
    if (!(await this.db.getRepository(Warehouse).existsBy({ id }))) throw new NotFoundError(MSG.warehouses.notFound);
    await this.deleteUnlessUsed(
      () => inTransaction(this.db, (m) => m.delete(Warehouse, { id })),
      MSG.warehouses.inUse,
      {
        warehouse_id: id,
      },
    );
  }

  // ------------------------------------------------------------------------------------------ shipping titles

  presentShipping(s: ShippingTitle): ShippingTitleDto {
    return {
      id: s.id,
      name: s.name,
      location_id: s.location_id,
      location: place(s.location),
      type: s.type,
      status: s.status,
      created_at: iso(s.created_at),
      updated_at: iso(s.updated_at),
    };
  }

  async listShippings(query: ListQuery): Promise<ListResult<ShippingTitleDto>> {
    const qb = this.db.getRepository(ShippingTitle).createQueryBuilder('s').leftJoinAndSelect('s.location', 'l');
    return (await paginate(qb, query, SHIPPING_SPEC)).map((s) => this.presentShipping(s));
  }

  async getShipping(id: number): Promise<ShippingTitleDto> {
    const row = await this.db.getRepository(ShippingTitle).findOne({ where: { id }, relations: { location: true } });
    if (!row) throw new NotFoundError(MSG.shipping.titleNotFound);
    return this.presentShipping(row);
  }

  async createShipping(dto: CreateShippingDto): Promise<ShippingTitleDto> {
    await this.assertLocation(dto.location_id);
    const row = this.db.getRepository(ShippingTitle).create({
      name: dto.name,
      location_id: dto.location_id,
      type: dto.type ?? 'sea_cargo',
      status: dto.status ?? 1,
    });
    await inTransaction(this.db, (m) => m.insert(ShippingTitle, row));
    return this.getShipping(row.id);
  }

  async updateShipping(id: number, dto: UpdateShippingDto): Promise<ShippingTitleDto> {
    if (!(await this.db.getRepository(ShippingTitle).existsBy({ id })))
      throw new NotFoundError(MSG.shipping.titleNotFound);
    await this.assertLocation(dto.location_id);
    const changes: Partial<ShippingTitle> = {};
    for (const key of ['name', 'location_id', 'type', 'status'] as const)
      if (dto[key] !== undefined) Object.assign(changes, { [key]: dto[key] });
    if (Object.keys(changes).length) await inTransaction(this.db, (m) => m.update(ShippingTitle, { id }, changes));
    return this.getShipping(id);
  }

  async removeShipping(id: number): Promise<void> {
    if (!(await this.db.getRepository(ShippingTitle).existsBy({ id })))
      throw new NotFoundError(MSG.shipping.titleNotFound);
    await this.deleteUnlessUsed(
      () => inTransaction(this.db, (m) => m.delete(ShippingTitle, { id })),
      MSG.shipping.inUse,
      {
        shipping_id: id,
      },
    );
  }

  /** A warehouse or title that deliveries use is a 409 (checked first; the foreign key decides a race). */
  private async deleteUnlessUsed(
    remove: () => Promise<unknown>,
    message: string,
    where: { warehouse_id: number } | { shipping_id: number },
  ): Promise<void> {
    if (await this.db.getRepository(Delivery).existsBy(where)) throw new ConflictError(message);
    try {
      await remove();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new ConflictError(message);
      throw error;
    }
  }

  // ---------------------------------------------------------------------------------------------- cargo rates

  async settings(): Promise<LogisticsSettings> {
    const row = await this.db.getRepository(LogisticsSettingsRow).findOneBy({ id: 1 });
    return {
      cost_per_cmb3: (row?.cost_per_cmb3_cents ?? 0) / 100,
      cost_per_kg: (row?.cost_per_kg_cents ?? 0) / 100,
      updated_at: row ? iso(row.updated_at) : null,
    };
  }

  /** PUT /logistics-settings (admin): both rates, stored in cents (one row, created on first save). */
  async saveSettings(dto: LogisticsSettingsDto): Promise<LogisticsSettings> {
    const cents = (value: number | string) => Math.round(Number(value) * 100);
    const values = { cost_per_cmb3_cents: cents(dto.cost_per_cmb3), cost_per_kg_cents: cents(dto.cost_per_kg) };
    await inTransaction(this.db, async (m) => {
      const done = await m.update(LogisticsSettingsRow, { id: 1 }, values);
      if (!done.affected) await m.insert(LogisticsSettingsRow, { id: 1, ...values });
    });
    return this.settings();
  }
}
