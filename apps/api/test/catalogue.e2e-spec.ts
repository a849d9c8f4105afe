import request from 'supertest';
import {
  AMOUNT_DECIMALS_MESSAGE,
  DISCOUNT_FIELD_MESSAGE,
  LIST_MAX_OFFSET,
  LIST_MAX_PER_PAGE,
  MONEY_MAX_MINOR,
  MSG,
} from '@jara/contracts';
import sharp from 'sharp';
import { ProductReview } from '../src/modules/products/product-review.entity';
import { Product } from '../src/modules/products/product.entity';
import { User } from '../src/modules/users/user.entity';
import { buyAndReceive } from './support/orders';
import { captureStatements } from './support/query-plan';
import { mediaExists, signUp, startTestApp, type TestApp } from './support/test-app';

describe('Catalogue (e2e)', () => {
  let t: TestApp;
  let admin: string;
  let vendor: Awaited<ReturnType<typeof signUp>>;
  let otherVendor: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let phones: number;
  let fashion: number;
  let hidden: number;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const hours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

  async function product(token: string, fields: Record<string, unknown>) {
    const res = await t
      .http()
      .post('/api/v1/products')
      .set(auth(token))
      .send({ type: 'new', description: 'Good', status: 1, category_id: phones, ...fields });
    if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number };
  }

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await signUp(t, { role: 'admin' })).token;
    vendor = await signUp(t, { role: 'vendor' });
    otherVendor = await signUp(t, { role: 'vendor' });
    customer = await signUp(t);
    phones = (
      await t
        .http()
        .post('/api/v1/categories')
        .set(auth(admin))
        .send({ name: 'Phones & Tablets', status: 1 })
        .expect(201)
    ).body.data.id;
    fashion = (await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Fashion' }).expect(201)).body
      .data.id;
    hidden = (
      await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Hidden', status: 0 }).expect(201)
    ).body.data.id;
    await product(vendor.token, { name: 'Tecno Spark 20', price: 150000, average_rating: 5 });
    await product(vendor.token, { name: 'Infinix Hot 40', price: '200,000', type: 'hot' });
    await product(vendor.token, { name: 'itel A70', price: 99999.99, type: 'trending' });
    await product(otherVendor.token, { name: 'Ankara Gown', price: 45000, category_id: fashion, type: 'summer' });
    await product(otherVendor.token, { name: 'Aso Oke Cap', price: 8500, category_id: fashion, status: 0 });
    await t.db.getRepository(Product).update({ name: 'Tecno Spark 20' }, { average_rating: 4.5 });
    await t.db.getRepository(Product).update({ name: 'Infinix Hot 40' }, { average_rating: 3.5 });
    await t.db.getRepository(Product).update({ name: 'Ankara Gown' }, { average_rating: 4 });
  });
  afterAll(() => t.close());

  describe('categories', () => {
    it('lists active categories publicly and all of them to admins who ask', async () => {
      const pub = await t.http().get('/api/v1/categories').expect(200);
      expect(pub.body.data.map((c: { name: string }) => c.name)).toEqual(['Fashion', 'Phones & Tablets']);
      const all = await t.http().get('/api/v1/categories?all=1').set(auth(admin)).expect(200);
      expect(all.body.data).toHaveLength(3);
      const customerAll = await t.http().get('/api/v1/categories?all=1').set(auth(customer.token)).expect(200);
      expect(customerAll.body.data).toHaveLength(2);
    });

    it('requires a unique name and refuses non-admins', async () => {
      const missing = await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: '  ' }).expect(422);
      expect(missing.body.errors.name[0]).toBe('Category name is required.');
      const dup = await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'fashion' }).expect(422);
      expect(dup.body.errors.name[0]).toMatch(/already exists/);
      await t.http().post('/api/v1/categories').set(auth(vendor.token)).send({ name: 'X' }).expect(403);
      const renamed = await t
        .http()
        .put(`/api/v1/categories/${hidden}`)
        .set(auth(admin))
        .send({ name: 'Hidden Gems', status: 0 })
        .expect(200);
      expect(renamed.body.data).toMatchObject({ name: 'Hidden Gems', status: 0 });
    });

    it('answers GET /categories/{id} (Refine getOne) and ?id=..&id=.. (getMany)', async () => {
      const one = await t.http().get(`/api/v1/categories/${phones}`).expect(200);
      expect(one.body.data).toMatchObject({ id: phones, name: 'Phones & Tablets', status: 1 });
      await t.http().get(`/api/v1/categories/${hidden}`).expect(404);
      await t.http().get(`/api/v1/categories/${hidden}`).set(auth(customer.token)).expect(404);
      expect((await t.http().get(`/api/v1/categories/${hidden}`).set(auth(admin)).expect(200)).body.data.status).toBe(
        0,
      );
      await t.http().get('/api/v1/categories/999999').set(auth(admin)).expect(404);
      const many = await t.http().get(`/api/v1/categories?id=${phones}&id=${fashion}&id=${hidden}`).expect(200);
      expect(many.body.data.map((c: { id: number }) => c.id).sort()).toEqual([phones, fashion].sort());
      const manyAdmin = await t
        .http()
        .get(`/api/v1/categories?all=1&id=${phones}&id=${hidden}`)
        .set(auth(admin))
        .expect(200);
      expect(manyAdmin.body.data).toHaveLength(2);
    });

    it('refuses to delete a category in use with a clear 409, deletes an unused one', async () => {
      const res = await t.http().delete(`/api/v1/categories/${fashion}`).set(auth(admin)).expect(409);
      expect(res.body.message).toMatch(/has products and cannot be deleted/);
      await t.http().delete(`/api/v1/categories/${hidden}`).set(auth(admin)).expect(200);
      await t.http().delete(`/api/v1/categories/${hidden}`).set(auth(admin)).expect(404);
    });
  });

  describe('product list filters', () => {
    const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((p) => p.name).sort();

    it('shows only active products publicly, with price in naira and exact kobo, category and seller', async () => {
      const res = await t.http().get('/api/v1/products').expect(200);
      expect(res.headers['x-total-count']).toBe('4');
      const itel = res.body.data.find((p: { name: string }) => p.name === 'itel A70');
      expect(itel).toMatchObject({
        price_ngn: 99999.99,
        price_kobo: 9999999,
        category: { id: phones, name: 'Phones & Tablets' },
        type_label: 'Trending Product',
        status: 1,
      });
      expect(itel.seller.id).toBe(vendor.user.id);
      const active = await t.http().get('/api/v1/products/active').set(auth(admin)).expect(200);
      expect(active.body.meta.total).toBe(4);
      const adminAll = await t.http().get('/api/v1/products').set(auth(admin)).expect(200);
      expect(adminAll.body.meta.total).toBe(5);
    });

    it('applies inclusive price bounds', async () => {
      expect(names(await t.http().get('/api/v1/products?min_price=99999.99&max_price=150000').expect(200))).toEqual([
        'Tecno Spark 20',
        'itel A70',
      ]);
      expect(names(await t.http().get('/api/v1/products?min_price=150000.01').expect(200))).toEqual(['Infinix Hot 40']);
      const bad = await t.http().get('/api/v1/products?min_price=cheap').expect(422);
      expect(bad.body.errors.min_price[0]).toMatch(/naira/);
    });

    it('applies minimum rating, type, category and case-insensitive search', async () => {
      expect(names(await t.http().get('/api/v1/products?min_rating=4').expect(200))).toEqual([
        'Ankara Gown',
        'Tecno Spark 20',
      ]);
      expect(names(await t.http().get('/api/v1/products?min_rating=4.5').expect(200))).toEqual(['Tecno Spark 20']);
      expect(names(await t.http().get('/api/v1/products?type=hot').expect(200))).toEqual(['Infinix Hot 40']);
      expect((await t.http().get('/api/v1/products?type=all').expect(200)).body.meta.total).toBe(4);
      expect(names(await t.http().get(`/api/v1/products?category_id=${fashion}`).expect(200))).toEqual(['Ankara Gown']);
      expect(names(await t.http().get('/api/v1/products?q=TECNO').expect(200))).toEqual(['Tecno Spark 20']);
      expect(names(await t.http().get('/api/v1/products?name_like=gown').expect(200))).toEqual(['Ankara Gown']);
      await t.http().get('/api/v1/products?min_rating=9').expect(422);
    });

    it('lists only products in stock with in_stock=1 (promotions), and refuses another value', async () => {
      const repo = t.db.getRepository(Product);
      await repo.update({ name: 'itel A70' }, { stock_quantity: 3 });
      try {
        expect(names(await t.http().get('/api/v1/products/active?in_stock=1').expect(200))).toEqual(['itel A70']);
        expect(names(await t.http().get('/api/v1/products/active?type=trending&in_stock=1').expect(200))).toEqual([
          'itel A70',
        ]);
        expect(names(await t.http().get('/api/v1/products/active?type=hot&in_stock=1').expect(200))).toEqual([]);
        expect((await t.http().get('/api/v1/products/active?in_stock=0').expect(200)).body.meta.total).toBe(4);
        await t.http().get('/api/v1/products/active?in_stock=yes').expect(422);
      } finally {
        await repo.update({ name: 'itel A70' }, { stock_quantity: 0 });
      }
    });

    it('sorts by price and rating, pages, and lets a vendor list their own inactive products with mine=1', async () => {
      const cheap = await t.http().get('/api/v1/products?_sort=price_ngn&_order=asc&_start=0&_end=2').expect(200);
      expect(cheap.body.data.map((p: { name: string }) => p.name)).toEqual(['Ankara Gown', 'itel A70']);
      expect(cheap.headers['x-total-count']).toBe('4');
      const best = await t.http().get('/api/v1/products?_sort=average_rating&_order=desc&per_page=1').expect(200);
      expect(best.body.data[0].name).toBe('Tecno Spark 20');
      const mine = await t.http().get('/api/v1/products?mine=1').set(auth(otherVendor.token)).expect(200);
      expect(names(mine)).toEqual(['Ankara Gown', 'Aso Oke Cap']);
      const mineDrafts = await t
        .http()
        .get('/api/v1/products?mine=1&status=0')
        .set(auth(otherVendor.token))
        .expect(200);
      expect(names(mineDrafts)).toEqual(['Aso Oke Cap']);
      const theirs = await t
        .http()
        .get(`/api/v1/products?user_id=${otherVendor.user.id}`)
        .set(auth(vendor.token))
        .expect(200);
      expect(theirs.body.meta.total).toBe(1);
      await t.http().get('/api/v1/products?mine=1').expect(401);
    });

    it('decides "my products" from the token: user_id=<me> shows only active ones, a repeated user_id is a 422', async () => {
      // Before: the service checked the first user_id (the caller's) and the list helper applied both.
      const smuggled = await t
        .http()
        .get(`/api/v1/products?user_id=${vendor.user.id}&user_id=${otherVendor.user.id}`)
        .set(auth(vendor.token))
        .expect(422);
      expect(smuggled.body.errors.user_id[0]).toBe('user_id may be given only once.');
      const own = await t
        .http()
        .get(`/api/v1/products?user_id=${otherVendor.user.id}`)
        .set(auth(otherVendor.token))
        .expect(200);
      expect(names(own)).toEqual(['Ankara Gown']);
      const notMine = await t
        .http()
        .get(`/api/v1/products?mine=1&user_id=${otherVendor.user.id}`)
        .set(auth(vendor.token))
        .expect(200);
      expect(notMine.body.meta.total).toBe(0);
      const admin_ = await t.http().get(`/api/v1/products?user_id=${otherVendor.user.id}`).set(auth(admin)).expect(200);
      expect(admin_.body.meta.total).toBe(2);
      for (const repeated of [
        'status=0&status=1',
        'category_id=1&category_id=2',
        '_sort=name&_sort=price_ngn',
        '_order=asc&_order=desc',
        'page=1&page=2',
        'per_page=1&per_page=2',
        '_start=0&_start=1',
        '_end=1&_end=2',
        'q=a&q=b',
        'name_like=a&name_like=b',
        'min_price=1&min_price=2',
        'mine=1&mine=1',
      ]) {
        const res = await t.http().get(`/api/v1/products?${repeated}`).set(auth(otherVendor.token));
        expect([repeated, res.status]).toEqual([repeated, 422]);
        expect(Object.keys(res.body.errors)).toEqual([repeated.split('=')[0]]);
      }
      // A multi-value filter (Refine's getMany sends ?id=1&id=2) still takes several values.
      const ids = (await t.db.getRepository(Product).find({ where: { status: 1 }, take: 2, order: { id: 'ASC' } })).map(
        (p) => p.id,
      );
      const many = await t.http().get(`/api/v1/products?id=${ids[0]}&id=${ids[1]}`).expect(200);
      expect(many.body.data.map((p: { id: number }) => p.id).sort()).toEqual(ids);
    });

    it('bounds paging: absurd numbers are a 422 naming the field, never a 500', async () => {
      for (const [query, field] of [
        ['page=1e21', 'page'],
        ['page=-1', 'page'],
        ['page=0', 'page'],
        ['page=NaN', 'page'],
        ['page=1.5', 'page'],
        ['page=10002&per_page=100', 'page'],
        ['_start=1e20', '_start'],
        ['_start=1000001', '_start'],
        ['_end=99999999999999999999', '_end'],
        ['per_page=1e30', 'per_page'],
        ['per_page=-5', 'per_page'],
        ['limit=1e30', 'limit'],
      ]) {
        const res = await t.http().get(`/api/v1/products?${query}`);
        expect([query, res.status]).toEqual([query, 422]);
        expect(res.body.errors[field][0]).toMatch(new RegExp(`^${field} `));
      }
      const capped = await t.http().get('/api/v1/products?per_page=5000').expect(200);
      expect(capped.body.meta.per_page).toBe(LIST_MAX_PER_PAGE);
      const deepest = await t
        .http()
        .get(`/api/v1/products?page=${LIST_MAX_OFFSET / 100 + 1}&per_page=100`)
        .expect(200);
      expect(deepest.body.data).toEqual([]);
      for (const page of ['1e300', '-1', '200001', 'x']) {
        const res = await t.http().get(`/api/v1/products/sitemap-entries?page=${page}`).expect(422);
        expect(res.body.errors.page[0]).toMatch(/^page must be a whole number/);
      }
      await t.http().get('/api/v1/products/sitemap-entries?page=1&page=2').expect(422);
      await t.http().get('/api/v1/search/suggestions?q=a&q=b').expect(422);
    });

    it('filters prices under the names clients see (naira on the wire, kobo in SQL)', async () => {
      expect(
        names(await t.http().get('/api/v1/products?price_ngn_gte=99999.99&price_ngn_lte=150000').expect(200)),
      ).toEqual(['Tecno Spark 20', 'itel A70']);
      expect(names(await t.http().get('/api/v1/products?price_ngn_gte=150000.01').expect(200))).toEqual([
        'Infinix Hot 40',
      ]);
      expect(names(await t.http().get('/api/v1/products?price_ngn=45000').expect(200))).toEqual(['Ankara Gown']);
      expect(names(await t.http().get('/api/v1/products?average_rating_gte=4.5').expect(200))).toEqual([
        'Tecno Spark 20',
      ]);
      const bad = await t.http().get('/api/v1/products?price_ngn_lte=1.999').expect(422);
      expect(bad.body.errors.price_ngn_lte[0]).toMatch(/naira/);
      const like = await t.http().get('/api/v1/products?price_ngn_like=4').expect(422);
      expect(like.body.errors.price_ngn_like[0]).toBe('price_ngn_like is not a supported filter.');
      await t.http().get('/api/v1/products?min_price=1.999').expect(422);
      await t.http().get('/api/v1/products?category_id=abc').expect(422);
    });

    it('sorts text case-insensitively on every database', async () => {
      const cat = (await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Case Test' }).expect(201))
        .body.data.id;
      for (const name of ['banana Bread', 'Apple Juice', 'cherry Jam', 'Date Syrup'])
        await product(vendor.token, { name, price: 100, category_id: cat });
      const asc = await t.http().get(`/api/v1/products?category_id=${cat}&_sort=name&_order=asc`).expect(200);
      expect(asc.body.data.map((p: { name: string }) => p.name)).toEqual([
        'Apple Juice',
        'banana Bread',
        'cherry Jam',
        'Date Syrup',
      ]);
      const desc = await t
        .http()
        .get(`/api/v1/products?category_id=${cat}&_sort=name&_order=desc&_start=0&_end=2`)
        .expect(200);
      expect(desc.body.data.map((p: { name: string }) => p.name)).toEqual(['Date Syrup', 'cherry Jam']);
      // Users too (the admin's list sorts by name), with Refine's comma-separated multi-sort.
      for (const [email, name] of [
        ['zed@case.test', 'adaeze Obi'],
        ['yinka@case.test', 'Bolaji Ade'],
        ['xavi@case.test', 'chinedu Eze'],
      ]) {
        await signUp(t, { email });
        await t.db.getRepository(User).update({ email }, { name });
      }
      const users = await t
        .http()
        .get('/api/v1/users?q=case.test&_sort=name,id&_order=asc,desc')
        .set(auth(admin))
        .expect(200);
      expect(users.body.data.map((u: { name: string }) => u.name)).toEqual(['adaeze Obi', 'Bolaji Ade', 'chinedu Eze']);
    });

    it('issues a constant number of SQL statements whatever the page size', async () => {
      const count = async (size: number) => {
        // TypeORM hands every statement to the data source's logger; count the product-list ones.
        const statements = (
          await captureStatements(t.db, async () => {
            const res = await t.http().get(`/api/v1/products?per_page=${size}`).expect(200);
            expect(res.body.data.length).toBe(Math.min(size, res.body.meta.total));
          })
        ).map((s) => s.sql);
        return statements.filter((q) => /products/.test(q)).length;
      };
      // Each measured request follows a product write, so the cached catalogue total is counted afresh.
      const touch = () => t.db.getRepository(Product).update({ name: 'Tecno Spark 20' }, { stock_quantity: 7 });
      await touch();
      const small = await count(1);
      await touch();
      const large = await count(50);
      expect(large).toBe(small);
      expect(small).toBeGreaterThanOrEqual(2);
      expect(small).toBeLessThanOrEqual(3);
      // With the total still cached, another page is one statement.
      expect(await count(49)).toBe(small - 1);
      // The same request again is the visitor's kept answer on each instance (decision 051): no statement.
      const again = (app: (typeof t.apps)[number]) =>
        request(app.getHttpServer()).get('/api/v1/products?per_page=49').expect(200);
      for (const app of t.apps) await again(app);
      expect(await captureStatements(t.db, () => Promise.all(t.apps.map(again)))).toEqual([]);
    });

    it('keeps catalogue totals for a few seconds and drops them on any product write', async () => {
      const before = (
        await t
          .http()
          .get('/api/v1/products/active?category_id=' + phones)
          .expect(200)
      ).body.meta.total as number;
      const row = await t.db.getRepository(Product).findOneByOrFail({ name: 'Infinix Hot 40' });
      await t.db.getRepository(Product).update({ id: row.id }, { status: 0 });
      try {
        const after = await t
          .http()
          .get('/api/v1/products/active?category_id=' + phones)
          .expect(200);
        expect(after.body.meta.total).toBe(before - 1);
        expect(after.headers['x-total-count']).toBe(String(before - 1));
      } finally {
        await t.db.getRepository(Product).update({ id: row.id }, { status: 1 });
      }
      const restored = await t
        .http()
        .get('/api/v1/products/active?category_id=' + phones)
        .expect(200);
      expect(restored.body.meta.total).toBe(before);
    });

    it('continues a list with a keyset cursor: after=next_cursor gives exactly the rows _start would, in every sort', async () => {
      for (const sort of [
        '',
        '&_sort=price_ngn&_order=asc',
        '&_sort=average_rating&_order=desc',
        '&_sort=name&_order=asc',
        '&_sort=created_at&_order=asc',
      ]) {
        const all = (await t.http().get(`/api/v1/products/active?per_page=100${sort}`).expect(200)).body.data.map(
          (p: { id: number }) => p.id,
        );
        const seen: number[] = [];
        let cursor: string | null | undefined;
        for (let guard = 0; guard < 20; guard++) {
          const res = await t
            .http()
            .get(`/api/v1/products/active?per_page=1${sort}${cursor ? `&after=${cursor}` : ''}`)
            .expect(200);
          seen.push(...res.body.data.map((p: { id: number }) => p.id));
          expect(res.body.meta).toHaveProperty('next_cursor');
          cursor = res.body.meta.next_cursor;
          if (!cursor) break;
        }
        expect(seen).toEqual(all);
      }
    });

    it('refuses a cursor that is forged, made for another sort, or combined with an offset', async () => {
      const first = await t.http().get('/api/v1/products/active?per_page=1&_sort=price_ngn&_order=asc').expect(200);
      const cursor = first.body.meta.next_cursor as string;
      expect(cursor).toBeTruthy();
      const otherSort = await t.http().get(`/api/v1/products/active?per_page=1&after=${cursor}`).expect(422);
      expect(otherSort.body.errors.after[0]).toMatch(/not valid/);
      await t
        .http()
        .get(`/api/v1/products/active?per_page=1&_sort=price_ngn&_order=asc&after=${cursor}&_start=5`)
        .expect(422);
      for (const bad of [
        'x',
        '!!!',
        Buffer.from('{"s":1}').toString('base64url'),
        Buffer.from('[1,2]').toString('base64url'),
        'a'.repeat(700),
      ]) {
        const res = await t.http().get(`/api/v1/products/active?after=${bad}`);
        expect(res.status).toBe(422);
        expect(res.body.errors.after).toBeDefined();
      }
      await t.http().get(`/api/v1/products/active?after=${cursor}&after=${cursor}`).expect(422);
    });
  });

  describe('create and update', () => {
    it('validates required fields, numeric price and active category', async () => {
      const res = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ price: 'abc', category_id: hidden })
        .expect(422);
      expect(Object.keys(res.body.errors)).toEqual(
        expect.arrayContaining(['name', 'type', 'description', 'status', 'price']),
      );
      const inactive = (await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Dormant', status: 0 }))
        .body.data.id;
      const cat = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ name: 'X', type: 'new', description: 'd', status: 1, price: 10, category_id: inactive })
        .expect(422);
      expect(cat.body.errors.category_id[0]).toBe('Please choose an active category.');
      const noPrice = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ name: 'X', type: 'new', description: 'd', status: 1, category_id: phones })
        .expect(422);
      expect(noPrice.body.errors.price[0]).toBe('The price is required.');
    });

    it('stores a discount as a whole percentage with its unit, and refuses anything else with a 422', async () => {
      const created = await product(vendor.token, { name: 'Discounted kettle', price: 9000, discount: '10' });
      const shown = await t.http().get(`/api/v1/products/${created.id}`).expect(200);
      expect(shown.body.data.discount).toBe('10%');
      for (const discount of ['10 OFF', '0', '95%', '12.5%']) {
        const res = await t
          .http()
          .post('/api/v1/products')
          .set(auth(vendor.token))
          .send({
            name: 'Bad discount',
            price: 10,
            type: 'new',
            description: 'x',
            status: 1,
            category_id: phones,
            discount,
          })
          .expect(422);
        expect(res.body.errors.discount).toEqual([DISCOUNT_FIELD_MESSAGE]);
      }
      await t.http().delete(`/api/v1/products/${created.id}`).set(auth(vendor.token)).expect(200);
    });

    it('serves the rules the claims quote: the return window Request Return applies and no delivery fee', async () => {
      const res = await t.http().get('/api/v1/shop-policy').expect(200);
      expect(res.body).toEqual({ data: { return_window_days: 7, delivery_fee_minor: 0 } });
    });

    it('enforces the flash-sale rules with the spec messages', async () => {
      const base = {
        name: 'Flash Fan',
        type: 'flash',
        description: 'Cool',
        status: 1,
        price: 25000,
        category_id: phones,
      };
      const none = await t.http().post('/api/v1/products').set(auth(vendor.token)).send(base).expect(422);
      expect(none.body.message).toBe('Flash sale must have both start and end times.');
      const half = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ ...base, flash_start_at: hours(1) })
        .expect(422);
      expect(half.body.errors.flash_end_at[0]).toBe(MSG.product.flashNeedsBoth);
      const backwards = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ ...base, flash_start_at: hours(5), flash_end_at: hours(1) })
        .expect(422);
      expect(backwards.body.errors.flash_end_at[0]).toBe('Flash end time must be after start time.');
      const ok = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ ...base, flash_start_at: '2026-11-21T10:00', flash_end_at: hours(24) })
        .expect(201);
      expect(ok.body.data.flash_start_at).toBe('2026-11-21T09:00:00.000Z');
      const flash = await t.http().get('/api/v1/products?flash_active=1').expect(200);
      expect(flash.body.data.map((p: { name: string }) => p.name)).toContain('Flash Fan');
    });

    it('customers cannot create; vendors cannot change or delete another vendor’s product (403)', async () => {
      await t.http().post('/api/v1/products').set(auth(customer.token)).send({}).expect(403);
      const theirs = await t.db.getRepository(Product).findOneByOrFail({ name: 'Ankara Gown' });
      await t.http().put(`/api/v1/products/${theirs.id}`).set(auth(vendor.token)).send({ price: 1 }).expect(403);
      await t
        .http()
        .post(`/api/v1/products/${theirs.id}`)
        .set(auth(vendor.token))
        .field('_method', 'PUT')
        .field('price', '1')
        .expect(403);
      await t.http().delete(`/api/v1/products/${theirs.id}`).set(auth(vendor.token)).expect(403);
      expect(Number((await t.db.getRepository(Product).findOneByOrFail({ id: theirs.id })).price_kobo)).toBe(4500000);
    });

    it('updates through multipart POST with _method=PUT, with a real image resized to two sizes', async () => {
      const mine = await t.db.getRepository(Product).findOneByOrFail({ name: 'itel A70' });
      const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c60' } })
        .jpeg()
        .toBuffer();
      const res = await t
        .http()
        .post(`/api/v1/products/${mine.id}`)
        .set(auth(vendor.token))
        .field('_method', 'PUT')
        .field('price', '89500')
        .field('description', 'Now cheaper')
        .field('flash_start_at', '')
        .attach('image', jpeg, 'phone.jpg')
        .expect(200);
      expect(res.body.data).toMatchObject({ price_ngn: 89500, description: 'Now cheaper', name: 'itel A70' });
      const detail = await t.http().get(new URL(res.body.data.image_url).pathname).buffer(true).expect(200);
      expect(detail.headers['cache-control']).toMatch(/max-age=31536000/);
      expect((await sharp(detail.body as Buffer).metadata()).width).toBe(1000);
      const card = await t.http().get(new URL(res.body.data.image_card_url).pathname).buffer(true).expect(200);
      expect((await sharp(card.body as Buffer).metadata()).width).toBe(400);
      const noMethod = await t
        .http()
        .post(`/api/v1/products/${mine.id}`)
        .set(auth(vendor.token))
        .field('price', '1')
        .expect(422);
      expect(noMethod.body.errors._method[0]).toBe('_method must be PUT.');
    });

    it('refuses a non-image upload by content and keeps the product unchanged', async () => {
      const mine = await t.db.getRepository(Product).findOneByOrFail({ name: 'Tecno Spark 20' });
      const res = await t
        .http()
        .post(`/api/v1/products/${mine.id}`)
        .set(auth(vendor.token))
        .field('_method', 'PUT')
        .field('name', 'Renamed')
        .attach('image', Buffer.from('%PDF-1.4 not an image'), { filename: 'x.jpg', contentType: 'image/jpeg' })
        .expect(422);
      expect(res.body.errors.image[0]).toBe(MSG.profile.imageOnly);
      expect((await t.db.getRepository(Product).findOneByOrFail({ id: mine.id })).name).toBe('Tecno Spark 20');
    });

    it('applies one money rule: more than 2 decimals is a 422 for numbers and strings alike', async () => {
      const base = { name: 'Kobo Test', type: 'new', description: 'd', status: 1, category_id: phones };
      // Before: 1.999 was rounded to 200 kobo and '1.999' truncated to 199.
      for (const price of [1.999, '1.999', '1,000.005']) {
        const res = await t
          .http()
          .post('/api/v1/products')
          .set(auth(vendor.token))
          .send({ ...base, price })
          .expect(422);
        expect(res.body.errors.price).toEqual([AMOUNT_DECIMALS_MESSAGE]);
      }
      const ngn = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .field('name', 'Kobo Test')
        .field('type', 'new')
        .field('description', 'd')
        .field('status', '1')
        .field('category_id', String(phones))
        .field('price_ngn', '1.999')
        .expect(422);
      expect(ngn.body.errors.price_ngn).toEqual([AMOUNT_DECIMALS_MESSAGE]);
      const huge = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ ...base, price: '99999999999999999' })
        .expect(422);
      expect(huge.body.errors.price).toEqual(['The price cannot exceed ₦100,000,000.']);
      // One ceiling (issue 23): a price may be no more than an order may total, MONEY_MAX_MINOR.NGN.
      const over = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ ...base, price: '100000000.01' })
        .expect(422);
      expect(over.body.errors.price).toEqual(['The price cannot exceed ₦100,000,000.']);
      const most = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ ...base, price: '100000000' })
        .expect(201);
      expect(most.body.data.price_kobo).toBe(MONEY_MAX_MINOR.NGN);
      const ok = await t
        .http()
        .post('/api/v1/products')
        .set(auth(vendor.token))
        .send({ ...base, price: '1,999.99' })
        .expect(201);
      expect(ok.body.data.price_kobo).toBe(199999);
      await t.http().delete(`/api/v1/products/${ok.body.data.id}`).set(auth(vendor.token)).expect(200);
    });

    it('accepts only JPEG, PNG, GIF or WebP uploads, by content: SVG, HTML and polyglots are a 422 on the field', async () => {
      const mine = await t.db.getRepository(Product).findOneByOrFail({ name: 'Infinix Hot 40' });
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      );
      const xmlSvg = Buffer.from(`<?xml version="1.0"?>\n${svg.toString()}`);
      const html = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');
      const gifPolyglot = Buffer.concat([Buffer.from('GIF89a'), html]);
      const jpegPolyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), svg]);
      for (const [label, body, filename, contentType] of [
        ['svg', svg, 'logo.svg', 'image/svg+xml'],
        ['svg as jpg', svg, 'photo.jpg', 'image/jpeg'],
        ['xml svg as png', xmlSvg, 'photo.png', 'image/png'],
        ['html as jpg', html, 'photo.jpg', 'image/jpeg'],
        ['gif polyglot', gifPolyglot, 'photo.gif', 'image/gif'],
        ['jpeg polyglot', jpegPolyglot, 'photo.jpg', 'image/jpeg'],
      ] as const) {
        const res = await t
          .http()
          .post(`/api/v1/products/${mine.id}`)
          .set(auth(vendor.token))
          .field('_method', 'PUT')
          .attach('image', body, { filename, contentType });
        expect([label, res.status, res.body.errors?.image?.[0]]).toEqual([label, 422, MSG.profile.imageOnly]);
        const created = await t
          .http()
          .post('/api/v1/products')
          .set(auth(vendor.token))
          .field('name', `Svg ${label}`)
          .field('type', 'new')
          .field('description', 'd')
          .field('status', '1')
          .field('category_id', String(phones))
          .field('price', '10')
          .attach('image', body, { filename, contentType });
        expect([label, created.status, created.body.errors?.image?.[0]]).toEqual([label, 422, MSG.profile.imageOnly]);
        const avatar = await t
          .http()
          .post('/api/v1/user/update-profile-image')
          .set(auth(customer.token))
          .attach('image', body, { filename, contentType });
        expect([label, avatar.status, avatar.body.errors?.image?.[0]]).toEqual([label, 422, MSG.profile.imageOnly]);
      }
      expect((await t.db.getRepository(Product).findOneByOrFail({ id: mine.id })).image).toBe(mine.image);
      for (const [format, mime] of [
        ['png', 'image/png'],
        ['gif', 'image/gif'],
        ['webp', 'image/webp'],
        ['jpeg', 'image/jpeg'],
      ] as const) {
        const raster = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a7' } })
          [format]()
          .toBuffer();
        await t
          .http()
          .post('/api/v1/user/update-profile-image')
          .set(auth(customer.token))
          .attach('image', raster, { filename: `a.${format}`, contentType: mime })
          .expect(200);
      }
    });

    it('keeps sku unique; admins may edit the rating and any product', async () => {
      await product(vendor.token, { name: 'Sku One', price: 10, sku: 'JR-001' });
      const dup = await t
        .http()
        .post('/api/v1/products')
        .set(auth(otherVendor.token))
        .send({
          name: 'Sku Two',
          type: 'new',
          description: 'd',
          status: 1,
          price: 10,
          category_id: phones,
          sku: 'JR-001',
        })
        .expect(422);
      expect(dup.body.errors.sku[0]).toMatch(/already used/);
      const theirs = await t.db.getRepository(Product).findOneByOrFail({ name: 'Ankara Gown' });
      const res = await t
        .http()
        .post(`/api/v1/products/${theirs.id}`)
        .set(auth(admin))
        .field('_method', 'PUT')
        .field('average_rating', '4.7')
        .field('price', '47000')
        .expect(200);
      expect(res.body.data).toMatchObject({ average_rating: 4.7, price_ngn: 47000 });
      const tooHigh = await t
        .http()
        .put(`/api/v1/products/${theirs.id}`)
        .set(auth(admin))
        .send({ average_rating: 5.5 })
        .expect(422);
      expect(tooHigh.body.errors.average_rating[0]).toBe('Rating cannot be above 5.');
    });

    it('hides an inactive product from visitors (404) but not from its owner', async () => {
      const cap = await t.db.getRepository(Product).findOneByOrFail({ name: 'Aso Oke Cap' });
      await t.http().get(`/api/v1/products/${cap.id}`).expect(404);
      await t.http().get(`/api/v1/products/${cap.id}`).set(auth(otherVendor.token)).expect(200);
      await t.http().get('/api/v1/products/999999').expect(404);
    });
  });

  it('pages sitemap entries with only ids and update times of active products', async () => {
    const res = await t.http().get('/api/v1/products/sitemap-entries').expect(200);
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 5000, pages: 1 });
    expect(res.body.data.length).toBe(res.body.meta.total);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'updated_at']);
    // Pages are ranges of 5000 ids: past the highest id a page is empty, and its rows never shift when others go.
    const beyond = await t.http().get('/api/v1/products/sitemap-entries?page=3').expect(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.pages).toBe(1);
  });

  describe('search suggestions', () => {
    it('answers at most 3 categories and 7 results in all, case-insensitively', async () => {
      for (let i = 1; i <= 4; i++)
        await t
          .http()
          .post('/api/v1/categories')
          .set(auth(admin))
          .send({ name: `Phone Accessories ${i}` })
          .expect(201);
      for (let i = 1; i <= 8; i++) await product(vendor.token, { name: `Phone Case ${i}`, price: 1500 + i });
      const res = await t.http().get('/api/v1/search/suggestions?q=PHONE').expect(200);
      expect(res.body.data.categories).toHaveLength(3);
      expect(res.body.data.categories.length + res.body.data.products.length).toBe(7);
      expect(res.body.data.products[0]).toEqual(
        expect.objectContaining({
          name: expect.stringMatching(/phone/i),
          price_ngn: expect.any(Number),
          average_rating: expect.any(Number),
        }),
      );
      const none = await t.http().get('/api/v1/search/suggestions?q=').expect(200);
      expect(none.body.data).toEqual({ categories: [], products: [] });
    });
  });

  describe('reviews, wishlist and sellers', () => {
    it('keeps average_rating and review_count in step with reviews (one per order line, by buyers)', async () => {
      const p = await product(otherVendor.token, { name: 'Reviewed Kettle', price: 12000, stock_quantity: 10 });
      const adminAccount = { token: admin };
      await buyAndReceive(t, adminAccount, customer, p.id);
      await buyAndReceive(t, adminAccount, vendor, p.id);
      await t
        .http()
        .post(`/api/v1/products/${p.id}/reviews`)
        .set(auth(customer.token))
        .send({ rating: 5, comment: 'Great' })
        .expect(201);
      await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(vendor.token)).send({ rating: 2 }).expect(201);
      let row = await t.db.getRepository(Product).findOneByOrFail({ id: p.id });
      expect([Number(row.average_rating), row.review_count]).toEqual([3.5, 2]);
      // A second review needs a second order line.
      await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(customer.token)).send({ rating: 4 }).expect(409);
      await buyAndReceive(t, adminAccount, customer, p.id);
      await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(customer.token)).send({ rating: 2 }).expect(201);
      row = await t.db.getRepository(Product).findOneByOrFail({ id: p.id });
      expect([Number(row.average_rating), row.review_count]).toEqual([3, 3]);
      const list = await t.http().get(`/api/v1/products/${p.id}/reviews`).expect(200);
      expect(list.body.data).toHaveLength(3);
      await t
        .http()
        .post(`/api/v1/products/${p.id}/reviews`)
        .set(auth(otherVendor.token))
        .send({ rating: 5 })
        .expect(403);
      const bad = await t
        .http()
        .post(`/api/v1/products/${p.id}/reviews`)
        .set(auth(customer.token))
        .send({ rating: 6 })
        .expect(422);
      expect(bad.body.errors.rating[0]).toMatch(/1 to 5/);
      await t.http().post(`/api/v1/products/${p.id}/reviews`).send({ rating: 5 }).expect(401);
    });

    it('adds to and removes from the wishlist idempotently, per user', async () => {
      const p = await t.db.getRepository(Product).findOneByOrFail({ name: 'Tecno Spark 20' });
      const add = await t
        .http()
        .post('/api/v1/wishlist')
        .set(auth(customer.token))
        .send({ product_id: p.id })
        .expect(201);
      expect(add.body.message).toBe('Added to wishlist!');
      await t.http().post(`/api/v1/wishlist/${p.id}`).set(auth(customer.token)).expect(201);
      const list = await t.http().get('/api/v1/wishlist').set(auth(customer.token)).expect(200);
      expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
      expect((await t.http().get('/api/v1/wishlist').set(auth(vendor.token))).body.data).toHaveLength(0);
      const removed = await t.http().delete(`/api/v1/wishlist/${p.id}`).set(auth(customer.token)).expect(200);
      expect(removed.body.message).toBe('Removed from wishlist!');
      expect((await t.http().get('/api/v1/wishlist/ids').set(auth(customer.token))).body.data).toEqual([]);
      await t.http().post('/api/v1/wishlist').set(auth(customer.token)).send({ product_id: 999999 }).expect(404);
    });

    it('answers a vendor’s public profile and the top sellers', async () => {
      const res = await t.http().get(`/api/v1/sellers/${otherVendor.user.id}`).expect(200);
      expect(res.body.data.products.every((p: { status: number }) => p.status === 1)).toBe(true);
      expect(res.body.data.product_count).toBe(res.body.data.products.length);
      await t.http().get(`/api/v1/sellers/${customer.user.id}`).expect(404);
      const top = await t.http().get('/api/v1/sellers/top').expect(200);
      expect(top.body.data.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('deleting users (a soft delete)', () => {
    /** Each product's rating and count recomputed from the review rows, next to what the product says. */
    async function ratingsFromReviews() {
      const reviews = await t.db.getRepository(ProductReview).find();
      const products = await t.db.getRepository(Product).find();
      // Products that have (or claim) reviews; the fixtures' hand-set ratings have none.
      return products
        .filter((p) => p.review_count > 0 || reviews.some((r) => r.product_id === p.id))
        .map((p) => {
          const own = reviews.filter((r) => r.product_id === p.id);
          const avg = own.length ? Math.round((own.reduce((sum, r) => sum + r.rating, 0) / own.length) * 100) / 100 : 0;
          return { id: p.id, stored: [Number(p.average_rating), p.review_count], fromReviews: [avg, own.length] };
        });
    }

    it('keeps reviews and ratings equal, hides a vendor’s products, cuts the user off and frees the e-mail', async () => {
      const seller = await signUp(t, { role: 'vendor' });
      const reviewer = await signUp(t);
      const other = await signUp(t);
      const kept = await product(seller.token, { name: 'Deletion Kettle', price: 9000, stock_quantity: 5 });
      const rated = await product(vendor.token, { name: 'Deletion Fan', price: 7000, stock_quantity: 5 });
      await buyAndReceive(t, { token: admin }, reviewer, rated.id);
      await buyAndReceive(t, { token: admin }, other, rated.id);
      await buyAndReceive(t, { token: admin }, reviewer, kept.id);
      await t
        .http()
        .post(`/api/v1/products/${rated.id}/reviews`)
        .set(auth(reviewer.token))
        .send({ rating: 1, comment: 'Broke' })
        .expect(201);
      await t
        .http()
        .post(`/api/v1/products/${rated.id}/reviews`)
        .set(auth(other.token))
        .send({ rating: 5 })
        .expect(201);
      await t
        .http()
        .post(`/api/v1/products/${kept.id}/reviews`)
        .set(auth(reviewer.token))
        .send({ rating: 4 })
        .expect(201);
      await t.http().post('/api/v1/wishlist').set(auth(reviewer.token)).send({ product_id: rated.id }).expect(201);
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
        .png()
        .toBuffer();
      await t
        .http()
        .post('/api/v1/user/update-profile-image')
        .set(auth(reviewer.token))
        .attach('image', png, 'me.png')
        .expect(200);
      const avatarKey = (await t.db.getRepository(User).findOneByOrFail({ id: reviewer.user.id })).image as string;
      expect(await mediaExists(t, avatarKey)).toBe(true);

      await t.http().delete(`/api/v1/users/${reviewer.user.id}`).set(auth(admin)).expect(200);
      await t.http().delete(`/api/v1/users/${seller.user.id}`).set(auth(admin)).expect(200);

      // Before: the reviewer's reviews vanished (ON DELETE CASCADE) while the products kept the old average and count.
      const rows = await ratingsFromReviews();
      expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([rated.id, kept.id]));
      for (const row of rows) expect([row.id, ...row.stored]).toEqual([row.id, ...row.fromReviews]);
      const fan = await t.db.getRepository(Product).findOneByOrFail({ id: rated.id });
      expect([Number(fan.average_rating), fan.review_count]).toEqual([3, 2]);
      const reviews = await t.http().get(`/api/v1/products/${rated.id}/reviews`).expect(200);
      expect(reviews.body.data.map((r: { user: { name: string } }) => r.user.name)).toContain('Deleted user');

      // The row stays, anonymised and inactive; the avatar file is gone; the tokens stop working.
      const gone = await t.db.getRepository(User).findOneByOrFail({ id: reviewer.user.id });
      expect(gone).toMatchObject({
        status: '0',
        name: 'Deleted user',
        phone: null,
        image: null,
        password_hash: null,
        google_id: null,
      });
      expect(gone.email).toMatch(/@deleted\.invalid$/);
      expect(gone.deleted_at).not.toBeNull();
      expect(await mediaExists(t, avatarKey)).toBe(false);
      await t.http().get('/api/v1/user').set(auth(reviewer.token)).expect(401);
      await t
        .http()
        .post('/api/v1/auth/login')
        .send({ email: reviewer.email, password: reviewer.password })
        .expect(401);

      // The vendor's products leave the catalogue (inactive, not deleted) and their seller page is gone.
      const sellerProduct = await t.db.getRepository(Product).findOneByOrFail({ id: kept.id });
      expect(sellerProduct.status).toBe(0);
      await t.http().get(`/api/v1/products/${kept.id}`).expect(404);
      expect((await t.http().get(`/api/v1/products?user_id=${seller.user.id}`).expect(200)).body.meta.total).toBe(0);
      await t.http().get(`/api/v1/sellers/${seller.user.id}`).expect(404);
      expect(
        Number(
          (await t.db.query('SELECT COUNT(*) AS n FROM wishlist_items WHERE user_id = ?', [reviewer.user.id]))[0].n,
        ),
      ).toBe(0);

      // Hidden from the admin's list by default, listed with deleted=1; a second delete is a 404.
      const listed = await t.http().get('/api/v1/users?per_page=100').set(auth(admin)).expect(200);
      expect(listed.body.data.map((u: { id: number }) => u.id)).not.toContain(reviewer.user.id);
      const deleted = await t.http().get('/api/v1/users?deleted=1').set(auth(admin)).expect(200);
      expect(deleted.body.data.map((u: { id: number }) => u.id).sort()).toEqual(
        [reviewer.user.id, seller.user.id].sort(),
      );
      await t.http().delete(`/api/v1/users/${reviewer.user.id}`).set(auth(admin)).expect(404);
      await t.http().put(`/api/v1/users/${reviewer.user.id}`).set(auth(admin)).send({ status: '1' }).expect(404);

      // The e-mail is free again: the person may sign up afresh (a new account, none of the old data).
      const again = await signUp(t, { email: reviewer.email });
      expect(again.user.id).not.toBe(reviewer.user.id);
    });
  });
});
