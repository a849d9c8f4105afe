import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, LessThanOrEqual } from 'typeorm';
import {
  deliveryStatusDetailLabel,
  formatDollars,
  formatNaira,
  MESSAGE_CHANNEL_LABELS,
  MESSAGING_MSG,
  MSG,
  orderStatusLabel,
  type MessageSettings,
  type MessageTopic,
  type PhoneChannel,
} from '@jara/contracts';
import type { MessageChannelsDto } from '@jara/dto';
import { invalid, TooManyAttemptsError, UnavailableError, UpstreamError } from '../../common/errors';
import type {
  DeliveryChangedEvent,
  InvoiceIssuedEvent,
  InvoicePaidEvent,
  OrderStatusChangedEvent,
} from '../../common/events';
import { runExclusive } from '../../common/rate-limit/job-lock';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { isUniqueViolation } from '../../database/transaction';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { MessageSenders, type PhoneMessage } from './message-senders';
import { MessageSettingsRow } from './message-settings.entity';
import { OutboundMessage } from './outbound-message.entity';

const PHONE_CHANNELS: PhoneChannel[] = ['sms', 'whatsapp'];
/** How long one send holds a message; a sender that dies lets it go after this. */
const CLAIM_MS = 60_000;
/** The wait before the n-th retry of a message the provider did not take: 30 s, 1 min, 2 min ... at most an hour. */
export const messageBackoffMs = (attempts: number) => Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
const BATCH = 100;
const LAGOS_OFFSET_MS = 3600_000;

