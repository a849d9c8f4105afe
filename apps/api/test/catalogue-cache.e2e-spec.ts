import request from 'supertest';
import { creditWallet } from './support/money';
import { placeOrder } from './support/orders';
import { signUp, startTestApp, type TestApp } from './support/test-app';

/**
 * The short-lived cache of anonymous catalogue answers (issue 25, decisions 040 and 051): catalogue lists, searches,
 * one product and suggestions asked again within its TTL are the kept answer; a product write through the API (an
 * edit, or the stock an order takes) drops it; a signed-in caller neither reads nor fills it. Names are changed with
 * plain SQL where a test needs a change the cache is not told about.
 */
describe('Catalogue answer cache (e2e)', () => {
  let t: TestApp;
  let admin: string;
  let buyer: { token: string; user: { id: number } };
  let vendor: string;
  let customer: string;
  let category: number;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  // One instance throughout (the scale-out run alternates two): the kept answers are that instance's.
  const first = () => request(t.app.getHttpServer());

  async function product(name: string): Promise<number> {
    const res = await first().post('/api/v1/products').set(auth(vendor)).send({
      name,
      type: 'new',
      description: 'Good',
      status: 1,
      category_id: category,
      price: 1000,
      stock_quantity: 5,
    });
    if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id as number;
  }

  /** Renames a product behind the API's back (the FTS triggers and InnoDB keep the index in step). */
  const rename = (id: number, name: string) => t.db.query('UPDATE products SET name = ? WHERE id = ?', [name, id]);

  async function names(path: string, token?: string): Promise<string[]> {
    const req = first().get(path);
    if (token) req.set(auth(token));
    const res = await req.expect(200);
    return res.body.data.map((p: { name: string }) => p.name);
  }

  async function suggested(text: string, token?: string): Promise<string[]> {
    const req = first().get(`/api/v1/search/suggestions?q=${encodeURIComponent(text)}`);
    if (token) req.set(auth(token));
    const res = await req.expect(200);
    return res.body.data.products.map((p: { name: string }) => p.name);
  }

  beforeAll(async () => {
    // PUBLIC_CACHE_SECONDS below the cache's own 5 s: answers are kept 2 s.
    t = await startTestApp({ PUBLIC_CACHE_SECONDS: '2' });
    admin = (await signUp(t, { role: 'admin' })).token;
    vendor = (await signUp(t, { role: 'vendor' })).token;
    buyer = await signUp(t, { role: 'customer' });
    customer = buyer.token;
    category = (await first().post('/api/v1/categories').set(auth(admin)).send({ name: 'Cache things' }).expect(201))
      .body.data.id;
  });
  afterAll(() => t.close());

  it('answers a repeated anonymous search from the cache until the TTL, whatever the parameter order', async () => {
    const id = await product('Walrus Toaster');
    expect(await names('/api/v1/products/active?q=walrus&page=1&per_page=6')).toEqual(['Walrus Toaster']);
    await rename(id, 'Walrus Toaster Deluxe');
    // Kept: the same search (parameters in another order) still answers the name it read.
    expect(await names('/api/v1/products/active?per_page=6&page=1&q=walrus')).toEqual(['Walrus Toaster']);
    // Another search is its own answer, read now.
    expect(await names('/api/v1/products/active?q=walrus%20toa&page=1&per_page=6')).toEqual(['Walrus Toaster Deluxe']);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await names('/api/v1/products/active?q=walrus&page=1&per_page=6')).toEqual(['Walrus Toaster Deluxe']);
  });

  it('drops every kept answer when a product changes through the API', async () => {
    const id = await product('Narwhal Kettle');
    expect(await names('/api/v1/products?q=narwhal')).toEqual(['Narwhal Kettle']);
    expect(await suggested('narw')).toEqual(['Narwhal Kettle']);
    await rename(id, 'Narwhal Kettle Blue');
    expect(await names('/api/v1/products?q=narwhal')).toEqual(['Narwhal Kettle']);
    expect(await suggested('narw')).toEqual(['Narwhal Kettle']);
    await first().put(`/api/v1/products/${id}`).set(auth(vendor)).send({ price: 2500 }).expect(200);
    const after = await first().get('/api/v1/products?q=narwhal').expect(200);
    expect(after.body.data.map((p: { name: string }) => p.name)).toEqual(['Narwhal Kettle Blue']);
    expect(after.body.data[0].price_ngn).toBe(2500);
    expect(await suggested('narw')).toEqual(['Narwhal Kettle Blue']);
    // A product that leaves the catalogue leaves the answers at once.
    await first().delete(`/api/v1/products/${id}`).set(auth(vendor)).expect(200);
    expect(await names('/api/v1/products?q=narwhal')).toEqual([]);
    expect(await suggested('narw')).toEqual([]);
  });

  it("never keeps a signed-in caller's answer, nor gives them a kept one", async () => {
    const id = await product('Quokka Blender');
    await rename(id, 'Quokka Blender Two');
    // Signed in first: their answer is not kept for visitors...
    expect(await names('/api/v1/products/active?q=quokka', customer)).toEqual(['Quokka Blender Two']);
    expect(await suggested('quok', customer)).toEqual(['Quokka Blender Two']);
    await rename(id, 'Quokka Blender Three');
    expect(await names('/api/v1/products/active?q=quokka')).toEqual(['Quokka Blender Three']);
    expect(await suggested('quok')).toEqual(['Quokka Blender Three']);
    // ...and a visitor's kept answer is not theirs.
    await rename(id, 'Quokka Blender Four');
    expect(await names('/api/v1/products/active?q=quokka')).toEqual(['Quokka Blender Three']);
    expect(await suggested('quok')).toEqual(['Quokka Blender Three']);
    expect(await names('/api/v1/products/active?q=quokka', customer)).toEqual(['Quokka Blender Four']);
    expect(await suggested('quok', customer)).toEqual(['Quokka Blender Four']);
    // A vendor's own list (mine=1, every status) is never a kept answer either.
    expect(await names('/api/v1/products?mine=1&q=quokka', vendor)).toEqual(['Quokka Blender Four']);
  });

  it('keeps nothing for a refused request (a 422 is answered again, not kept)', async () => {
    await first().get('/api/v1/products/active?q=walrus&q=toaster').expect(422);
    await first().get('/api/v1/products/active?q=walrus&q=toaster').expect(422);
    await first().get('/api/v1/products/active?q=walrus&min_price=abc').expect(422);
  });

  it("keeps a visitor's plain list and product page, not a signed-in caller's, and drops both on a write", async () => {
    const id = await product('Pangolin Fan');
    const list = `/api/v1/products/active?category_id=${category}&_sort=created_at&_order=desc&per_page=24`;
    expect((await names(list))[0]).toBe('Pangolin Fan');
    const page = async (token?: string) => {
      const req = first().get(`/api/v1/products/${id}`);
      if (token) req.set(auth(token));
      return (await req.expect(200)).body.data as { name: string; stock_quantity: number };
    };
    expect((await page()).name).toBe('Pangolin Fan');
    await rename(id, 'Pangolin Fan II');
    // Kept for visitors...
    expect((await names(list))[0]).toBe('Pangolin Fan');
    expect((await page()).name).toBe('Pangolin Fan');
    // ...never for a signed-in caller.
    expect((await page(customer)).name).toBe('Pangolin Fan II');
    expect((await names(list, customer))[0]).toBe('Pangolin Fan II');
    // An edit through the API drops them at once.
    await first().put(`/api/v1/products/${id}`).set(auth(vendor)).send({ price: 1200 }).expect(200);
    expect((await names(list))[0]).toBe('Pangolin Fan II');
    expect((await page()).name).toBe('Pangolin Fan II');
  });

  it('drops the kept answers when an order takes stock (the orders module writes products through the stock service)', async () => {
    const id = await product('Okapi Iron');
    await creditWallet(t, admin, buyer.user.id, '50000.00');
    const stock = async () =>
      ((await first().get(`/api/v1/products/${id}`).expect(200)).body.data as { stock_quantity: number })
        .stock_quantity;
    const listed = async () =>
      (
        (await first().get(`/api/v1/products/active?category_id=${category}&per_page=24`).expect(200)).body
          .data as Array<{
          id: number;
          stock_quantity: number;
        }>
      ).find((p) => p.id === id)?.stock_quantity;
    const started = Date.now();
    expect(await stock()).toBe(5);
    expect(await listed()).toBe(5);
    // Kept: a change the cache is not told about does not show...
    await t.db.query('UPDATE products SET stock_quantity = 4 WHERE id = ?', [id]);
    expect(await stock()).toBe(5);
    // ...until the order's stock taking (a query-builder UPDATE in a transaction) drops every kept answer.
    await placeOrder(t, buyer.token, [{ product_id: id, quantity: 2 }]).expect(201);
    expect(await stock()).toBe(2);
    expect(await listed()).toBe(2);
    // Meaningful only if the kept answers were still within their 2 s when the order landed.
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
