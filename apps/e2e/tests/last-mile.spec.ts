import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { DELIVERY_STATUS, RIDER_MSG, type ProblemCategorySummary, type ProblemRow } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser, DEMO, E2E } from '../support/env';
import { snap } from '../support/screens';
import { adminLogin, dismissToasts } from '../support/admin';
import { login } from '../support/storefront';
import { moveDelivery } from '../support/deliveries';
import { createTitle, namedCustomer, proceedOnto, requestDelivery } from '../support/admin-deliveries';

// Issue 26: a rider records a proof of delivery on their phone page and the customer sees it on their timeline;
// the back office's problem queue shows a stalled parcel and who acted on it.

const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const tag = () => randomBytes(3).toString('hex');

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

/** Draws a scribble on the signature canvas with the mouse. */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * 18, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

test("a rider's proof of delivery is seen on the customer's timeline", async ({ browser }) => {
  test.setTimeout(240_000);
  const t = tag();
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const customer = await namedCustomer(`Amaka Eze ${t}`);
  const customerEmail = (await api<{ data: { email: string } }>('/user', { token: customer.token })).body.data.email;
  // A rider: a verified account the admin gives the rider role.
  const rider = await createVerifiedUser('rider');
  const riderId = (await api<{ user: { id: number } }>('/auth/login', { body: rider })).body.user.id;
  expect(
    (await api(`/users/${riderId}`, { method: 'PUT', token: admin, body: { role: 'rider', name: `Tunde Rider ${t}` } }))
      .status,
  ).toBe(200);

  // The parcel, declared and on its way, arrives and is given to the rider.
  const request = await requestDelivery(customer.token, 'air_cargo', `EXT-${t.toUpperCase()}`);
  await api(`/trackings/${request.id}/contents`, {
    method: 'PUT',
    token: customer.token,
    body: { contents: [{ description: 'Ankara fabric', quantity: 4, value: '30.00', category: 'clothing' }] },
  });
  const title = await createTitle(admin, `E2E Flight ${t}`, 'air_cargo');
  await moveDelivery(admin, request.id, DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE);
  await proceedOnto(admin, request.id, title, {});
  await moveDelivery(admin, request.id, DELIVERY_STATUS.READY_FOR_SHIPPING);
  await moveDelivery(admin, request.id, DELIVERY_STATUS.SHIPPED);
  await moveDelivery(admin, request.id, DELIVERY_STATUS.ARRIVED_DESTINATION);
  const assigned = await api(`/trackings/${request.id}/rider`, {
    method: 'PUT',
    token: admin,
    body: { rider_id: riderId },
  });
  expect(assigned.status).toBe(200);

  // The rider's phone page.
  const riderContext = await browser.newContext({ baseURL: E2E.admin, viewport: { width: 390, height: 844 } });
  const riderPage = await riderContext.newPage();
  await adminLogin(riderPage, rider.email, rider.password);
  await expect(riderPage.getByRole('heading', { name: 'My deliveries' })).toBeVisible();
  const card = riderPage.getByTestId('rider-parcel').filter({ hasText: request.tracking_no });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1 declared line');
  await dismissToasts(riderPage);
  await snap(riderPage, 'rider-list');
  await card.getByRole('button', { name: 'Delivered' }).click();
  await card.getByLabel("Recipient's name").fill('Amaka Eze');
  await card
    .getByLabel('Photo of the parcel at the door')
    .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: PHOTO });
  await riderPage.setViewportSize({ width: 390, height: 844 });
  await sign(riderPage);
  await card.getByRole('button', { name: 'Save delivery' }).click();
  await expect(riderPage.getByText(RIDER_MSG.delivered)).toBeVisible();
  await expect(riderPage.getByRole('heading', { name: 'Done today' })).toBeVisible();
  await expect(
    riderPage
      .getByTestId('rider-parcel')
      .filter({ hasText: request.tracking_no })
      .getByText('Delivered', { exact: true }),
  ).toBeVisible();
  // The rider sees nothing else of the back office.
  await riderPage.goto('/invoices');
  await expect(riderPage.getByText('403')).toBeVisible();
  await riderContext.close();

  // The customer's timeline on the storefront.
  const context = await browser.newContext({ baseURL: E2E.storefront });
  const page = await context.newPage();
  await login(page, customerEmail, 'secret123');
  await page.goto(`/account-tracker?no=${request.tracking_no}`);
  const proof = page.getByTestId('proof-of-delivery');
  await expect(proof).toContainText('Delivered to Amaka Eze');
  for (const alt of ['Photo of the delivered parcel', "The recipient's signature"]) {
    const img = proof.getByRole('img', { name: alt });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await expect(page.getByTestId('timeline')).toContainText('Completed Transaction');
  await snap(page, 'storefront-proof-of-delivery');
  await context.close();
});

test('the problem queue shows a stalled parcel and who acted on it', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: E2E.admin });
  const page = await context.newPage();
  const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
  const categories = (await api<{ data: ProblemCategorySummary[] }>('/problems/categories', { token: admin })).body
    .data;
  const stalled = categories.find((c) => c.key.startsWith('stalled_') && c.count > 0);
  if (!stalled) throw new Error(`no stalled parcel in the seeded data: ${JSON.stringify(categories)}`);
  const rows = (await api<{ data: ProblemRow[] }>(`/problems?category=${stalled.key}&per_page=5`, { token: admin }))
    .body.data;
  const first = rows[0];

  await adminLogin(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByRole('link', { name: 'Manage Users' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/problems');
  await expect(page.getByRole('heading', { name: 'Problem queue' })).toBeVisible();
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Category' }) }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: stalled.label }).click();
  const row = page.locator('tr.ant-table-row', { hasText: first.delivery.tracking_no });
  await expect(row).toBeVisible();
  await expect(row).toContainText(first.detail);
  await expect(page.getByText(stalled.action)).toBeVisible();
  await snap(page, 'admin-problem-queue');

  await row.getByRole('button', { name: `Record action for ${first.delivery.tracking_no}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Action' }) }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Contacted the customer' })
    .click();
  await dialog.getByLabel('Note').fill('Called, parcel collected on Monday');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Action recorded.')).toBeVisible();
  await expect(row.getByTestId('problem-last-action')).toContainText(`Contacted the customer · ${DEMO.admin.name}`);
  await dismissToasts(page);
  await snap(page, 'admin-problem-queue-acted');
  await context.close();
});
