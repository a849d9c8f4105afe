import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './test-app';

/** One e-mail of the outbox folder: its recipient, subject and decoded text (quoted-printable soft breaks undone). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every e-mail written to the outbox for `email`, oldest first. */
export function mailsTo(t: TestApp, email: string): OutboxMail[] {
  const dir = t.config.mail.outboxDir;
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const out: OutboxMail[] = [];
  for (const file of files.sort()) {
    const raw = readFileSync(join(dir, file), 'utf8');
    const to = /^To: (.+)$/im.exec(raw)?.[1]?.trim() ?? '';
    if (to.toLowerCase() !== email.toLowerCase()) continue;
    const split = raw.search(/\r?\n\r?\n/);
    const head = raw.slice(0, split);
    const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
    const body = raw.slice(split).trim();
    out.push({
      file,
      to,
      subject: /^Subject: (.+)$/im.exec(head)?.[1]?.trim() ?? '',
      text: qp ? decodeQuotedPrintable(body) : body,
    });
  }
  return out;
}

/** The token of the newest link of this kind e-mailed to `email` (confirm, pay or parcel), or null. */
export function guestToken(t: TestApp, email: string, kind: 'confirm' | 'pay' | 'parcel'): string | null {
  const mails = mailsTo(t, email).reverse();
  for (const mail of mails) {
    const match = new RegExp(`/guest/${kind}/([A-Za-z0-9_-]{43})`).exec(mail.text);
    if (match) return match[1];
  }
  return null;
}

/** Like guestToken, but a missing link is an error. */
export function mustGuestToken(t: TestApp, email: string, kind: 'confirm' | 'pay' | 'parcel'): string {
  const token = guestToken(t, email, kind);
  if (!token) throw new Error(`No ${kind} link in the outbox for ${email}`);
  return token;
}
