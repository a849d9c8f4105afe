import { MSG, type Location, type ShippingTitle, type Warehouse } from '@jara/contracts';
import { bearer } from './support/money';
import { signUp, startTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof signUp>>;

describe('Logistics reference data: locations, warehouses, shipping titles, cargo rates (e2e)', () => {
  let t: TestApp;
  let admin: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t, { role: 'admin' });
    customer = await signUp(t);
  });
  afterAll(() => t.close());

  const post = (path: string, body: object, token = admin.token) =>
    t.http().post(`/api/v1${path}`).set(bearer(token)).send(body);
  const put = (path: string, body: object, token = admin.token) =>
    t.http().put(`/api/v1${path}`).set(bearer(token)).send(body);

  it('locations: admins write, everyone reads the active ones; names unique; a used location cannot go', async () => {
    await post('/locations', { name: 'Guangzhou' }, customer.token).expect(403);
    await t.http().post('/api/v1/locations').send({ name: 'Guangzhou' }).expect(401);
    expect((await post('/locations', { name: '  ' }).expect(422)).body.errors.name).toEqual([
      MSG.locations.nameRequired,
    ]);
    const gz = (await post('/locations', { name: 'Guangzhou' }).expect(201)).body.data as Location;
    expect((await post('/locations', { name: 'guangzhou' }).expect(422)).body.errors.name).toEqual([
      MSG.locations.nameTaken,
    ]);
    const old = (await post('/locations', { name: 'Yiwu', status: 0 }).expect(201)).body.data as Location;
    const publicList = (await t.http().get('/api/v1/locations').expect(200)).body.data as Location[];
    expect(publicList.map((l) => l.name)).toContain('Guangzhou');
    expect(publicList.map((l) => l.name)).not.toContain('Yiwu');
    await t.http().get(`/api/v1/locations/${old.id}`).expect(404);
    const adminList = (await t.http().get('/api/v1/locations?status=0').set(bearer(admin.token)).expect(200)).body
      .data as Location[];
    expect(adminList.map((l) => l.name)).toEqual(['Yiwu']);
    expect((await put(`/locations/${old.id}`, { status: 1 }).expect(200)).body.data.status).toBe(1);

    const shipping = (
      await post('/shippings', { name: 'Container GZ-001', location_id: gz.id, type: 'sea_cargo' }).expect(201)
    ).body.data as ShippingTitle;
    expect(
      (await t.http().delete(`/api/v1/locations/${gz.id}`).set(bearer(admin.token)).expect(409)).body.message,
    ).toBe(MSG.locations.inUse);
    await t.http().delete(`/api/v1/shippings/${shipping.id}`).set(bearer(admin.token)).expect(200);
    await t.http().delete(`/api/v1/locations/${gz.id}`).set(bearer(admin.token)).expect(200);
    await t.http().get(`/api/v1/locations/${gz.id}`).expect(404);
  });

  it('warehouses carry their location and type; a bad location or type is a 422', async () => {
    const lagos = (await post('/locations', { name: 'Lagos' }).expect(201)).body.data as Location;
    const bad = await post('/warehouses', { name: 'Apapa', location_id: 999_999, type: 'rail' }).expect(422);
    expect(bad.body.errors.type).toEqual([MSG.warehouses.typeInvalid]);
    expect(
      (await post('/warehouses', { name: 'Apapa', location_id: 999_999, type: 'local' }).expect(422)).body.errors
        .location_id,
    ).toEqual([MSG.locations.unknown]);
    const apapa = (
      await post('/warehouses', {
        name: 'Apapa Warehouse',
        location_id: lagos.id,
        type: 'local',
        address: '5 Wharf Road, Apapa',
        contact: '+234 800 000 0000',
      }).expect(201)
    ).body.data as Warehouse;
    expect(apapa).toMatchObject({
      location: { id: lagos.id, name: 'Lagos' },
      type: 'local',
      address: '5 Wharf Road, Apapa',
    });
    await post('/warehouses', { name: 'Air Hub', location_id: lagos.id, type: 'air_cargo' }).expect(201);
    const local = (await t.http().get('/api/v1/warehouses?type=local').expect(200)).body.data as Warehouse[];
    expect(local.map((w) => w.name)).toEqual(['Apapa Warehouse']);
    expect((await put(`/warehouses/${apapa.id}`, { contact: '+234 700' }).expect(200)).body.data.contact).toBe(
      '+234 700',
    );
    await put(`/warehouses/${apapa.id}`, { contact: 'x' }, customer.token).expect(403);
    await t.http().get('/api/v1/warehouses?type=local&type=sea_cargo').expect(422);
  });

  it("shipping titles: 'Please fill all fields', status 1-3, type sea or air", async () => {
    const lagos = ((await t.http().get('/api/v1/locations?name=Lagos').expect(200)).body.data as Location[])[0];
    const empty = await post('/shippings', { name: '', location_id: '' }).expect(422);
    expect(empty.body.errors.name).toEqual([MSG.shipping.fillAllFields]);
    expect(empty.body.errors.location_id).toEqual([MSG.shipping.fillAllFields]);
    const title = (
      await post('/shippings', { name: 'Flight LOS-17', location_id: lagos.id, type: 'air_cargo' }).expect(201)
    ).body.data as ShippingTitle;
    expect(title).toMatchObject({ status: 1, type: 'air_cargo', location: { name: 'Lagos' } });
    expect((await put(`/shippings/${title.id}`, { status: 2 }).expect(200)).body.data.status).toBe(2);
    expect((await put(`/shippings/${title.id}`, { status: 4 }).expect(422)).body.errors.status).toEqual([
      MSG.shipping.statusInvalid,
    ]);
    expect((await put(`/shippings/${title.id}`, { type: 'local' }).expect(422)).body.errors.type).toEqual([
      MSG.shipping.typeInvalid,
    ]);
    const transit = (await t.http().get('/api/v1/shippings?status=2').expect(200)).body.data as ShippingTitle[];
    expect(transit.map((s) => s.id)).toContain(title.id);
    await t.http().delete('/api/v1/shippings/999999').set(bearer(admin.token)).expect(404);
  });

  it('cargo rates: numbers with 2 decimals at most, not negative, admin only; read by everyone', async () => {
    expect((await t.http().get('/api/v1/logistics-settings').expect(200)).body.data).toMatchObject({
      cost_per_cmb3: 0,
      cost_per_kg: 0,
    });
    const negative = await put('/logistics-settings', { cost_per_cmb3: -1, cost_per_kg: 5 }).expect(422);
    expect(negative.body.errors.cost_per_cmb3).toEqual([MSG.logisticsSettings.negative]);
    for (const bad of ['abc', '1e21', 1.234, '', null, [1], { a: 1 }]) {
      const res = await put('/logistics-settings', { cost_per_cmb3: bad, cost_per_kg: 5 }).expect(422);
      expect(res.body.errors.cost_per_cmb3).toEqual([MSG.logisticsSettings.invalidNumbers]);
    }
    await put('/logistics-settings', { cost_per_cmb3: 0.05, cost_per_kg: 7.5 }, customer.token).expect(403);
    const saved = await put('/logistics-settings', { cost_per_cmb3: '0.05', cost_per_kg: 7.5 }).expect(200);
    expect(saved.body).toMatchObject({
      message: MSG.logisticsSettings.updated,
      data: { cost_per_cmb3: 0.05, cost_per_kg: 7.5 },
    });
    await put('/logistics-settings', { cost_per_cmb3: 0.1, cost_per_kg: 8 }).expect(200);
    expect((await t.http().get('/api/v1/logistics-settings').expect(200)).body.data).toMatchObject({
      cost_per_cmb3: 0.1,
      cost_per_kg: 8,
    });
    const [{ n }] = await t.db.query('SELECT COUNT(*) AS n FROM logistics_settings');
    expect(Number(n)).toBe(1);
  });
});
