import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { KYC_STATUS, MSG, SUPPORT_STATUS } from '@jara/contracts';
import { E2E } from '../support/env';
import { snap } from '../support/screens';
import { choose, dismissToasts, loginAsAdmin, toast } from '../support/admin';
import { adminToken, careCustomer, openSupport, readKyc, readSupport, submitKyc } from '../support/admin-care';

// The back office's trust and care screens (issue 12, decision 014): the KYC resource (list with filters, one
// submission with both private documents fetched with the token, who viewed them, approve, reject with a reason,
// delete), the support inbox (status select, thread, reply, delete) and the header's notification bell. Submissions
// and requests are made through the real API by fresh customers.
test.use({ baseURL: E2E.admin });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`[browser] ${error.message}`));
});

const row = (scope: Page | Locator, text: string) => scope.locator('tr.ant-table-row', { hasText: text });
const tag = () => randomBytes(3).toString('hex');
const popconfirm = (page: Page) => page.locator('.ant-popconfirm:visible');

async function openSider(page: Page, label: string, heading: string) {
  await page.getByRole('menu').getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

async function search(page: Page, placeholder: string, value: string) {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(value);
  await box.press('Enter');
}

/** The document's <img> has decoded a real picture (naturalWidth > 0) from an object URL, not from an API URL. */
async function expectImageLoaded(page: Page, file: 'id_image' | 'user_image') {
  const img = page.getByTestId(`kyc-${file}`).locator('img');
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await img.getAttribute('src')).toMatch(/^blob:/);
}

