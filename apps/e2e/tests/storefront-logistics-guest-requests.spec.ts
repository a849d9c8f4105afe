import { expect, test } from '@playwright/test';
import { MSG, type Delivery, type ListResponse, type Warehouse } from '@jara/contracts';
import { api, apiLogin, createVerifiedUser } from '../support/env';
import { expectAccessible } from '../support/screens';
import { login } from '../support/storefront';

// Issue 21, defect 6 (decision 025): a guest's shipping request made with an e-mail joins that account only when the
// holder accepts it on the tracker; a declined one is never offered again. Nothing is invoiced by accepting.

async function guestRequest(email: string, externalNo: string): Promise<string> {
  const warehouses = await api<ListResponse<Warehouse>>('/warehouses?per_page=100');
  const air = warehouses.body.data.find((w) => w.type === 'air_cargo');
  if (!air) throw new Error('no air cargo warehouse in the demo data');
  const res = await api<{ data: { tracking_no: string } }>('/guest/trackings', {
    body: {
      name: 'Guest Sender',
      phone: '0803 000 4242',
      email,
      external_no: externalNo,
      warehouse_id: air.id,
      type: 'foreign',
      shipping_type: 'air_cargo',
    },
  });
  expect(res.status, 'guest request').toBe(201);
  return res.body.data.tracking_no;
}

test('a guest request made with my e-mail is offered on the tracker: I accept one and decline the other', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser('guestclaim');
  const mine = await guestRequest(user.email, 'GUEST-MINE');
  const notMine = await guestRequest(user.email, 'GUEST-NOT-MINE');
  const token = await apiLogin(user.email, user.password);
  // Signing up attached nothing.
  const before = await api<ListResponse<Delivery>>('/trackings', { token });
  expect(before.body.data.map((d) => d.tracking_no)).toEqual([]);

  await login(page, user.email, user.password);
  await page.goto('/account-tracker');
  const offered = page.getByTestId('offered-requests');
  await expect(offered.getByRole('heading', { name: MSG.deliveries.unclaimedTitle })).toBeVisible();
  await expect(offered.getByTestId('offered-request')).toHaveCount(2);
  await expectAccessible(page, 'tracker with offered requests');

  await offered.getByRole('button', { name: `${MSG.deliveries.claimAccept} ${mine}` }).click();
  await expect(offered.getByRole('status')).toHaveText(MSG.deliveries.claimAccepted);
  await expect(offered.getByTestId('offered-request')).toHaveCount(1);
  await offered.getByRole('button', { name: `${MSG.deliveries.claimDecline} ${notMine}` }).click();
  await expect(offered.getByRole('status')).toHaveText(MSG.deliveries.claimDeclined);
  await expect(offered.getByTestId('offered-request')).toHaveCount(0);
  await expect(offered.getByText(MSG.deliveries.unclaimedEmpty)).toBeVisible();
  await expectAccessible(page, 'tracker after accepting and declining');

  // The accepted one is mine, with no invoice; the declined one is nobody's and is not offered again.
  const after = await api<ListResponse<Delivery>>('/trackings', { token });
  expect(after.body.data.map((d) => d.tracking_no)).toEqual([mine]);
  expect(after.body.data[0].invoice).toBeNull();
  await page.reload();
  await expect(page.getByTestId('offered-requests')).toHaveCount(0);
});
