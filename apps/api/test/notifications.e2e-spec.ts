import { Notification } from '../src/modules/notifications/notification.entity';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { signUp, startTestApp, type TestApp } from './support/test-app';

describe('Notifications (e2e)', () => {
  let t: TestApp;
  let ada: Awaited<ReturnType<typeof signUp>>;
  let bayo: Awaited<ReturnType<typeof signUp>>;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    ada = await signUp(t);
    bayo = await signUp(t);
    const notifications = t.app.get(NotificationsService);
    await notifications.notify({
      userId: ada.user.id,
      title: 'Parcel arrived',
      description: 'JR-1 is at the Lagos warehouse',
    });
    await notifications.notify({ userId: ada.user.id, title: 'Order shipped', description: 'Order 12 is on its way' });
  });
  afterAll(() => t.close());

  it('lists own notifications newest first with the unread count', async () => {
    const res = await t.http().get('/api/v1/notifications').set(auth(ada.token)).expect(200);
    expect(res.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Order shipped',
      'Parcel arrived',
      'Welcome to Jara',
    ]);
    expect(res.body.meta.unread).toBe(3);
    expect(res.headers['x-total-count']).toBe('3');
    const other = await t.http().get('/api/v1/notifications').set(auth(bayo.token)).expect(200);
    expect(other.body.data.map((n: { title: string }) => n.title)).toEqual(['Welcome to Jara']);
    const count = await t.http().get('/api/v1/notifications/unread-count').set(auth(ada.token)).expect(200);
    expect(count.body.data.count).toBe(3);
  });

  it('marks as read (0 to 1) and validates the status', async () => {
    const [first] = (await t.http().get('/api/v1/notifications').set(auth(ada.token))).body.data;
    const res = await t
      .http()
      .put(`/api/v1/notifications/${first.id}`)
      .set(auth(ada.token))
      .send({ status: 1 })
      .expect(200);
    expect(res.body.data.status).toBe(1);
    expect((await t.db.getRepository(Notification).findOneByOrFail({ id: first.id })).status).toBe(1);
    const bad = await t
      .http()
      .put(`/api/v1/notifications/${first.id}`)
      .set(auth(ada.token))
      .send({ status: 'read' })
      .expect(422);
    expect(bad.body.errors.status[0]).toBe('Status must be 0 or 1.');
    const count = await t.http().get('/api/v1/notifications/unread-count').set(auth(ada.token)).expect(200);
    expect(count.body.data.count).toBe(2);
  });

  it("refuses to read, change or delete another user's notification (404) and leaves it intact", async () => {
    const [mine] = (await t.http().get('/api/v1/notifications').set(auth(ada.token))).body.data;
    await t.http().put(`/api/v1/notifications/${mine.id}`).set(auth(bayo.token)).send({ status: 1 }).expect(404);
    await t.http().delete(`/api/v1/notifications/${mine.id}`).set(auth(bayo.token)).expect(404);
    expect(await t.db.getRepository(Notification).countBy({ id: mine.id })).toBe(1);
  });

  it('deletes own notifications and marks all read', async () => {
    const list = (await t.http().get('/api/v1/notifications').set(auth(ada.token))).body.data;
    await t.http().delete(`/api/v1/notifications/${list[0].id}`).set(auth(ada.token)).expect(200);
    expect(await t.db.getRepository(Notification).countBy({ id: list[0].id })).toBe(0);
    await t.http().post('/api/v1/notifications/read-all').set(auth(ada.token)).expect(200);
    const after = await t.http().get('/api/v1/notifications').set(auth(ada.token)).expect(200);
    expect(after.body.meta.unread).toBe(0);
    expect(after.body.data).toHaveLength(2);
  });

  it('answers the link a notification opens, and never stores one to another site', async () => {
    const notifications = t.app.get(NotificationsService);
    await notifications.notify({ userId: bayo.user.id, title: 'Invoice', link: '/invoices/7' });
    await notifications.notify({ userId: bayo.user.id, title: 'Phish', link: '//evil.example/login' });
    await notifications.notify({ userId: bayo.user.id, title: 'Phish 2', link: 'https://evil.example/' });
    const list = (await t.http().get('/api/v1/notifications').set(auth(bayo.token)).expect(200)).body.data as {
      title: string;
      link: string | null;
    }[];
    expect(Object.fromEntries(list.map((n) => [n.title, n.link]))).toEqual({
      Invoice: '/invoices/7',
      Phish: null,
      'Phish 2': null,
      // The sign-up's welcome (the listener) opens the dashboard.
      'Welcome to Jara': '/dashboard',
    });
    const stored = (await t.db.query('SELECT link FROM notifications WHERE user_id = ? AND title LIKE ? ORDER BY id', [
      bayo.user.id,
      'Phish%',
    ])) as {
      link: string | null;
    }[];
    expect(stored.map((r) => r.link)).toEqual([null, null]);
  });
});
