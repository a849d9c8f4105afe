import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  deliveryStatusDetailLabel,
  formatWalletMoney,
  declaredMeasureText,
  GUEST_CONFIRM_LINK_DAYS,
  GUEST_FEE_MSG,
  GUEST_MEASURE_LINK_DAYS,
  GUEST_PAY_LINK_DAYS,
  GUEST_TOKEN_PATTERN,
  guestConfirmPath,
  guestParcelPath,
  guestPaidPath,
  guestPayPath,
  SHIPPING_TYPES,
  type GuestConfirmation,
  type GuestFee,
  type ParcelMeasure,
  type PaymentStart,
} from '@jara/contracts';
import { NotFoundError } from '../../common/errors';
import { EVENTS } from '../../common/events';
import { MailService } from '../../common/mail/mail.service';
import { OutboxService } from '../../common/outbox/outbox.service';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction } from '../../database/transaction';
import { Invoice } from '../invoices/invoice.entity';
import { InvoicesService } from '../invoices/invoices.service';
import { Delivery, DeliveryStatusChange } from './delivery.entity';
import { guestContactConfirmed } from './guest-contact';
import { GuestLink, type GuestLinkPurpose } from './guest-link.entity';
import { Location, ShippingTitle, Warehouse } from './logistics.entity';
import { ReceiptsService, type MeasureAnswerInput } from './receipts.service';

const DAY_MS = 86_400_000;

/** The SHA-256 of a link token (hex): what the table holds and what a presented token is looked up by. */
export function hashGuestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A guest learns their parcel's fee and pays it (decision 032). The e-mail a guest gave is first asked to confirm the
 * request (a stranger's address receives one e-mail and nothing more); once confirmed, a fee set by the admin (or
 * already set) is e-mailed with a pay link. Each link holds a random token whose SHA-256 alone is stored; the token is
 * minted by the listener that sends the mail, so it never rests in the outbox either. The token is the only authority:
 * it reveals its one delivery, and a wrong, expired or used one is a 404.
 */
