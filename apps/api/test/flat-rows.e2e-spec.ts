import { Category } from '../src/modules/categories/category.entity';
import { Order } from '../src/modules/orders/order.entity';
import { Product } from '../src/modules/products/product.entity';
import { ProductsService } from '../src/modules/products/products.service';
import { readFlatRows } from '../src/common/list/flat-rows';
import { signUp, startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 25: the product list reads its page as raw rows hydrated column by column (readFlatRows) instead of
 * TypeORM's entity transformation. The values must be exactly those getMany() gives: dates, the kobo and rating
 * transformers, NULLs, and the joined category and seller, on SQLite and MariaDB.
 */
describe('readFlatRows gives getMany() values (e2e)', () => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await startTestApp();
    const vendor = await signUp(t, { role: 'vendor' });
    const { id: categoryId } = await t.db.getRepository(Category).save({ name: 'Flat rows', status: 1 });
    const base = {
      user_id: vendor.user.id,
      category_id: categoryId,
      description: 'Flat rows check',
      status: 1 as const,
      stock_quantity: 4,
    };
    await t.db.getRepository(Product).insert([
      {
        ...base,
        name: 'Flash kettle',
        type: 'flash',
        price_kobo: 1_234_567_89,
        average_rating: 4.25,
        review_count: 3,
        sku: 'FLAT-1',
        weight: '2kg',
        dimensions: '10x20',
        discount: '10%',
        flash_start_at: new Date('2026-01-02T03:04:05.678Z'),
        flash_end_at: new Date('2026-02-03T04:05:06.789Z'),
      },
      { ...base, name: 'Plain gown', type: 'new', price_kobo: 500_00, status: 0, image: 'products/a.jpg' },
    ]);
    ids = (await t.db.getRepository(Product).find({ where: { category_id: categoryId } })).map((p) => p.id);
  });

  afterAll(() => t?.close());

  it('answers the same properties and values as getMany for the list query, joins included', async () => {
    const products = t.app.get(ProductsService);
    const query = () => products.baseQuery().where('p.id IN (:...ids)', { ids }).orderBy('p.id', 'ASC');
    const expected = await query().getMany();
    const { entities, raw } = await readFlatRows(query());
    expect(expected).toHaveLength(2);
    expect(raw).toHaveLength(2);
    // Plain objects rather than entity instances: compare the properties and their values (Dates as Dates).
    expect(entities.map((e) => ({ ...e }))).toEqual(expected.map((e) => ({ ...e })));
    expect(entities[0].flash_end_at).toEqual(new Date('2026-02-03T04:05:06.789Z'));
    expect(entities[0].price_kobo).toBe(1_234_567_89);
    expect(entities[0].average_rating).toBe(4.25);
    expect(entities[1].flash_start_at).toBeNull();
    expect(entities[1].category).toEqual({ id: expected[1].category?.id, name: 'Flat rows' });
    expect(entities[1].owner?.name).toBe(expected[1].owner?.name);
    expect(entities[1].owner?.name).toEqual(expect.any(String));
  });

  it('falls back to getRawAndEntities for a shape it does not read (a one-to-many join)', async () => {
    const qb = t.db.getRepository(Order).createQueryBuilder('o').leftJoinAndSelect('o.items', 'i').where('o.id = 0');
    const fallback = jest.spyOn(qb, 'getRawAndEntities');
    await readFlatRows(qb);
    expect(fallback).toHaveBeenCalledTimes(1);
  });
});