test('admin reviews KYC with both documents, answers support requests and sees the bell', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await adminToken();
  const t = tag();
  const [approvee, rejectee, deletee] = await Promise.all([
    careCustomer(`Adaeze Okoro ${t}`),
    careCustomer(`Bola Ige ${t}`),
    careCustomer(`Chidi Nwosu ${t}`),
  ]);
  const approveKyc = await submitKyc(approvee, { id_number: `NIN-${t}-1` });
  const rejectKyc = await submitKyc(rejectee, { id_type: 'Passport', id_number: `A${t}2`, withPhoto: false });
  const deleteKyc = await submitKyc(deletee, { id_type: "Driver's License", id_number: `DL-${t}-3` });
  expect(approveKyc.status).toBe(KYC_STATUS.PENDING);
  // A new support request reaches the admins' bell.
  const lateParcel = await openSupport(
    approvee,
    `Late parcel ${t}`,
    `My parcel has not moved for a week.\nTracking JT-${t}.`,
  );
  const refund = await openSupport(rejectee, `Refund question ${t}`, 'How long does a wallet refund take?');
  const spam = await openSupport(deletee, `Duplicate request ${t}`, 'Sent twice by mistake.');

  // Every URL the back office asks for: none may carry the token (documents come with the Authorization header).
  const urls: string[] = [];
  page.on('request', (request) => void urls.push(request.url()));

  await loginAsAdmin(page);
  const browserToken = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(browserToken).toBeTruthy();
  await dismissToasts(page);

  // ------------------------------------------------------------------ the bell
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', /^Notifications, \d+ unread$/);
  await expect(page.getByTestId('bell-count').locator('.ant-badge-count')).toBeVisible();

  // ------------------------------------------------------------------ KYC list: filters, 10 per page
  await openSider(page, 'KYC', 'KYC submissions');
  for (const header of ['Name', 'User e-mail', 'ID type', 'ID number', 'Status', 'Submitted', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await choose(page, page, 'Filter by status', 'Pending');
  await expect(page).toHaveURL(/status/);
  await search(page, 'Search by name', t);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(3);
  await expect(row(page, approvee.name)).toContainText(approvee.email);
  await expect(row(page, approvee.name)).toContainText(`NIN-${t}-1`);
  await expect(row(page, approvee.name).getByTestId('kyc-status')).toHaveText('Pending');
  await expect(row(page, rejectee.name)).toContainText('Passport');
  // The e-mail search narrows to one.
  await search(page, 'Search by e-mail', approvee.email);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await snap(page, 'admin-kyc');
  await page.getByPlaceholder('Search by e-mail').clear();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(3);

  // ------------------------------------------------------------------ one submission: both documents, views, approve
  await row(page, approvee.name).getByRole('link', { name: approvee.name }).click();
  await expect(page.getByRole('heading', { name: `KYC: ${approvee.name}` })).toBeVisible();
  const summary = page.getByTestId('kyc-summary');
  for (const text of [
    approvee.email,
    'May 17, 1990',
    'Female',
    '14 Admiralty Way, Lekki, Lagos',
    'National ID',
    `NIN-${t}-1`,
  ]) {
    await expect(summary).toContainText(text);
  }
  await expectImageLoaded(page, 'id_image');
  await expectImageLoaded(page, 'user_image');
  // Each admin view is recorded and shown.
  const views = page.getByTestId('kyc-views');
  await expect(views).toContainText('Jara Admin opened the ID image');
  await expect(views).toContainText('Jara Admin opened the Passport photo');
  await snap(page, 'admin-kyc-show');

  await page.getByTestId('kyc-decision').getByRole('button', { name: 'Approve' }).click();
  await expect(popconfirm(page)).toContainText('Approve this KYC submission?');
  await popconfirm(page).getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, MSG.kyc.statusUpdated)).toBeVisible();
  await expect(summary.getByTestId('kyc-status')).toHaveText('Approved');
  // An approved submission may still be rejected, no longer approved.
  await expect(page.getByTestId('kyc-decision').getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByTestId('kyc-decision').getByRole('button', { name: 'Reject' })).toBeVisible();
  expect((await readKyc(admin, approveKyc.id)).body.data?.status).toBe(KYC_STATUS.APPROVED);
  await dismissToasts(page);

  // The list shows it Approved.
  await openSider(page, 'KYC', 'KYC submissions');
  await search(page, 'Search by name', approvee.name);
  await expect(row(page, approvee.name).getByTestId('kyc-status')).toHaveText('Approved');

  // ------------------------------------------------------------------ reject with a reason (no passport photo sent)
  await search(page, 'Search by name', rejectee.name);
  await row(page, rejectee.name).getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: `KYC: ${rejectee.name}` })).toBeVisible();
  await expectImageLoaded(page, 'id_image');
  await expect(page.getByTestId('kyc-user_image')).toContainText('Not provided');
  await page.getByTestId('kyc-decision').getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject the KYC submission of ${rejectee.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill('The passport photo page is cut off: please upload all of it.');
  await snap(page, 'admin-kyc-reject');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, MSG.kyc.statusUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('kyc-summary').getByTestId('kyc-status')).toHaveText('Rejected');
  await expect(page.getByTestId('kyc-reason')).toHaveText(
    'The passport photo page is cut off: please upload all of it.',
  );
  await expect(page.getByTestId('kyc-decision')).toHaveCount(0);
  const rejected = (await readKyc(admin, rejectKyc.id)).body.data;
  expect(rejected?.status).toBe(KYC_STATUS.REJECTED);
  expect(rejected?.reason).toBe('The passport photo page is cut off: please upload all of it.');
  await dismissToasts(page);

  // ------------------------------------------------------------------ delete with confirmation
  await openSider(page, 'KYC', 'KYC submissions');
  await search(page, 'Search by name', deletee.name);
  await row(page, deletee.name)
    .getByRole('button', { name: `Delete the KYC submission of ${deletee.name}` })
    .click();
  await expect(popconfirm(page)).toContainText('Delete this KYC submission?');
  await popconfirm(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, deletee.name)).toBeVisible();
  await row(page, deletee.name)
    .getByRole('button', { name: `Delete the KYC submission of ${deletee.name}` })
    .click();
  await popconfirm(page).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toast(page, MSG.kyc.deleted)).toBeVisible();
  await expect(row(page, deletee.name)).toHaveCount(0);
  expect((await readKyc(admin, deleteKyc.id)).status).toBe(404);
  await dismissToasts(page);

  // ------------------------------------------------------------------ support inbox
  await openSider(page, 'Support', 'Support inbox');
  for (const header of ['Subject', 'Name', 'E-mail', 'Status', 'Replies', 'Date', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await search(page, 'Search by subject, name or e-mail', t);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(3);
  await expect(row(page, lateParcel.subject)).toContainText(approvee.email);
  await expect(row(page, lateParcel.subject).getByTestId('support-replies')).toHaveText('0');
  await snap(page, 'admin-supports');

  // The status select of a row: Closed at once.
  await choose(page, row(page, refund.subject), `Status of "${refund.subject}"`, 'Closed');
  await expect(toast(page, MSG.support.statusUpdated)).toBeVisible();
  await expect.poll(async () => (await readSupport(admin, refund.id)).body.data?.status).toBe(SUPPORT_STATUS.CLOSED);
  await dismissToasts(page);
  // The status filter finds it among the closed ones.
  await choose(page, page, 'Filter by status', 'Closed');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row(page, refund.subject)).toBeVisible();
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Filter by status' }) }).hover();
  await page.locator('.ant-select-clear').first().click();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(3);

  // Delete with confirmation.
  await row(page, spam.subject)
    .getByRole('button', { name: `Delete the support request "${spam.subject}"` })
    .click();
  await popconfirm(page).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toast(page, MSG.support.deleted)).toBeVisible();
  await expect(row(page, spam.subject)).toHaveCount(0);
  expect((await readSupport(admin, spam.id)).status).toBe(404);
  await dismissToasts(page);

  // ------------------------------------------------------------------ the thread and a reply
  await row(page, lateParcel.subject)
    .getByRole('link', { name: `Open the thread "${lateParcel.subject}"` })
    .click();
  await expect(page.getByRole('heading', { name: lateParcel.subject })).toBeVisible();
  const thread = page.getByTestId('support-thread');
  await expect(thread.getByTestId('support-message')).toHaveCount(1);
  await expect(thread.getByTestId('support-message').first()).toContainText(approvee.name);
  await expect(thread.getByTestId('support-message').first()).toContainText('My parcel has not moved for a week.');
  await expect(page.getByTestId('support-status')).toHaveText('Open');

  // Blank is refused in the form, without a call.
  const reply = page.getByLabel('Your reply');
  await reply.fill('   ');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(MSG.support.blankReply)).toBeVisible();

  await reply.fill('Sorry for the wait! Your parcel left Guangzhou today; expect it in Lagos within 10 days.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, MSG.support.responseSent)).toBeVisible();
  await expect(thread.getByTestId('support-message')).toHaveCount(2);
  const answer = thread.getByTestId('support-message').nth(1);
  await expect(answer).toHaveAttribute('data-from', 'support');
  await expect(answer).toContainText('Jara Support · Jara Admin');
  await expect(answer).toContainText('Your parcel left Guangzhou today');
  await expect(page.getByTestId('support-status')).toHaveText('In Progress');
  await expect(reply).toHaveValue('');
  expect((await readSupport(admin, lateParcel.id)).body.data?.status).toBe(SUPPORT_STATUS.IN_PROGRESS);
  await dismissToasts(page);
  await snap(page, 'admin-support-thread');

  // The inbox counts the reply.
  await openSider(page, 'Support', 'Support inbox');
  await search(page, 'Search by subject, name or e-mail', lateParcel.subject);
  await expect(row(page, lateParcel.subject).getByTestId('support-replies')).toHaveText('1');

  // ------------------------------------------------------------------ the bell's dropdown and the notifications page
  const label = (await bell.getAttribute('aria-label')) ?? '';
  const before = Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
  expect(before).toBeGreaterThan(0);
  await bell.click();
  const dropdown = page.getByTestId('bell-dropdown');
  await expect(dropdown).toBeVisible();
  await expect(dropdown.getByTestId('bell-item').first()).toBeVisible();
  await expect(dropdown).toContainText('New support request');
  await snap(page, 'admin-bell');
  const firstUnread = dropdown.locator('[data-testid="bell-item"][data-unread="true"]').first();
  await firstUnread.getByRole('button', { name: /^Mark as read: / }).click();
  await expect(bell).toHaveAttribute(
    'aria-label',
    before - 1 === 0 ? 'Notifications, none unread' : `Notifications, ${before - 1} unread`,
  );

  await dropdown.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  await snap(page, 'admin-notifications');
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Unread', { exact: true }).click();
  await expect(page).toHaveURL(/status/);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText(MSG.notifications.empty)).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, none unread');

  expect(urls.some((url) => url.includes('/kyc/') && url.includes('/files/'))).toBe(true);
  const leaks = urls.filter((url) => url.includes(browserToken as string) || /[?&](token|access_token)=/i.test(url));
  expect(leaks, 'no request carries the token in its URL').toEqual([]);
});