@Injectable()
export class GuestFeeService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly invoices: InvoicesService,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
    private readonly receipts: ReceiptsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---------------------------------------------------------------------------------------------- the e-mails

  /** guest.confirm_requested: one e-mail to the address given, unless it is confirmed or the request has an owner. */
  async sendConfirmation(deliveryId: number): Promise<void> {
    const delivery = await this.db.getRepository(Delivery).findOne({ where: { id: deliveryId } });
    if (!delivery?.email || delivery.user_id) return;
    if (await guestContactConfirmed(this.db.manager, deliveryId)) return;
    const token = await this.mint(deliveryId, 'confirm', GUEST_CONFIRM_LINK_DAYS);
    await this.mail.send({
      to: delivery.email,
      subject: GUEST_FEE_MSG.confirmSubject(delivery.tracking_no),
      text: GUEST_FEE_MSG.confirmText(
        delivery.tracking_no,
        `${this.config.storefrontUrl}${guestConfirmPath(token)}`,
        GUEST_CONFIRM_LINK_DAYS,
      ),
    });
  }

  /** guest.fee_due: the fee and a new pay link (the old one stops working), for a confirmed guest's pending fee. */
  async sendFee(deliveryId: number): Promise<void> {
    const delivery = await this.db.getRepository(Delivery).findOne({ where: { id: deliveryId } });
    if (!delivery?.email || !delivery.invoice_id) return;
    const invoice = await this.db.getRepository(Invoice).findOne({ where: { id: delivery.invoice_id } });
    if (!invoice || invoice.user_id !== null || invoice.status !== 'pending') return;
    if (!(await guestContactConfirmed(this.db.manager, deliveryId))) return;
    const token = await this.mint(deliveryId, 'pay', GUEST_PAY_LINK_DAYS);
    await this.mail.send({
      to: delivery.email,
      subject: GUEST_FEE_MSG.feeSubject,
      text: GUEST_FEE_MSG.feeText(
        delivery.tracking_no,
        formatWalletMoney(invoice.amount_minor, invoice.currency),
        `${this.config.storefrontUrl}${guestPayPath(token)}`,
        GUEST_PAY_LINK_DAYS,
      ),
    });
  }

  /**
   * guest.measure_changed (decision 046): a guest's parcel measured far from what they declared waits for their
   * answer; a confirmed guest is e-mailed declared vs measured and a link to accept or dispute (a new link replaces the
   * old). Not yet confirmed: nothing now; confirming sends it. Answered meanwhile, or claimed by an account: nothing.
   */
  async sendMeasure(deliveryId: number): Promise<void> {
    const delivery = await this.db.getRepository(Delivery).findOne({ where: { id: deliveryId } });
    if (!delivery?.email || delivery.user_id || delivery.measure_status !== 'pending_acceptance') return;
    if (!(await guestContactConfirmed(this.db.manager, deliveryId))) return;
    const token = await this.mint(deliveryId, 'measure', GUEST_MEASURE_LINK_DAYS);
    await this.mail.send({
      to: delivery.email,
      subject: GUEST_FEE_MSG.measureSubject(delivery.tracking_no),
      text: GUEST_FEE_MSG.measureText(
        delivery.tracking_no,
        ((delivery.weight_hundredths ?? 0) / 100).toFixed(2),
        declaredMeasureText({
          weight:
            delivery.declared_weight_hundredths !== null
              ? (delivery.declared_weight_hundredths / 100).toFixed(2)
              : null,
          length_cm: delivery.declared_length_cm,
          width_cm: delivery.declared_width_cm,
          height_cm: delivery.declared_height_cm,
        }),
        `${this.config.storefrontUrl}${guestParcelPath(token)}`,
        GUEST_MEASURE_LINK_DAYS,
      ),
    });
  }

  /** A fresh token for the delivery's one link of this purpose (replacing the old one); answers the token. */
  private async mint(deliveryId: number, purpose: GuestLinkPurpose, days: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + days * DAY_MS);
    await inTransaction(this.db, async (m) => {
      const set = await m
        .createQueryBuilder()
        .update(GuestLink)
        .set({ token_hash: hashGuestToken(token), expires_at: expires, used_at: null })
        .where('delivery_id = :deliveryId AND purpose = :purpose AND used_at IS NULL', { deliveryId, purpose })
        .execute();
      if (set.affected === 1) return;
      if (await m.exists(GuestLink, { where: { delivery_id: deliveryId, purpose } }))
        throw new Error(`The ${purpose} link of delivery ${deliveryId} was used`);
      await m.insert(GuestLink, {
        delivery_id: deliveryId,
        purpose,
        token_hash: hashGuestToken(token),
        expires_at: expires,
        used_at: null,
      });
    });
    return token;
  }

  // ------------------------------------------------------------------------------------------------ confirm

  /** GET /guest/confirmations/{token}: the request a working confirm link is for. */
  async confirmation(token: string): Promise<GuestConfirmation> {
    const link = await this.link(token, 'confirm');
    if (link.used_at) throw notFound();
    const delivery = await this.db.getRepository(Delivery).findOneOrFail({ where: { id: link.delivery_id } });
    return { tracking_no: delivery.tracking_no, confirmed: false };
  }

  /**
   * POST /guest/confirmations/{token}: the guest confirms; once (a used link is a 404, and of two at once one wins).
   * A fee already set becomes the guest's invoice and is e-mailed with a pay link.
   */
  async confirm(token: string): Promise<GuestConfirmation> {
    const link = await this.link(token, 'confirm');
    if (link.used_at) throw notFound();
    const result = await inTransaction(this.db, async (m) => {
      const used = await m
        .createQueryBuilder()
        .update(GuestLink)
        .set({ used_at: new Date() })
        .where('id = :id AND token_hash = :hash AND used_at IS NULL AND expires_at > :now', {
          id: link.id,
          hash: link.token_hash,
          now: new Date(),
        })
        .execute();
      if (used.affected !== 1) return null;
      const delivery = await m.findOneOrFail(Delivery, { where: { id: link.delivery_id } });
      await m.insert(DeliveryStatusChange, {
        delivery_id: delivery.id,
        from_status: delivery.status,
        to_status: delivery.status,
        actor_id: null,
        actor_role: 'guest',
        note: GUEST_FEE_MSG.historyConfirmed,
        location: null,
      });
      const events = await this.feeDueIn(m, delivery);
      // A measure question asked before the guest confirmed is e-mailed now (decision 046).
      if (delivery.measure_status === 'pending_acceptance')
        events.push(await this.outbox.enqueue(m, EVENTS.guestMeasureChanged, { deliveryId: delivery.id }));
      return { delivery, events };
    });
    if (!result) throw notFound();
    await this.outbox.deliver(result.events);
    return { tracking_no: result.delivery.tracking_no, confirmed: true };
  }

  /**
   * Inside a transaction, for a guest's delivery whose contact is confirmed: a fee with no invoice becomes the
   * guest's invoice (invoices owner API, no account); a pending guest invoice is (re-)announced. Answers the
   * guest.fee_due event to deliver after the commit, or nothing.
   */
  async feeDueIn(m: EntityManager, delivery: Delivery): Promise<number[]> {
    if (delivery.user_id || !delivery.email || !delivery.amount_minor) return [];
    let invoiceId = delivery.invoice_id;
    if (!invoiceId) {
      const row = await this.invoices.issueIn(m, {
        userId: null,
        type: 'delivery',
        subjectId: delivery.id,
        subjectLabel: delivery.tracking_no,
        amountMinor: delivery.amount_minor,
        currency: 'USD',
        description: `Cargo fee for ${delivery.tracking_no} (${delivery.shipping_type === 'sea_cargo' ? 'Sea Cargo' : 'Air Cargo'})`,
      });
      const set = await m
        .createQueryBuilder()
        .update(Delivery)
        .set({ invoice_id: row.id })
        .where('id = :id AND invoice_id IS NULL AND amount_minor = :fee', {
          id: delivery.id,
          fee: delivery.amount_minor,
        })
        .execute();
      if (set.affected !== 1) throw new Error(`Delivery ${delivery.id} changed while its fee was invoiced`);
      invoiceId = row.id;
    }
    const invoice = await m.findOne(Invoice, { where: { id: invoiceId } });
    if (!invoice || invoice.user_id !== null || invoice.status !== 'pending') return [];
    return [await this.outbox.enqueue(m, EVENTS.guestFeeDue, { deliveryId: delivery.id })];
  }

  // ------------------------------------------------------------------------------------------------ measure

  /** GET /guest/measures/{token}: the parcel a working measure link names, declared vs measured and the fee. */
  async measure(token: string): Promise<ParcelMeasure> {
    const link = await this.link(token, 'measure');
    return this.receipts.guestMeasure(link.delivery_id);
  }

  /**
   * POST /guest/measures/{token}/accept | dispute: the guest's answer, by the receipts' one rule (the signed-in
   * owner's too). The link names its one parcel; answered already (or two answers at once): 422 notPending.
   */
  async answerMeasure(token: string, answer: MeasureAnswerInput): Promise<ParcelMeasure> {
    const link = await this.link(token, 'measure');
    await this.receipts.answer({ guest: true }, link.delivery_id, answer);
    return this.receipts.guestMeasure(link.delivery_id);
  }

  // ---------------------------------------------------------------------------------------------------- pay

  /** GET /guest/fees/{token}: the delivery of a working pay link, its fee and whether it is paid. */
  async fee(token: string): Promise<GuestFee> {
    const { delivery, invoice } = await this.payable(token);
    return this.present(delivery, invoice);
  }

  /** POST /guest/fees/{token}/pay: a card payment of the fee (a second start while one is pending answers that one). */
  async pay(token: string): Promise<PaymentStart> {
    const { delivery, invoice } = await this.payable(token);
    return this.invoices.startGuestCardPayment(invoice.id, delivery.email ?? '', (reference) =>
      guestPaidPath(reference),
    );
  }

  /** POST /guest/fees/{token}/verify {reference}: back from the gateway; settles the payment once, answers the fee. */
  async verify(
    token: string,
    reference: string,
  ): Promise<GuestFee & { payment: { reference: string; status: string } }> {
    const { invoice } = await this.payable(token);
    const status = await this.invoices.verifyGuestPayment(invoice.id, reference);
    const now = await this.payable(token);
    return { ...(await this.present(now.delivery, now.invoice)), payment: { reference, status } };
  }

  /** A working pay link's delivery and its guest invoice; anything else is a 404. */
  private async payable(token: string): Promise<{ delivery: Delivery; invoice: Invoice }> {
    const link = await this.link(token, 'pay');
    const delivery = await this.db.getRepository(Delivery).findOneOrFail({ where: { id: link.delivery_id } });
    const invoice = delivery.invoice_id
      ? await this.db.getRepository(Invoice).findOne({ where: { id: delivery.invoice_id } })
      : null;
    if (!invoice || invoice.user_id !== null) throw notFound();
    return { delivery, invoice };
  }

  private async present(delivery: Delivery, invoice: Invoice): Promise<GuestFee> {
    const warehouse = await this.db.getRepository(Warehouse).findOne({ where: { id: delivery.warehouse_id } });
    const title = delivery.shipping_id
      ? await this.db.getRepository(ShippingTitle).findOne({ where: { id: delivery.shipping_id } })
      : null;
    const to = title ? await this.db.getRepository(Location).findOne({ where: { id: title.location_id } }) : null;
    const from = warehouse
      ? await this.db.getRepository(Location).findOne({ where: { id: warehouse.location_id } })
      : null;
    const measure = (hundredths: number | null) => (hundredths ? (hundredths / 100).toFixed(2) : null);
    return {
      tracking_no: delivery.tracking_no,
      route: {
        from: warehouse ? `${warehouse.name}${from ? `, ${from.name}` : ''}` : null,
        // The destination is the title's location; one where the parcel already is adds nothing to the route.
        to: to && to.id !== from?.id ? to.name : null,
      },
      shipping_type: delivery.shipping_type,
      shipping_type_label: SHIPPING_TYPES.find((t) => t.value === delivery.shipping_type)?.label ?? null,
      weight: measure(delivery.weight_hundredths),
      size: measure(delivery.size_hundredths),
      status: delivery.status,
      status_label: deliveryStatusDetailLabel(delivery.status),
      fee: {
        amount_minor: invoice.amount_minor,
        currency: invoice.currency,
        status: invoice.status,
        paid_at: invoice.paid_at ? new Date(invoice.paid_at).toISOString() : null,
      },
    };
  }

  /** The link a token opens: well formed, known, of this purpose and not expired; a 404 otherwise. */
  private async link(token: string, purpose: GuestLinkPurpose): Promise<GuestLink> {
    if (typeof token !== 'string' || !GUEST_TOKEN_PATTERN.test(token)) throw notFound();
    const link = await this.db.getRepository(GuestLink).findOne({ where: { token_hash: hashGuestToken(token) } });
    if (!link || link.purpose !== purpose || new Date(link.expires_at).getTime() <= Date.now()) throw notFound();
    return link;
  }
}

function notFound(): NotFoundError {
  return new NotFoundError(GUEST_FEE_MSG.linkInvalidTitle);
}
