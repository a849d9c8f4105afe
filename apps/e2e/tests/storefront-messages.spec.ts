import { expect, test, type Page } from '@playwright/test';
import { formatNigerianPhone, MESSAGING_MSG, MSG } from '@jara/contracts';
import { requestDelivery } from '../support/admin-deliveries';
import { namedCustomer } from '../support/care';
import { readSmsCode, waitForMessage, type RecordedSms, type RecordedWhatsApp } from '../support/messaging';
import { snap } from '../support/screens';
import { expectToast, login } from '../support/storefront';

/**
 * Issue 26: a customer verifies a mobile number by an SMS code and chooses where status updates go. The journeys'
 * API sends SMS and WhatsApp to the local fake providers (tools/scripts/e2e.mjs), whose recorded messages hold the
 * code and, once the channels are chosen, the customer's delivery update.
 */
function fieldError(page: Page, name: string) {
  return page.locator(`#field-${name}-error`);
}

test('Settings: verify a mobile number by SMS code, choose SMS and WhatsApp, and the next update arrives by both', async ({
  page,
}) => {
  const customer = await namedCustomer('messages', 'Ngozi Okafor');
  const phone = `+234803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await login(page, customer.email, customer.password);

  await page.goto('/settings/account');
  await page.getByRole('link', { name: new RegExp(MESSAGING_MSG.sectionTitle) }).click();
  await expect(page).toHaveURL(/\/settings\/messages$/);
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Account Settings', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: MESSAGING_MSG.sectionTitle })).toBeVisible();
  // Without a verified number SMS and WhatsApp cannot be chosen, and say why.
  await expect(page.getByLabel('SMS', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('WhatsApp', { exact: true })).toBeDisabled();
  await expect(page.locator('#channel-sms-note')).toHaveText(MESSAGING_MSG.needsVerifiedPhone);
  await snap(page, 'messages-settings-empty');

  // A number that is not Nigerian's mobile is refused under the field.
  await page.getByLabel(MESSAGING_MSG.phoneLabel).fill('call me');
  await page.getByRole('button', { name: MESSAGING_MSG.sendCode }).click();
  await expect(fieldError(page, 'phone')).toHaveText(MESSAGING_MSG.phoneInvalid);

  // The number as people type it; the code goes by SMS.
  await page
    .getByLabel(MESSAGING_MSG.phoneLabel)
    .fill(`0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`);
  await page.getByRole('button', { name: MESSAGING_MSG.sendCode }).click();
  await expectToast(page, MESSAGING_MSG.codeSent(phone));
  await expect(page.getByText(MESSAGING_MSG.codeHint(formatNigerianPhone(phone)))).toBeVisible();
  const code = await readSmsCode(phone);
  await page.getByLabel(MESSAGING_MSG.codeLabel, { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: MESSAGING_MSG.verify }).click();
  await expect(fieldError(page, 'code')).toHaveText(MESSAGING_MSG.codeWrong);
  await snap(page, 'messages-settings-code');
  await page.getByLabel(MESSAGING_MSG.codeLabel, { exact: true }).fill(code);
  await page.getByRole('button', { name: MESSAGING_MSG.verify }).click();
  await expectToast(page, MESSAGING_MSG.phoneVerified);
  await expect(page.getByTestId('verified-phone')).toContainText(MESSAGING_MSG.verifiedAs(formatNigerianPhone(phone)));

  // SMS and WhatsApp on, the bell off; saved and shown again after a reload.
  const sms = page.getByLabel('SMS', { exact: true });
  const whatsapp = page.getByLabel('WhatsApp', { exact: true });
  await expect(sms).toBeEnabled();
  // The providers are configured (live): no note under the channel.
  await expect(page.locator('#channel-sms-note')).toHaveCount(0);
  await sms.check();
  await whatsapp.check();
  await page.getByLabel('In-app notifications', { exact: true }).uncheck();
  await page.getByRole('button', { name: MESSAGING_MSG.save }).click();
  await expectToast(page, MESSAGING_MSG.channelsSaved);
  await page.reload();
  await expect(sms).toBeChecked();
  await expect(whatsapp).toBeChecked();
  await expect(page.getByLabel('In-app notifications', { exact: true })).not.toBeChecked();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeChecked();
  await snap(page, 'messages-settings');

  // The next update (a delivery requested) reaches the verified number by SMS and by WhatsApp's delivery template.
  const parcel = await requestDelivery(customer.token, 'air_cargo');
  const text = `${MESSAGING_MSG.smsPrefix}${MSG.deliveries.createdText(parcel.tracking_no)}`;
  const update = await waitForMessage<RecordedSms>('sms', phone, (m) => m.sms.includes(parcel.tracking_no));
  expect(update.sms).toBe(text);
  const wa = await waitForMessage<RecordedWhatsApp>('whatsapp', phone, (m) =>
    m.template.components[0].parameters.some((p) => p.text === parcel.tracking_no),
  );
  expect(wa.template.name).toBe('delivery_status_update');
});
