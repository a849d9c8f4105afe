import { MSG } from '@jara/contracts';
import sharp from 'sharp';
import { Product } from '../src/modules/products/product.entity';
import { signUp, startTestApp, type TestApp } from './support/test-app';

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
    const res = await t.http().post('/api/v1/products').set(auth(token)).send({ type: 'new', description: 'Good', status: 1, category_id: phones, ...fields });
    if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number };
  }

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await signUp(t, { role: 'admin' })).token;
    vendor = await signUp(t, { role: 'vendor' });
    otherVendor = await signUp(t, { role: 'vendor' });
    customer = await signUp(t);
    phones = (await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Phones & Tablets', status: 1 }).expect(201)).body.data.id;
    fashion = (await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Fashion' }).expect(201)).body.data.id;
    hidden = (await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Hidden', status: 0 }).expect(201)).body.data.id;
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
      const renamed = await t.http().put(`/api/v1/categories/${hidden}`).set(auth(admin)).send({ name: 'Hidden Gems', status: 0 }).expect(200);
      expect(renamed.body.data).toMatchObject({ name: 'Hidden Gems', status: 0 });
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
      expect(itel).toMatchObject({ price_ngn: 99999.99, price_kobo: 9999999, category: { id: phones, name: 'Phones & Tablets' }, type_label: 'Trending Product', status: 1 });
      expect(itel.seller.id).toBe(vendor.user.id);
      const active = await t.http().get('/api/v1/products/active').set(auth(admin)).expect(200);
      expect(active.body.meta.total).toBe(4);
      const adminAll = await t.http().get('/api/v1/products').set(auth(admin)).expect(200);
      expect(adminAll.body.meta.total).toBe(5);
    });

    it('applies inclusive price bounds', async () => {
      expect(names(await t.http().get('/api/v1/products?min_price=99999.99&max_price=150000').expect(200))).toEqual(['Tecno Spark 20', 'itel A70']);
      expect(names(await t.http().get('/api/v1/products?min_price=150000.01').expect(200))).toEqual(['Infinix Hot 40']);
      const bad = await t.http().get('/api/v1/products?min_price=cheap').expect(422);
      expect(bad.body.errors.min_price[0]).toMatch(/naira/);
    });

    it('applies minimum rating, type, category and case-insensitive search', async () => {
      expect(names(await t.http().get('/api/v1/products?min_rating=4').expect(200))).toEqual(['Ankara Gown', 'Tecno Spark 20']);
      expect(names(await t.http().get('/api/v1/products?min_rating=4.5').expect(200))).toEqual(['Tecno Spark 20']);
      expect(names(await t.http().get('/api/v1/products?type=hot').expect(200))).toEqual(['Infinix Hot 40']);
      expect((await t.http().get('/api/v1/products?type=all').expect(200)).body.meta.total).toBe(4);
      expect(names(await t.http().get(`/api/v1/products?category_id=${fashion}`).expect(200))).toEqual(['Ankara Gown']);
      expect(names(await t.http().get('/api/v1/products?q=TECNO').expect(200))).toEqual(['Tecno Spark 20']);
      expect(names(await t.http().get('/api/v1/products?name_like=gown').expect(200))).toEqual(['Ankara Gown']);
      await t.http().get('/api/v1/products?min_rating=9').expect(422);
    });

    it('sorts by price and rating, pages, and lets a vendor list their own inactive products', async () => {
      const cheap = await t.http().get('/api/v1/products?_sort=price_ngn&_order=asc&_start=0&_end=2').expect(200);
      expect(cheap.body.data.map((p: { name: string }) => p.name)).toEqual(['Ankara Gown', 'itel A70']);
      expect(cheap.headers['x-total-count']).toBe('4');
      const best = await t.http().get('/api/v1/products?_sort=average_rating&_order=desc&per_page=1').expect(200);
      expect(best.body.data[0].name).toBe('Tecno Spark 20');
      const mine = await t.http().get(`/api/v1/products?user_id=${otherVendor.user.id}`).set(auth(otherVendor.token)).expect(200);
      expect(mine.body.meta.total).toBe(2);
      const theirs = await t.http().get(`/api/v1/products?user_id=${otherVendor.user.id}`).set(auth(vendor.token)).expect(200);
      expect(theirs.body.meta.total).toBe(1);
    });

    it('issues a constant number of SQL statements whatever the page size', async () => {
      const count = async (size: number) => {
        const statements: string[] = [];
        const original = t.db.logger;
        // TypeORM hands every statement to the data source's logger; count the product-list ones.
        (t.db as unknown as { logger: unknown }).logger = {
          logQuery: (query: string) => statements.push(query),
          logQueryError: () => undefined,
          logQuerySlow: () => undefined,
          logSchemaBuild: () => undefined,
          logMigration: () => undefined,
          log: () => undefined,
        };
        try {
          const res = await t.http().get(`/api/v1/products?per_page=${size}`).expect(200);
          expect(res.body.data.length).toBe(Math.min(size, res.body.meta.total));
        } finally {
          (t.db as unknown as { logger: unknown }).logger = original;
        }
        return statements.filter((q) => /products/.test(q)).length;
      };
      const small = await count(1);
      const large = await count(50);
      expect(large).toBe(small);
      expect(small).toBeGreaterThanOrEqual(2);
      expect(small).toBeLessThanOrEqual(3);
    });
  });

  describe('create and update', () => {
    it('validates required fields, numeric price and active category', async () => {
      const res = await t.http().post('/api/v1/products').set(auth(vendor.token)).send({ price: 'abc', category_id: hidden }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['name', 'type', 'description', 'status', 'price']));
      const inactive = (await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: 'Dormant', status: 0 })).body.data.id;
      const cat = await t.http().post('/api/v1/products').set(auth(vendor.token)).send({ name: 'X', type: 'new', description: 'd', status: 1, price: 10, category_id: inactive }).expect(422);
      expect(cat.body.errors.category_id[0]).toBe('Please choose an active category.');
      const noPrice = await t.http().post('/api/v1/products').set(auth(vendor.token)).send({ name: 'X', type: 'new', description: 'd', status: 1, category_id: phones }).expect(422);
      expect(noPrice.body.errors.price[0]).toBe('The price is required.');
    });

    it('enforces the flash-sale rules with the spec messages', async () => {
      const base = { name: 'Flash Fan', type: 'flash', description: 'Cool', status: 1, price: 25000, category_id: phones };
      const none = await t.http().post('/api/v1/products').set(auth(vendor.token)).send(base).expect(422);
      expect(none.body.message).toBe('Flash sale must have both start and end times.');
      const half = await t.http().post('/api/v1/products').set(auth(vendor.token)).send({ ...base, flash_start_at: hours(1) }).expect(422);
      expect(half.body.errors.flash_end_at[0]).toBe(MSG.product.flashNeedsBoth);
      const backwards = await t.http().post('/api/v1/products').set(auth(vendor.token)).send({ ...base, flash_start_at: hours(5), flash_end_at: hours(1) }).expect(422);
      expect(backwards.body.errors.flash_end_at[0]).toBe('Flash end time must be after start time.');
      const ok = await t.http().post('/api/v1/products').set(auth(vendor.token)).send({ ...base, flash_start_at: '2026-11-21T10:00', flash_end_at: hours(24) }).expect(201);
      expect(ok.body.data.flash_start_at).toBe('2026-11-21T09:00:00.000Z');
      const flash = await t.http().get('/api/v1/products?flash_active=1').expect(200);
      expect(flash.body.data.map((p: { name: string }) => p.name)).toContain('Flash Fan');
    });

    it('customers cannot create; vendors cannot change or delete another vendor’s product (403)', async () => {
      await t.http().post('/api/v1/products').set(auth(customer.token)).send({}).expect(403);
      const theirs = await t.db.getRepository(Product).findOneByOrFail({ name: 'Ankara Gown' });
      await t.http().put(`/api/v1/products/${theirs.id}`).set(auth(vendor.token)).send({ price: 1 }).expect(403);
      await t.http().post(`/api/v1/products/${theirs.id}`).set(auth(vendor.token)).field('_method', 'PUT').field('price', '1').expect(403);
      await t.http().delete(`/api/v1/products/${theirs.id}`).set(auth(vendor.token)).expect(403);
      expect(Number((await t.db.getRepository(Product).findOneByOrFail({ id: theirs.id })).price_kobo)).toBe(4500000);
    });

    it('updates through multipart POST with _method=PUT, with a real image resized to two sizes', async () => {
      const mine = await t.db.getRepository(Product).findOneByOrFail({ name: 'itel A70' });
      const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c60' } }).jpeg().toBuffer();
      const res = await t.http()
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
      const noMethod = await t.http().post(`/api/v1/products/${mine.id}`).set(auth(vendor.token)).field('price', '1').expect(422);
      expect(noMethod.body.errors._method[0]).toBe('_method must be PUT.');
    });

    it('refuses a non-image upload by content and keeps the product unchanged', async () => {
      const mine = await t.db.getRepository(Product).findOneByOrFail({ name: 'Tecno Spark 20' });
      const res = await t.http()
        .post(`/api/v1/products/${mine.id}`)
        .set(auth(vendor.token))
        .field('_method', 'PUT')
        .field('name', 'Renamed')
        .attach('image', Buffer.from('%PDF-1.4 not an image'), { filename: 'x.jpg', contentType: 'image/jpeg' })
        .expect(422);
      expect(res.body.errors.image[0]).toBe(MSG.profile.imageOnly);
      expect((await t.db.getRepository(Product).findOneByOrFail({ id: mine.id })).name).toBe('Tecno Spark 20');
    });

    it('keeps sku unique; admins may edit the rating and any product', async () => {
      await product(vendor.token, { name: 'Sku One', price: 10, sku: 'JR-001' });
      const dup = await t.http().post('/api/v1/products').set(auth(otherVendor.token)).send({ name: 'Sku Two', type: 'new', description: 'd', status: 1, price: 10, category_id: phones, sku: 'JR-001' }).expect(422);
      expect(dup.body.errors.sku[0]).toMatch(/already used/);
      const theirs = await t.db.getRepository(Product).findOneByOrFail({ name: 'Ankara Gown' });
      const res = await t.http().post(`/api/v1/products/${theirs.id}`).set(auth(admin)).field('_method', 'PUT').field('average_rating', '4.7').field('price', '47000').expect(200);
      expect(res.body.data).toMatchObject({ average_rating: 4.7, price_ngn: 47000 });
      const tooHigh = await t.http().put(`/api/v1/products/${theirs.id}`).set(auth(admin)).send({ average_rating: 5.5 }).expect(422);
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
  });

  describe('search suggestions', () => {
    it('answers at most 3 categories and 7 results in all, case-insensitively', async () => {
      for (let i = 1; i <= 4; i++) await t.http().post('/api/v1/categories').set(auth(admin)).send({ name: `Phone Accessories ${i}` }).expect(201);
      for (let i = 1; i <= 8; i++) await product(vendor.token, { name: `Phone Case ${i}`, price: 1500 + i });
      const res = await t.http().get('/api/v1/search/suggestions?q=PHONE').expect(200);
      expect(res.body.data.categories).toHaveLength(3);
      expect(res.body.data.categories.length + res.body.data.products.length).toBe(7);
      expect(res.body.data.products[0]).toEqual(expect.objectContaining({ name: expect.stringMatching(/phone/i), price_ngn: expect.any(Number), average_rating: expect.any(Number) }));
      const none = await t.http().get('/api/v1/search/suggestions?q=').expect(200);
      expect(none.body.data).toEqual({ categories: [], products: [] });
    });
  });

  describe('reviews, wishlist and sellers', () => {
    it('keeps average_rating and review_count in step with reviews', async () => {
      const p = await product(otherVendor.token, { name: 'Reviewed Kettle', price: 12000 });
      await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(customer.token)).send({ rating: 5, comment: 'Great' }).expect(201);
      await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(vendor.token)).send({ rating: 2 }).expect(201);
      let row = await t.db.getRepository(Product).findOneByOrFail({ id: p.id });
      expect([Number(row.average_rating), row.review_count]).toEqual([3.5, 2]);
      await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(customer.token)).send({ rating: 4 }).expect(201);
      row = await t.db.getRepository(Product).findOneByOrFail({ id: p.id });
      expect([Number(row.average_rating), row.review_count]).toEqual([3, 2]);
      const list = await t.http().get(`/api/v1/products/${p.id}/reviews`).expect(200);
      expect(list.body.data).toHaveLength(2);
      await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(otherVendor.token)).send({ rating: 5 }).expect(403);
      const bad = await t.http().post(`/api/v1/products/${p.id}/reviews`).set(auth(customer.token)).send({ rating: 6 }).expect(422);
      expect(bad.body.errors.rating[0]).toMatch(/1 to 5/);
      await t.http().post(`/api/v1/products/${p.id}/reviews`).send({ rating: 5 }).expect(401);
    });

    it('adds to and removes from the wishlist idempotently, per user', async () => {
      const p = await t.db.getRepository(Product).findOneByOrFail({ name: 'Tecno Spark 20' });
      const add = await t.http().post('/api/v1/wishlist').set(auth(customer.token)).send({ product_id: p.id }).expect(201);
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
});
