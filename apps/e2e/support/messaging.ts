/**
 * The fake SMS and WhatsApp providers the journeys' API sends to (tools/scripts/fake-messaging.mjs, started by
 * tools/scripts/e2e.mjs on port base+4): what they recorded, read through GET /__fake/messages.
 */
export const FAKE_MESSAGING = process.env.E2E_FAKE_MESSAGING_URL ?? 'http://127.0.0.1:4304';

/** An SMS as the fake Termii gateway received it (the number without its +). */
export interface RecordedSms {
  to: string;
  from: string;
  sms: string;
  message_id: string;
}

/** A WhatsApp template message as the fake Cloud API received it. */
export interface RecordedWhatsApp {
  to: string;
  template: { name: string; components: { parameters: { text: string }[] }[] };
  id: string;
}

export async function recordedMessages(): Promise<{ sms: RecordedSms[]; whatsapp: RecordedWhatsApp[] }> {
  const res = await fetch(`${FAKE_MESSAGING}/__fake/messages`);
  if (res.status !== 200) throw new Error(`The fake SMS/WhatsApp providers answered ${res.status}`);
  return (await res.json()) as { sms: RecordedSms[]; whatsapp: RecordedWhatsApp[] };
}

/** Waits (up to 10 s) for the newest message to a number (E.164) that `match` accepts, and answers it. */
export async function waitForMessage<T extends RecordedSms | RecordedWhatsApp>(
  channel: 'sms' | 'whatsapp',
  phone: string,
  match: (message: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const to = phone.replace(/^\+/, '');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await recordedMessages())[channel] as T[];
    const found = messages
      .filter((m) => m.to === to)
      .reverse()
      .find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${channel} message to ${phone} recorded by ${FAKE_MESSAGING}`);
}

/** The newest verification code sent by SMS to a number (E.164). */
export async function readSmsCode(phone: string): Promise<string> {
  const sms = await waitForMessage<RecordedSms>('sms', phone, (m) => /code is \d{6}/.test(m.sms));
  return /code is (\d{6})/.exec(sms.sms)?.[1] ?? '';
}
