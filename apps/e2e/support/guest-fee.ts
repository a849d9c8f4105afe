import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from './env';

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest e-mail to `email` whose subject starts with `subject`: its decoded text, or null. */
function latestMail(email: string, subject: string): { subject: string; text: string } | null {
  let files: string[] = [];
  try {
    files = readdirSync(E2E.outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return null;
  }
  for (const file of files) {
    const raw = readFileSync(join(E2E.outbox, file), 'utf8');
    const split = raw.search(/\r?\n\r?\n/);
    const head = raw.slice(0, split);
    if ((/^To: (.+)$/im.exec(head)?.[1] ?? '').trim().toLowerCase() !== email.toLowerCase()) continue;
    const found = (/^Subject: (.+)$/im.exec(head)?.[1] ?? '').trim();
    if (!found.startsWith(subject)) continue;
    const body = raw.slice(split).trim();
    return {
      subject: found,
      text: /Content-Transfer-Encoding: quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body,
    };
  }
  return null;
}

/** Waits (up to 10 s) for the newest e-mail of this subject to `email` and answers its subject and the link path in it. */
export async function readGuestLink(
  email: string,
  subject: string,
  kind: 'confirm' | 'pay' | 'parcel',
  timeoutMs = 10_000,
): Promise<{ subject: string; path: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = latestMail(email, subject);
    const match = mail ? new RegExp(`https?://[^\\s/]+(/guest/${kind}/[A-Za-z0-9_-]{43})`).exec(mail.text) : null;
    if (mail && match) return { subject: mail.subject, path: match[1] };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No "${subject}" e-mail with a ${kind} link for ${email} in ${E2E.outbox}`);
}
