import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PhoneChannel, PhoneChannelMode } from '@jara/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** One message to a phone: the SMS text, or a WhatsApp template and its body parameters (and its text for the record). */
export interface PhoneMessage {
  channel: PhoneChannel;
  /** E.164, +234... */
  to: string;
  body: string;
  params: string[];
  /** WhatsApp: the approved template's name (its topic's); unset: the delivery update's. */
  template?: string | null;
}

/**
 * What a provider's answer means for the message: sent (2xx; its id), retry (no answer, a timeout or a 5xx: the
 * outcome is unknown or passing), failed (a 4xx: the provider refused it and will refuse it again).
 */
export type SendOutcome =
  { kind: 'sent'; ref: string } | { kind: 'retry'; error: string } | { kind: 'failed'; error: string };

/**
 * The two HTTP providers behind one call (docs/decisions/043): SMS through a Termii-style gateway
 * (POST {SMS_BASE_URL}/api/sms/send), WhatsApp through the Cloud API's message templates
 * (POST {WHATSAPP_BASE_URL}/{version}/{phone_number_id}/messages). A channel without keys outside production writes
 * each message to the local outbox folder ({MAIL_OUTBOX_DIR}/messages/*.json) instead; in production it is off.
 */
@Injectable()
export class MessageSenders {
  private readonly logger = new Logger('Messages');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  mode(channel: PhoneChannel): PhoneChannelMode {
    return this.config.messaging[channel].mode;
  }

  async send(message: PhoneMessage): Promise<SendOutcome> {
    const mode = this.mode(message.channel);
    if (mode === 'off') return { kind: 'failed', error: `${message.channel} is off on this server` };
    if (mode === 'outbox') return this.toOutbox(message);
    return message.channel === 'sms' ? this.sms(message) : this.whatsapp(message);
  }

  /** Termii's send: api_key in the body, the number without its +, type plain, channel generic (or dnd). */
  private sms(message: PhoneMessage): Promise<SendOutcome> {
    const sms = this.config.messaging.sms;
    return this.post(
      'SMS',
      `${sms.baseUrl}/api/sms/send`,
      {},
      {
        api_key: sms.apiKey,
        to: message.to.replace(/^\+/, ''),
        from: sms.senderId,
        sms: message.body,
        type: 'plain',
        channel: sms.channel,
      },
      (body) => (typeof body?.message_id === 'string' ? body.message_id : null),
    );
  }

  /** The Cloud API's template message: a bearer token, the template's name, language and body parameters. */
  private whatsapp(message: PhoneMessage): Promise<SendOutcome> {
    const wa = this.config.messaging.whatsapp;
    return this.post(
      'WhatsApp',
      `${wa.baseUrl}/${wa.apiVersion}/${wa.phoneNumberId}/messages`,
      { Authorization: `Bearer ${wa.token}` },
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: message.template ?? wa.templates.delivery,
          language: { code: wa.language },
          components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
        },
      },
      (body) => {
        const first = Array.isArray(body?.messages) ? (body.messages[0] as { id?: unknown } | undefined) : undefined;
        return typeof first?.id === 'string' ? first.id : null;
      },
    );
  }

  private async post(
    name: string,
    url: string,
    headers: Record<string, string>,
    payload: unknown,
    idOf: (body: Record<string, unknown> | null) => string | null,
  ): Promise<SendOutcome> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.config.messaging.timeoutMs),
      });
    } catch (error) {
      return { kind: 'retry', error: `${name} provider did not answer: ${(error as Error).message}`.slice(0, 255) };
    }
    const text = await response.text().catch(() => '');
    let body: Record<string, unknown> | null = null;
    try {
      const parsed = JSON.parse(text) as unknown;
      body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    if (response.status >= 500 || response.status === 429)
      return { kind: 'retry', error: `${name} provider answered HTTP ${response.status}` };
    if (response.status >= 400) {
      const reason = errorText(body) ?? text.slice(0, 120);
      return { kind: 'failed', error: `${name} provider refused (HTTP ${response.status}): ${reason}`.slice(0, 255) };
    }
    return { kind: 'sent', ref: (idOf(body) ?? `http-${response.status}`).slice(0, 191) };
  }

  /** Development without keys: the message as a JSON file in the outbox folder, beside the e-mails. */
  private async toOutbox(message: PhoneMessage): Promise<SendOutcome> {
    const dir = join(this.config.mail.outboxDir, 'messages');
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.channel}-${randomBytes(4).toString('hex')}.json`;
    const template =
      message.channel === 'whatsapp'
        ? { template: message.template ?? this.config.messaging.whatsapp.templates.delivery, params: message.params }
        : { from: this.config.messaging.sms.senderId };
    await writeFile(
      join(dir, name),
      JSON.stringify({ channel: message.channel, to: message.to, body: message.body, ...template }, null, 2),
    );
    this.logger.log(`Wrote a ${message.channel} message for ${message.to} to ${join(dir, name)}`);
    return { kind: 'sent', ref: `outbox:${name}` };
  }
}

function errorText(body: Record<string, unknown> | null): string | null {
  if (!body) return null;
  const error = body.error as { message?: unknown } | undefined;
  if (error && typeof error.message === 'string') return error.message.slice(0, 160);
  if (typeof body.message === 'string') return body.message.slice(0, 160);
  return null;
}
