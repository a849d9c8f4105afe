import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository, SelectQueryBuilder } from 'typeorm';
import { MSG, toMinorUnits, type Product as ProductDto } from '@jara/contracts';
import { ForbiddenError, invalid, InvalidError, NotFoundError, UnauthorizedError } from '../../common/errors';
import {
  idRangePage,
  integerFilter,
  ListResult,
  paginate,
  singleValue,
  type FilterDef,
  type ListQuery,
  type ListSpec,
  type ParsedList,
} from '../../common/list/list-query';
import { readFlatRows } from '../../common/list/flat-rows';
import { StorageService } from '../../common/storage/storage.service';
import { inTransaction } from '../../database/transaction';
import { CategoriesService } from '../categories/categories.service';
import type { User } from '../users/user.entity';
import type { CreateProductDto, UpdateProductDto } from '@jara/dto';
import { Product } from './product.entity';
import { PRODUCT_COUNTS } from './product-counts.subscriber';
import { hasReviewsSql, reviewAverageSql, reviewCountSql } from './product-rating';
import { presentProduct } from './product.presenter';
import { PRODUCT_SEARCH_INDEX, type ProductSearchIndex } from './search/product-search-index';

const PRICE_FILTER_MESSAGE = 'Price filters must be amounts in naira, e.g. 15000.';

/** A naira amount on the wire ('15000', '99999.99') compared in kobo; negative or more than 2 decimals is invalid. */
function parseNaira(raw: string): number | undefined {
  try {
    const kobo = toMinorUnits(raw);
    return kobo >= 0 ? kobo : undefined;
  } catch {
    return undefined;
  }
}