/** The Lagos calendar day (UTC+1, no daylight saving) of a moment, and the moment it began. */
export function lagosDay(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The settings columns of a channel's daily count (decision 048). */
function slotColumns(channel: PhoneChannel): ['sms_day', 'sms_sent'] | ['whatsapp_day', 'whatsapp_sent'] {
  return channel === 'sms' ? ['sms_day', 'sms_sent'] : ['whatsapp_day', 'whatsapp_sent'];
}

/** An invoice's amount as its notification shows it. */
function invoiceAmount(event: InvoiceIssuedEvent): string {
  return event.currency === 'NGN' ? formatNaira(event.amountMinor) : formatDollars(event.amountMinor);
}

/**
 * Messages where Nigerians read them (issue 26, docs/decisions/043-sms-and-whatsapp.md and 048): a user's verified
 * phone and channels, and status updates (deliveries, orders, invoices) by SMS and WhatsApp. Each update is one outbound_messages row per event,
 * channel and user (a unique key: a replayed event or a second worker adds nothing), sent by claiming the row, marked
 * after the provider's answer, retried with a backoff when the provider did not answer or answered 5xx, recorded as
 * failed on a 4xx, and skipped as capped beyond the daily cap.
 */
@Injectable()
export class MessagingService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Messages');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RATE_LIMIT_STORE) private readonly shared: RateLimitStore,
    private readonly senders: MessageSenders,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    const every = this.config.messaging.intervalMs;
    if (every <= 0) return;
    this.timer = setInterval(() => {
      runExclusive(this.shared, 'messages', Math.max(every, CLAIM_MS), () => this.deliverDue()).catch((error: Error) =>
        this.logger.error(`Sending due messages failed: ${error.message}`),
      );
    }, every);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private get settingsRepo() {
    return this.db.getRepository(MessageSettingsRow);
  }
  private get messages() {
    return this.db.getRepository(OutboundMessage);
  }

  // ------------------------------------------------------------------------------------------------------------
  // Settings: the number and the channels
  // ------------------------------------------------------------------------------------------------------------

  async settingsFor(userId: number): Promise<MessageSettings> {
    const [row, user] = await Promise.all([
      this.settingsRepo.findOneBy({ user_id: userId }),
      this.users.findById(userId),
    ]);
    return {
      phone: row?.phone ?? null,
      phone_verified_at: row?.phone_verified_at ? new Date(row.phone_verified_at).toISOString() : null,
      pending_phone: row?.pending_phone ?? null,
      code_expires_at: row?.pending_phone && row.code_expires_at ? new Date(row.code_expires_at).toISOString() : null,
      channels: {
        email: (user?.email_updates ?? 1) !== 0,
        in_app: (row?.in_app ?? 1) !== 0,
        sms: row?.sms === 1,
        whatsapp: row?.whatsapp === 1,
      },
      modes: { sms: this.senders.mode('sms'), whatsapp: this.senders.mode('whatsapp') },
    };
  }

  /** Whether delivery updates go to the user's notification bell (the default, until they turn it off). */
  async inAppUpdates(userId: number): Promise<boolean> {
    const row = await this.settingsRepo.findOne({ where: { user_id: userId }, select: ['id', 'in_app'] });
    return (row?.in_app ?? 1) !== 0;
  }

  async setChannels(user: User, dto: MessageChannelsDto): Promise<MessageSettings> {
    const row = await this.rowFor(user.id);
    for (const channel of PHONE_CHANNELS) {
      if (dto[channel] !== true) continue;
      if (this.senders.mode(channel) === 'off')
        throw invalid(channel, MESSAGING_MSG.channelOff(MESSAGE_CHANNEL_LABELS[channel]));
      if (!row.phone) throw invalid(channel, MESSAGING_MSG.needsVerifiedPhone);
    }
    const set: Partial<MessageSettingsRow> = {};
    if (dto.in_app !== undefined) set.in_app = dto.in_app ? 1 : 0;
    if (dto.sms !== undefined) set.sms = dto.sms ? 1 : 0;
    if (dto.whatsapp !== undefined) set.whatsapp = dto.whatsapp ? 1 : 0;
    if (Object.keys(set).length) await this.settingsRepo.update({ id: row.id }, set);
    if (dto.email !== undefined) await this.users.setEmailUpdates(user, dto.email);
    return this.settingsFor(user.id);
  }

  /**
   * Sends a 6-digit code by SMS to the number (normalised by the DTO). At most one code per PHONE_CODE_RESEND_SECONDS
   * and PHONE_CODES_PER_DAY a Lagos day (a conditional UPDATE, so two requests at once send one); a number verified
   * on another account is refused. The code is kept as an HMAC only.
   */
  async startVerification(user: User, phone: string): Promise<MessageSettings> {
    if (this.senders.mode('sms') === 'off') throw new UnavailableError(MESSAGING_MSG.channelOff('SMS'));
    const row = await this.rowFor(user.id);
    if (row.phone === phone) throw invalid('phone', MESSAGING_MSG.phoneAlreadyVerified);
    const owner = await this.settingsRepo.findOne({ where: { phone }, select: ['id', 'user_id'] });
    if (owner && owner.user_id !== user.id) throw invalid('phone', MESSAGING_MSG.phoneTaken);

    const now = new Date();
    const today = lagosDay(now);
    const { ttlMinutes, resendSeconds, perDay } = this.config.messaging.code;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const sentToday = row.codes_day === today ? row.codes_sent : 0;
    const taken = await this.db
      .createQueryBuilder()
      .update(MessageSettingsRow)
      .set({
        pending_phone: phone,
        code_hash: this.hashCode(user.id, phone, code),
        code_expires_at: new Date(now.getTime() + ttlMinutes * 60_000),
        code_attempts: 0,
        code_sent_at: now,
        codes_day: today,
        codes_sent: sentToday + 1,
      })
      .where('id = :id AND codes_sent = :count', { id: row.id, count: row.codes_sent })
      .andWhere('(code_sent_at IS NULL OR code_sent_at <= :cutoff)', {
        cutoff: new Date(now.getTime() - resendSeconds * 1000),
      })
      .andWhere('(codes_day IS NULL OR codes_day <> :today OR codes_sent < :perDay)', { today, perDay })
      .execute();
    if (taken.affected !== 1) {
      if (row.codes_day === today && row.codes_sent >= perDay)
        throw new TooManyAttemptsError(MESSAGING_MSG.codeDailyLimit);
      const wait = row.code_sent_at ? new Date(row.code_sent_at).getTime() + resendSeconds * 1000 - now.getTime() : 0;
      throw new TooManyAttemptsError(MESSAGING_MSG.codeTooSoon, Math.max(1000, wait));
    }
    if (this.config.mail.logCodes) this.logger.log(`Phone verification code for ${phone}: ${code}`);
    const outcome = await this.senders.send({
      channel: 'sms',
      to: phone,
      body: MESSAGING_MSG.codeSms(code, ttlMinutes),
      params: [],
    });
    if (outcome.kind !== 'sent') {
      this.logger.warn(`The code SMS to user ${user.id} was not sent: ${outcome.error}`);
      // The code never arrived: it is not counted, and another may be asked at once.
      await this.settingsRepo.update(
        { id: row.id },
        { code_hash: null, code_sent_at: row.code_sent_at, codes_day: today, codes_sent: sentToday },
      );
      throw new UpstreamError(MESSAGING_MSG.codeSendFailed);
    }
    return this.settingsFor(user.id);
  }

  /** The code for the pending number: right, it becomes the verified number; wrong, expired or spent: a 422. */
  async verify(user: User, code: string): Promise<MessageSettings> {
    const row = await this.rowFor(user.id);
    const max = this.config.messaging.code.maxAttempts;
    if (!row.pending_phone || !row.code_hash) throw invalid('code', MESSAGING_MSG.codeNone);
    if (row.code_attempts >= max) throw invalid('code', MESSAGING_MSG.codeTooManyAttempts);
    if (!row.code_expires_at || new Date(row.code_expires_at).getTime() < Date.now())
      throw invalid('code', MESSAGING_MSG.codeExpired);
    if (!sameHash(row.code_hash, this.hashCode(user.id, row.pending_phone, code))) {
      await this.settingsRepo.increment({ id: row.id }, 'code_attempts', 1);
      throw invalid('code', row.code_attempts + 1 >= max ? MESSAGING_MSG.codeTooManyAttempts : MESSAGING_MSG.codeWrong);
    }
    try {
      const done = await this.db
        .createQueryBuilder()
        .update(MessageSettingsRow)
        .set({
          phone: row.pending_phone,
          phone_verified_at: new Date(),
          pending_phone: null,
          code_hash: null,
          code_expires_at: null,
          code_attempts: 0,
        })
        .where('id = :id AND code_hash = :hash AND code_attempts < :max', { id: row.id, hash: row.code_hash, max })
        .execute();
      if (done.affected !== 1) throw invalid('code', MESSAGING_MSG.codeNone);
    } catch (error) {
      // Another account verified the number in between: a number belongs to one account.
      if (isUniqueViolation(error)) throw invalid('phone', MESSAGING_MSG.phoneTaken);
      throw error;
    }
    return this.settingsFor(user.id);
  }

  /** Forgets the number (verified and pending); SMS and WhatsApp updates stop. */
  async removePhone(user: User): Promise<MessageSettings> {
    const row = await this.rowFor(user.id);
    await this.settingsRepo.update(
      { id: row.id },
      {
        phone: null,
        phone_verified_at: null,
        pending_phone: null,
        code_hash: null,
        code_expires_at: null,
        code_attempts: 0,
        sms: 0,
        whatsapp: 0,
      },
    );
    return this.settingsFor(user.id);
  }

  /** A deleted user's number goes; messages not yet sent will not be. */
  async forgetUser(userId: number): Promise<void> {
    await this.settingsRepo.delete({ user_id: userId });
    await this.messages.update(
      { user_id: userId, status: 'pending' },
      { status: 'failed', last_error: 'The account was deleted', claimed_until: null },
    );
  }

  // ------------------------------------------------------------------------------------------------------------
  // Status updates: deliveries, orders, invoices
  // ------------------------------------------------------------------------------------------------------------

  /** The SMS and WhatsApp twins of a delivery's notification (its request or a move). */
  async onDeliveryChanged(event: DeliveryChangedEvent, outboxId: number | null): Promise<void> {
    const status = event.from === null ? null : deliveryStatusDetailLabel(event.to);
    await this.update({
      userId: event.userId,
      topic: 'delivery',
      key: outboxId ? `outbox:${outboxId}` : `delivery:${event.deliveryId}:${event.from ?? 'new'}:${event.to}`,
      text: status
        ? MSG.deliveries.changedText(event.trackingNo, status)
        : MSG.deliveries.createdText(event.trackingNo),
      params: [event.trackingNo, status ?? MSG.deliveries.changedTitle],
    });
  }

  /** The buyer's order moved (the in-app text of the notifications listener; a vendor's credit stays in-app). */
  async onOrderStatusChanged(event: OrderStatusChangedEvent, outboxId: number | null): Promise<void> {
    const label = event.returnRequested ? MSG.orders.returnRequested : orderStatusLabel(event.to);
    await this.update({
      userId: event.userId,
      topic: 'order',
      key: outboxId ? `outbox:${outboxId}` : `order:${event.orderId}:${event.from ?? 'new'}:${event.to}`,
      text: event.returnRequested
        ? `${MSG.orders.returnRequested} (${event.orderNo})`
        : MSG.orders.changedText(event.orderNo, label),
      params: [event.orderNo, label],
    });
  }

  /**
   * An invoice raised for the user to pay (a cargo fee, a manual charge). An order's invoice comes with the order
   * and is paid at checkout: it is not announced (as its e-mail); a guest's fee has no account.
   */
  async onInvoiceIssued(event: InvoiceIssuedEvent, outboxId: number | null): Promise<void> {
    if (event.userId === null || event.type === 'order') return;
    const amount = invoiceAmount(event);
    await this.update({
      userId: event.userId,
      topic: 'invoice_issued',
      key: outboxId ? `outbox:${outboxId}` : `invoice:${event.invoiceId}:issued`,
      text: MSG.money.invoiceIssued(event.reference, amount, event.description),
      params: [event.reference, amount],
    });
  }

  /** An invoice of the user's was paid (wallet, card or transfer). */
  async onInvoicePaid(event: InvoicePaidEvent, outboxId: number | null): Promise<void> {
    if (event.userId === null) return;
    const amount = invoiceAmount(event);
    await this.update({
      userId: event.userId,
      topic: 'invoice_paid',
      key: outboxId ? `outbox:${outboxId}` : `invoice:${event.invoiceId}:paid`,
      text: MSG.money.invoicePaid(event.reference, amount),
      params: [event.reference, amount],
    });
  }

  /**
   * One update to the user's chosen phone channels: one row per channel, keyed by the outbox event (the same event
   * delivered again writes nothing), then sent at once. A send that must be retried stays pending for the worker;
   * the listener itself does not fail for it (the message row is the promise to send).
   */
  private async update(input: {
    userId: number;
    topic: MessageTopic;
    key: string;
    text: string;
    params: string[];
  }): Promise<void> {
    const settings = await this.settingsRepo.findOneBy({ user_id: input.userId });
    if (!settings?.phone || (settings.sms !== 1 && settings.whatsapp !== 1)) return;
    const ids: number[] = [];
    for (const channel of PHONE_CHANNELS) {
      if (settings[channel] !== 1) continue;
      const id = await this.record({
        userId: input.userId,
        channel,
        key: input.key,
        to: settings.phone,
        body: `${MESSAGING_MSG.smsPrefix}${input.text}`.slice(0, 480),
        template: channel === 'whatsapp' ? this.config.messaging.whatsapp.templates[input.topic] : null,
        params: input.params,
      });
      if (id) ids.push(id);
    }
    await this.deliver(ids);
  }

  /**
   * Writes the message row once: pending, or capped beyond the channel's daily cap, or off when the channel is off
   * here (recorded, never a silent drop). Answers its id, or null when this event's row already exists.
   *
   * The cap is exact however many events arrive at once, on any number of instances (decision 048): a pending row
   * first claims a slot of the user's day with one conditional UPDATE of their settings row (`<channel>_sent < cap`,
   * atomic on SQLite and MariaDB), and a row that lost the race to the unique key gives its slot back.
   */
  private async record(input: {
    userId: number;
    channel: PhoneChannel;
    key: string;
    to: string;
    body: string;
    template: string | null;
    params: string[];
  }): Promise<number | null> {
    const now = new Date();
    const day = lagosDay(now);
    const cap = this.config.messaging[input.channel].dailyCap;
    const off = this.senders.mode(input.channel) === 'off';
    const event = { event_key: input.key, channel: input.channel, user_id: input.userId };
    // A replayed event claims no slot (the unique key below still decides between two at once).
    if (await this.messages.exists({ where: event })) return null;
    const slot = !off && (await this.takeSlot(input.userId, input.channel, day, cap));
    const status = off ? 'off' : slot ? 'pending' : ('capped' as const);
    const row = this.messages.create({
      ...event,
      to_phone: input.to,
      body: input.body,
      template: input.channel === 'whatsapp' ? input.template : null,
      params: input.channel === 'whatsapp' ? JSON.stringify(input.params) : null,
      status,
      attempts: 0,
      available_at: now,
      claimed_until: null,
      sent_at: null,
      provider_ref: null,
      last_error: status === 'capped' ? `Daily cap of ${cap} reached` : status === 'off' ? 'Channel off' : null,
    });
    try {
      await this.messages.insert(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (slot) await this.releaseSlot(input.userId, input.channel, day);
      return null;
    }
    return status === 'pending' ? row.id : null;
  }

  /**
   * Claims one of the channel's messages of the user's Lagos day: one conditional UPDATE, so of N events at once
   * exactly the cap get a slot. The count column is set before the day column (MariaDB assigns left to right, each
   * assignment seeing the ones before; SQLite reads the old row: both start a new day at 1).
   */
  private async takeSlot(userId: number, channel: PhoneChannel, day: string, cap: number): Promise<boolean> {
    if (cap <= 0) return false;
    const [dayColumn, sentColumn] = slotColumns(channel);
    const done = await this.db
      .createQueryBuilder()
      .update(MessageSettingsRow)
      .set({
        [sentColumn]: () => `CASE WHEN ${dayColumn} = :day THEN ${sentColumn} + 1 ELSE 1 END`,
        [dayColumn]: day,
      })
      .where('user_id = :userId', { userId })
      .andWhere(`(${dayColumn} IS NULL OR ${dayColumn} <> :day OR ${sentColumn} < :cap)`, { cap })
      .setParameter('day', day)
      .execute();
    return done.affected === 1;
  }

  /** Gives a slot back to the day it was taken on (a message that lost its race, or one that failed for good). */
  private async releaseSlot(userId: number, channel: PhoneChannel, day: string): Promise<void> {
    const [dayColumn, sentColumn] = slotColumns(channel);
    await this.db
      .createQueryBuilder()
      .update(MessageSettingsRow)
      .set({ [sentColumn]: () => `${sentColumn} - 1` })
      .where(`user_id = :userId AND ${dayColumn} = :day AND ${sentColumn} > 0`, { userId, day })
      .execute();
  }

  /** Sends these messages now (each one that is pending, due and not held). */
  async deliver(ids: number[], now = new Date()): Promise<void> {
    for (const id of ids) await this.sendOne(id, now);
  }

  /** Every message due (pending, its backoff passed, not held), oldest first; answers how many were sent. */
  async deliverDue(now = new Date()): Promise<number> {
    let sent = 0;
    let after = 0;
    for (;;) {
      const due = await this.messages.find({
        select: ['id'],
        where: { status: 'pending', available_at: LessThanOrEqual(now) },
        order: { id: 'ASC' },
        take: BATCH,
      });
      const ids = due.map((d) => d.id).filter((id) => id > after);
      if (!ids.length) return sent;
      for (const id of ids) if (await this.sendOne(id, now)) sent++;
      after = ids[ids.length - 1];
      if (due.length < BATCH) return sent;
    }
  }

  /**
   * Claims the message (a conditional UPDATE: pending, due, not held), asks the provider, and records its answer:
   * sent (with the provider's id), failed (a 4xx, or the last try), or pending again after a backoff.
   */
  private async sendOne(id: number, now: Date): Promise<boolean> {
    const claimed = await this.db
      .createQueryBuilder()
      .update(OutboundMessage)
      .set({ claimed_until: new Date(Math.max(Date.now(), now.getTime()) + CLAIM_MS) })
      .where("id = :id AND status = 'pending' AND available_at <= :now", { id, now })
      .andWhere('(claimed_until IS NULL OR claimed_until < :now)', { now })
      .execute();
    if (claimed.affected !== 1) return false;
    const row = await this.messages.findOneByOrFail({ id });
    const message: PhoneMessage = {
      channel: row.channel,
      to: row.to_phone,
      body: row.body,
      params: row.params ? (JSON.parse(row.params) as string[]) : [],
      template: row.template,
    };
    const outcome = await this.senders
      .send(message)
      .catch((error: Error) => ({ kind: 'retry', error: error.message.slice(0, 255) }) as const);
    const attempts = row.attempts + 1;
    if (outcome.kind === 'sent') {
      await this.messages.update(
        { id },
        {
          status: 'sent',
          sent_at: new Date(),
          provider_ref: outcome.ref,
          attempts,
          claimed_until: null,
          last_error: null,
        },
      );
      return true;
    }
    const giveUp = outcome.kind === 'failed' || attempts >= this.config.messaging.maxAttempts;
    this.logger.warn(`${row.channel} message ${id} (try ${attempts}) not sent: ${outcome.error}`);
    await this.messages.update(
      { id },
      {
        status: giveUp ? 'failed' : 'pending',
        attempts,
        available_at: giveUp ? row.available_at : new Date(now.getTime() + messageBackoffMs(attempts)),
        claimed_until: null,
        last_error: outcome.error.slice(0, 255),
      },
    );
    // A message that will never be sent does not count against the user's day (as it did not before decision 048).
    if (giveUp) await this.releaseSlot(row.user_id, row.channel, lagosDay(new Date(row.created_at)));
    return false;
  }

  // ------------------------------------------------------------------------------------------------------------

  private async rowFor(userId: number): Promise<MessageSettingsRow> {
    const found = await this.settingsRepo.findOneBy({ user_id: userId });
    if (found) return found;
    try {
      await this.settingsRepo.insert(this.settingsRepo.create({ user_id: userId }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return this.settingsRepo.findOneByOrFail({ user_id: userId });
  }

  private hashCode(userId: number, phone: string, code: string): string {
    return createHmac('sha256', this.config.jwt.secret).update(`phone:${userId}:${phone}:${code}`).digest('hex');
  }
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
