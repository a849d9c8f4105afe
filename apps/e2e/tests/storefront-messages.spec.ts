import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatNigerianPhone, MESSAGING_MSG } from '@jara/contracts';
import { namedCustomer } from '../support/care';
import { E2E } from '../support/env';
import { snap } from '../support/screens';
import { expectToast, login } from '../support/storefront';

/**
 * Issue 26: a customer verifies a mobile number by an SMS code and chooses where delivery updates go. The journeys'
 * API has no SMS or WhatsApp keys (development): each message is written to the outbox folder, where the code is read.
 */
function fieldError(page: Page, name: string) {
  return page.locator(`#field-${name}-error`);
}

/** The newest code sent by SMS to a number (E.164), read from {outbox}/messages/*.json. */
async function readSmsCode(phone: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(E2E.outbox, 'messages');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const message = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        channel: string;
        to: string;
        body: string;
      };
      const code = message.channel === 'sms' && message.to === phone ? /code is (\d{6})/.exec(message.body)?.[1] : null;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No SMS code for ${phone} in ${dir}`);
}

test('Settings: verify a mobile number by SMS code and choose SMS and WhatsApp for delivery updates', async ({
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
  await expect(page.locator('#channel-sms-note')).toHaveText(MESSAGING_MSG.outboxMode('SMS'));
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
});