function parseRating(raw: string): number | undefined {
  if (!/^\d(\.\d{1,2})?$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  return value >= 0 && value <= 5 ? value : undefined;
}

/** Prices are filtered under the names clients see (price_ngn, price: naira), converted to kobo here. */
const nairaFilter: FilterDef = {
  expr: 'p.price_kobo',
  ops: ['eq', 'ne', 'gte', 'lte'],
  parse: parseNaira,
  message: PRICE_FILTER_MESSAGE,
};
const ratingFilter: FilterDef = {
  expr: 'p.average_rating',
  ops: ['eq', 'ne', 'gte', 'lte'],
  parse: parseRating,
  message: 'Minimum rating must be a number from 0 to 5.',
};

const LIST_SPEC: ListSpec = {
  sortable: {
    id: 'p.id',
    name: { expr: 'p.name', text: true },
    price: 'p.price_kobo',
    price_ngn: 'p.price_kobo',
    price_kobo: 'p.price_kobo',
    rating: 'p.average_rating',
    average_rating: 'p.average_rating',
    created_at: 'p.created_at',
    flash_end_at: 'p.flash_end_at',
    stock_quantity: 'p.stock_quantity',
  },
  filterable: {
    id: integerFilter('p.id', { multi: true }),
    category_id: integerFilter('p.category_id'),
    user_id: integerFilter('p.user_id'),
    type: 'p.type',
    name: 'p.name',
    sku: 'p.sku',
    price: nairaFilter,
    price_ngn: nairaFilter,
    price_kobo: integerFilter('p.price_kobo'),
    average_rating: ratingFilter,
    rating: ratingFilter,
  },
  aliases: { min_price: 'price_ngn_gte', max_price: 'price_ngn_lte', min_rating: 'average_rating_gte' },
  searchable: ['p.name'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'p.id',
  defaultPerPage: 12,
  limitOffset: true,
  // Catalogue totals are kept 15 s per filter; ProductCountsSubscriber drops them on every product write.
  countCache: { tag: PRODUCT_COUNTS, ttlMs: 15_000 },
};

/**
 * The CatalogueSpeed index that serves a cursor continuation of the active catalogue (status = 1) in this sort:
 * with a category or type filter and the newest-first sort, the index that leads with that filter.
 */
function activeKeysetIndex(parsed: ParsedList): string | undefined {
  if (parsed.sort.length !== 1) return undefined;
  const [{ expr }] = parsed.sort;
  const filtered = (field: string) =>
    parsed.filters.some((f) => f.expr === field && f.op === 'eq' && f.values.length === 1);
  if (expr === 'p.created_at') {
    if (filtered('p.category_id')) return 'idx_products_status_category_created';
    if (filtered('p.type')) return 'idx_products_status_type_created';
    return 'idx_products_status_created';
  }
  const bySort: Record<string, string> = {
    'p.price_kobo': 'idx_products_status_price',
    'p.average_rating': 'idx_products_status_rating',
    'p.name': 'idx_products_status_name',
    'p.stock_quantity': 'idx_products_status_stock',
    'p.flash_end_at': 'idx_products_status_flash_end',
  };
  return bySort[expr];
}

/** The roles that may own products (POST /products is for them). */
export const SELLER_ROLES = ['vendor', 'admin'] as const;

/** One product of a bulk creation: its DTO (validated like a request body), its stored image key, its row number. */
export interface NewProductItem {
  row: number;
  dto: CreateProductDto;
  image: string | null;
}

/** Why a bulk creation stopped: the item's row number and the error it got (a 422 names the field). */
export class ProductRowError extends Error {
  constructor(
    public readonly row: number,
    public readonly reason: unknown,
  ) {
    super(`Row ${row}: ${(reason as Error)?.message ?? String(reason)}`);
    this.name = 'ProductRowError';
  }
}

export const SITEMAP_PAGE_SIZE = 5000;
/** Sitemap pages cover ids up to 1,000,000,000 (200,000 pages of 5000 ids). */
export const SITEMAP_MAX_PAGES = 200_000;

/** A yes/no parameter: 1/true or 0/false (one value); anything else is a 422 naming it. */
function flag(query: ListQuery, key: string): boolean {
  const value = singleValue(query, key);
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw invalid(key, `${key} must be 1 or 0.`);
}

@Injectable()
export class ProductsService {
  constructor(
    @InjectRepository(Product) private readonly repo: Repository<Product>,
    private readonly categories: CategoriesService,
    private readonly storage: StorageService,
    @Inject(PRODUCT_SEARCH_INDEX) private readonly searchIndex: ProductSearchIndex,
  ) {}

  present(p: Product): ProductDto {
    return presentProduct(p, this.storage);
  }

  /** Products with their category and seller names joined: one statement per page, whatever its size. */
  baseQuery(): SelectQueryBuilder<Product> {
    return this.repo
      .createQueryBuilder('p')
      .leftJoin('p.category', 'c')
      .addSelect(['c.id', 'c.name'])
      .leftJoin('p.owner', 'o')
      .addSelect(['o.id', 'o.name']);
  }

  /**
   * The catalogue list. Visitors see active products; admins see every status (or the one they ask for);
   * mine=1 lists the signed-in user's own products in every status. Ownership comes from the token, never
   * from user_id, which is a public filter that shows only active products (unless the caller is an admin).
   */
  async list(query: ListQuery, viewer: User | undefined, activeOnly = false): Promise<ListResult<ProductDto>> {
    const qb = this.baseQuery();
    const mine = flag(query, 'mine');
    if (mine) {
      if (!viewer) throw new UnauthorizedError(MSG.auth.unauthenticated);
      qb.andWhere('p.user_id = :viewerId', { viewerId: viewer.id });
    }
    const status = singleValue(query, 'status');
    const mayChooseStatus = !activeOnly && (viewer?.role === 'admin' || mine);
    if (!mayChooseStatus) qb.andWhere('p.status = 1');
    else if (status !== undefined) {
      if (status !== '0' && status !== '1') throw invalid('status', 'Status must be 1 or 0.');
      qb.andWhere('p.status = :status', { status: Number(status) });
    }
    const listQuery: ListQuery = { ...query };
    if (singleValue(query, 'type') === 'all') delete listQuery.type;
    if (flag(query, 'flash_active')) qb.andWhere("p.type = 'flash' AND p.flash_end_at > :now", { now: new Date() });
    if (singleValue(query, 'min_reviews') === undefined && flag(query, 'rated')) qb.andWhere('p.average_rating > 0');
    // Promotions (flash sales, trending, deal of the day, carousels) show only what can be bought. The page walks the
    // sort's index (status, type, created_at / flash_end_at) and stops at per_page rows in stock: bounded by the page.
    if (flag(query, 'in_stock')) qb.andWhere('p.stock_quantity > 0');
    // q (or search) and name_like are one search: words on the full-text index, the last word a prefix.
    const text = [singleValue(query, query.q !== undefined ? 'q' : 'search'), singleValue(query, 'name_like')]
      .filter(Boolean)
      .join(' ');
    delete listQuery.name_like;
    delete listQuery.search;
    listQuery.q = text || undefined;
    const page = await paginate(qb, listQuery, {
      ...LIST_SPEC,
      search: (words) => this.searchIndex.match(words),
      // Only the active catalogue (status = 1, the equality every products index leads with) names its index.
      keysetIndex: mayChooseStatus || mine ? undefined : activeKeysetIndex,
      // Plain rows (one per product, category and seller joined many-to-one) without TypeORM's entity transformation.
      readRows: readFlatRows,
    });
    return page.map((p) => this.present(p));
  }

  /**
   * A light page for sitemaps: ids and update times of active products whose id falls in the page's range of
   * 5000 ids (idRangePage: a key seek per page, stable URLs), plus the number of active products and of pages.
   */
  async sitemapEntries(query: ListQuery): Promise<{
    data: Array<{ id: number; updated_at: string }>;
    meta: { total: number; page: number; per_page: number; pages: number };
  }> {
    const perPage = SITEMAP_PAGE_SIZE;
    const [{ rows, page, pages }, total] = await Promise.all([
      idRangePage(
        this.repo.createQueryBuilder('p').select(['p.id', 'p.updated_at']).where('p.status = 1'),
        'p.id',
        query,
        perPage,
        SITEMAP_MAX_PAGES,
      ),
      this.repo.count({ where: { status: 1 } }),
    ]);
    return {
      data: rows.map((r) => ({ id: r.id, updated_at: new Date(r.updated_at).toISOString() })),
      meta: { total, page, per_page: perPage, pages },
    };
  }

  /** A vendor's active products with the least stock, at or below `threshold` (idx_products_user_status_stock). */
  async lowStock(
    userId: number,
    threshold: number,
    limit = 10,
  ): Promise<{ id: number; name: string; stock_quantity: number }[]> {
    const rows = await this.repo
      .createQueryBuilder('p')
      .select(['p.id', 'p.name', 'p.stock_quantity'])
      .where('p.user_id = :userId AND p.status = 1 AND p.stock_quantity <= :threshold', { userId, threshold })
      .orderBy('p.stock_quantity', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((p) => ({ id: p.id, name: p.name, stock_quantity: Number(p.stock_quantity) }));
  }

  /** A deleted user's products leave the catalogue (inactive, kept for orders and history). */
  async deactivateOwnedBy(userId: number): Promise<number> {
    const result = await this.repo.update({ user_id: userId, status: 1 }, { status: 0 });
    return result.affected ?? 0;
  }

  /** One product; an inactive one only for its owner or an admin. */
  async get(id: number, viewer?: User): Promise<ProductDto> {
    const row = await this.baseQuery().where('p.id = :id', { id }).getOne();
    if (!row || (Number(row.status) !== 1 && !(viewer && (viewer.role === 'admin' || viewer.id === row.user_id)))) {
      throw new NotFoundError(MSG.product.notFound);
    }
    return this.present(row);
  }

  async findEntity(id: number): Promise<Product | null> {
    return this.repo.findOne({ where: { id } });
  }

  async create(user: User, dto: CreateProductDto, file?: Express.Multer.File): Promise<ProductDto> {
    const price = await this.checkNew(dto);
    const image = file ? await this.storeImage(file) : user.role === 'admin' ? (dto.image_url ?? null) : null;
    const row = this.newRow(user, dto, price, image);
    await this.write(() => this.repo.insert(row));
    return this.get(row.id, user);
  }

  /**
   * The checks a new product passes beyond its DTO (create() and createMany() both run them): a price, an active
   * category, a whole flash window, a free SKU. Answers the price in kobo; a refusal is a 422 naming the field.
   */
  async checkNew(dto: CreateProductDto): Promise<number> {
    const price = dto.price_ngn ?? dto.price;
    if (price === undefined) throw invalid('price', 'The price is required.');
    await this.assertCategory(dto.category_id);
    this.assertFlash(dto.type, dto.flash_start_at ?? null, dto.flash_end_at ?? null);
    await this.assertSkuFree(dto.sku);
    return price;
  }

  /** A product picture as POST /products stores an upload: checked by content, re-encoded, two sizes. Answers its key. */
  storeImage(file: Express.Multer.File): Promise<string> {
    return this.storage.saveImageVariants('products', file, 'image');
  }

  /** Removes a picture stored by storeImage() (e.g. when the product it was for was not created). */
  removeImage(key: string | null): Promise<void> {
    return this.storage.remove(key);
  }

  /**
   * Who may own products, as POST /products admits them: an active, verified vendor or admin (the route's guards
   * and roles). A refusal is a 403 with the reason.
   */
  assertSeller(user: User): void {
    if (!(SELLER_ROLES as readonly string[]).includes(user.role))
      throw new ForbiddenError(`${user.email} is a ${user.role}: only vendors and admins own products.`);
    if (user.status !== '1' || user.deleted_at) throw new ForbiddenError(`${user.email} is not an active account.`);
    if (!user.email_verified_at) throw new ForbiddenError(`${user.email} has not verified its e-mail address.`);
  }

  /**
   * Bulk creation (the CLI's import-products): every product is checked (checkNew) and built exactly as create()
   * builds it, and all of them are inserted in ONE transaction, so a refused product leaves nothing behind. `image` is
   * a key stored by storeImage() beforehand (the transaction stays short). The first failure rolls everything back
   * and is thrown as a ProductRowError naming that item's `row`.
   */
  async createMany(
    owner: User,
    items: AsyncIterable<NewProductItem> | Iterable<NewProductItem>,
    onCreated?: () => void,
  ): Promise<number> {
    this.assertSeller(owner);
    return inTransaction(this.repo.manager.connection, async (tx) => {
      let created = 0;
      for await (const item of items) {
        try {
          const price = await this.checkNew(item.dto);
          const row = this.newRow(owner, item.dto, price, item.image);
          await this.write(() => tx.getRepository(Product).insert(row));
        } catch (error) {
          throw new ProductRowError(item.row, error);
        }
        created++;
        onCreated?.();
      }
      return created;
    });
  }

  /** How many products there are, every status (progress of the export and the ratings recompute). */
  countAll(): Promise<number> {
    return this.repo.count();
  }

  /**
   * One page of the whole catalogue (every status) in id order after `afterId`, presented as the API presents a
   * product (image URLs included): the CLI's export-products reads it batch by batch.
   */
  async exportBatch(afterId: number, size: number): Promise<ProductDto[]> {
    if (!Number.isSafeInteger(afterId) || !Number.isSafeInteger(size) || size < 1)
      throw new RangeError('exportBatch takes an id and a positive size.');
    const rows = await this.baseQuery()
      .where('p.id > :afterId', { afterId })
      .orderBy('p.id', 'ASC')
      .limit(size)
      .getMany();
    return rows.map((p) => this.present(p));
  }

  /**
   * Puts every product's average rating and review count back in line with its reviews, by the rule a new review
   * applies (product-rating.ts), in batches of `batchSize` products; only products that differ are written. A
   * product without reviews keeps its rating and counts 0. With dryRun nothing is written: `changed` says how many
   * would be.
   */
  async recomputeRatings(
    options: { dryRun?: boolean; batchSize?: number; onProgress?: (checked: number, total: number) => void } = {},
  ): Promise<{ checked: number; changed: number }> {
    const { dryRun = false, batchSize = 1000, onProgress } = options;
    const total = await this.repo.count();
    const average = reviewAverageSql('products.id');
    const count = reviewCountSql('products.id');
    const reviewed = hasReviewsSql('products.id');
    const reviewedDrift = `${reviewed} AND (products.review_count <> ${count} OR products.average_rating <> ${average})`;
    const unreviewedDrift = `NOT ${reviewed} AND products.review_count <> 0`;
    let checked = 0;
    let changed = 0;
    let after = 0;
    onProgress?.(0, total);
    for (;;) {
      const ids = await this.repo
        .createQueryBuilder('products')
        .select('products.id', 'id')
        .where('products.id > :after', { after })
        .orderBy('products.id', 'ASC')
        .limit(batchSize)
        .getRawMany<{ id: number }>();
      if (!ids.length) break;
      const last = Number(ids[ids.length - 1].id);
      const range = { after, last };
      if (dryRun) {
        changed += await this.repo
          .createQueryBuilder('products')
          .where('products.id > :after AND products.id <= :last', range)
          .andWhere(`((${reviewedDrift}) OR (${unreviewedDrift}))`)
          .getCount();
      } else {
        const withReviews = await this.repo
          .createQueryBuilder()
          .update(Product)
          .set({ average_rating: () => average, review_count: () => count })
          .where(`products.id > :after AND products.id <= :last AND ${reviewedDrift}`, range)
          .execute();
        const without = await this.repo
          .createQueryBuilder()
          .update(Product)
          .set({ review_count: 0 })
          .where(`products.id > :after AND products.id <= :last AND ${unreviewedDrift}`, range)
          .execute();
        changed += (withReviews.affected ?? 0) + (without.affected ?? 0);
      }
      checked += ids.length;
      after = last;
      onProgress?.(checked, Math.max(total, checked));
    }
    return { checked, changed };
  }

  /** The row create() inserts for a checked DTO. */
  private newRow(user: User, dto: CreateProductDto, price: number, image: string | null): Product {
    return this.repo.create({
      user_id: user.id,
      name: dto.name,
      category_id: dto.category_id,
      type: dto.type,
      description: dto.description,
      price_kobo: price,
      status: dto.status,
      image,
      stock_quantity: dto.stock_quantity ?? 0,
      sku: dto.sku ?? null,
      weight: dto.weight ?? null,
      dimensions: dto.dimensions ?? null,
      discount: dto.discount ?? null,
      flash_start_at: dto.flash_start_at ?? null,
      flash_end_at: dto.flash_end_at ?? null,
      average_rating: user.role === 'admin' ? (dto.average_rating ?? 0) : 0,
      review_count: 0,
    });
  }

  async update(user: User, id: number, dto: UpdateProductDto, file?: Express.Multer.File): Promise<ProductDto> {
    const row = await this.ownedOrAdmin(user, id);
    const changes: Partial<Product> = {};
    const set = <K extends keyof Product>(key: K, value: Product[K] | undefined) => {
      if (value !== undefined) changes[key] = value;
    };
    set('name', dto.name);
    set('type', dto.type);
    set('description', dto.description);
    set('status', dto.status);
    set('stock_quantity', dto.stock_quantity);
    set('weight', dto.weight);
    set('dimensions', dto.dimensions);
    set('discount', dto.discount);
    set('flash_start_at', dto.flash_start_at);
    set('flash_end_at', dto.flash_end_at);
    set('price_kobo', dto.price_ngn ?? dto.price);
    if (dto.category_id !== undefined && dto.category_id !== row.category_id) {
      await this.assertCategory(dto.category_id);
      changes.category_id = dto.category_id;
    }
    if (dto.sku !== undefined && dto.sku !== row.sku) {
      await this.assertSkuFree(dto.sku, id);
      changes.sku = dto.sku;
    }
    if (user.role === 'admin' && dto.average_rating !== undefined) changes.average_rating = dto.average_rating;
    this.assertFlash(
      changes.type ?? row.type,
      changes.flash_start_at ?? row.flash_start_at,
      changes.flash_end_at ?? row.flash_end_at,
    );
    const previousImage = row.image;
    if (file) changes.image = await this.storage.saveImageVariants('products', file, 'image');
    else if (user.role === 'admin' && dto.image_url) changes.image = dto.image_url;
    if (Object.keys(changes).length) await this.write(() => this.repo.update({ id }, changes));
    if (changes.image && previousImage !== changes.image) await this.storage.remove(previousImage);
    return this.get(id, user);
  }

  async remove(user: User, id: number): Promise<void> {
    const row = await this.ownedOrAdmin(user, id);
    await this.repo.delete({ id });
    await this.storage.remove(row.image);
  }

  /** A vendor changing another vendor's product gets 403; a missing product is 404. */
  private async ownedOrAdmin(user: User, id: number): Promise<Product> {
    const row = await this.repo.findOne({ where: { id } });
    if (!row) throw new NotFoundError(MSG.product.notFound);
    if (user.role !== 'admin' && row.user_id !== user.id)
      throw new ForbiddenError('You can only change your own products.');
    return row;
  }

  private async assertCategory(id: number): Promise<void> {
    if (!(await this.categories.findActive(id))) throw invalid('category_id', 'Please choose an active category.');
  }

  /** Spec 5: a flash sale needs both times, and the end after the start. */
  private assertFlash(type: string, start: Date | null, end: Date | null): void {
    if (type !== 'flash') return;
    if (!start || !end) {
      const errors: Record<string, string[]> = {};
      if (!start) errors.flash_start_at = [MSG.product.flashNeedsBoth];
      if (!end) errors.flash_end_at = [MSG.product.flashNeedsBoth];
      throw new InvalidError(errors, MSG.product.flashNeedsBoth);
    }
    if (new Date(end).getTime() <= new Date(start).getTime())
      throw invalid('flash_end_at', MSG.product.flashEndAfterStart);
  }

  private async assertSkuFree(sku: string | undefined, exceptId?: number): Promise<void> {
    if (!sku) return;
    const other = await this.repo.findOne({ where: { sku } });
    if (other && other.id !== exceptId) throw invalid('sku', 'This SKU is already used by another product.');
  }

  private async write(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (error) {
      if (error instanceof QueryFailedError && /unique|duplicate/i.test(error.message))
        throw invalid('sku', 'This SKU is already used by another product.');
      throw error;
    }
  }
}
