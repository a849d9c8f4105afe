import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  cargoFeeCents,
  chargeableHundredths,
  declaredMeasureText,
  exceedsVariance,
  MEASURE_STATUS_LABELS,
  MONEY_MAX_MINOR,
  MSG,
  normalizeTrackingNo,
  RECEIPT_DEFAULTS,
  RECEIPT_LIMITS,
  RECEIPT_MSG,
  toHundredths,
  volumeCm3,
  volumetricHundredths,
  type DeliveryReceipt as ReceiptDto,
  type ParcelMeasure,
  type ReceiptSettings,
} from '@jara/contracts';
import { ConflictError, invalid, NotFoundError } from '../../common/errors';
import { EVENTS } from '../../common/events';
import { OutboxService } from '../../common/outbox/outbox.service';
import { StorageService } from '../../common/storage/storage.service';
import { inTransaction } from '../../database/transaction';
import { Invoice } from '../invoices/invoice.entity';
import { InvoicesService } from '../invoices/invoices.service';
import type { User } from '../users/user.entity';
import type { CreateReceiptDto, ReceiptMeasureDto, ReceiptSettingsDto } from '@jara/dto';
import { DeliveriesService } from './deliveries.service';
import { guestContactConfirmed } from './guest-contact';
import { Delivery } from './delivery.entity';
import { LogisticsSettingsRow } from './logistics.entity';
import { DeliveryReceipt, DeliveryReceiptPhoto, ReceiptSettingsRow } from './receipt.entity';

const iso = (d: Date | string) => new Date(d).toISOString();
const kg = (hundredths: number) => (hundredths / 100).toFixed(2);

/** What the customer declared, as the contracts say it. */
function declaredOf(d: Delivery): ParcelMeasure['declared'] {
  return {
    weight: d.declared_weight_hundredths !== null ? kg(d.declared_weight_hundredths) : null,
    length_cm: d.declared_length_cm,
    width_cm: d.declared_width_cm,
    height_cm: d.declared_height_cm,
  };
}

/** The customer's answer to a measure awaiting it. */
export type MeasureAnswerInput = { kind: 'accept' } | { kind: 'dispute'; reason: string };

/** A receipt's measures, checked, and its photos already stored (private keys). */
export interface PreparedReceipt {
  weight_hundredths: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  pieces: number;
  condition: ReceiptDto['condition'];
  note: string | null;
  photoKeys: string[];
}

/** The cargo fee of a measure in cents: sea by volume, air on the greater of actual and volumetric weight. */
export function receiptFeeCents(
  shippingType: 'sea_cargo' | 'air_cargo',
  measure: { weight_hundredths: number; volumetric_hundredths: number; size_hundredths: number },
  rates: { cost_per_kg_cents: number; cost_per_cmb3_cents: number },
): number {
  const weight = chargeableHundredths(measure.weight_hundredths, measure.volumetric_hundredths);
  return cargoFeeCents(
    shippingType,
    { weight: kg(weight), size: kg(measure.size_hundredths) },
    { cost_per_kg: kg(rates.cost_per_kg_cents), cost_per_cmb3: kg(rates.cost_per_cmb3_cents) },
  );
}

/**
 * Warehouse receipts (issue 26, decision 044): staff scan or type a parcel's number, record its measured weight,
 * dimensions, pieces, condition and 1-5 private photos. The volumetric weight uses the shipping type's divisor; a
 * measure beyond the variance threshold of what the customer declared waits for the customer's acceptance before the
 * fee invoice is raised (or amended: decision 021, a pending payment never pays a changed fee); a dispute marks the
 * parcel measure_status = 'disputed' for the problem queue.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly outbox: OutboxService,
    private readonly invoices: InvoicesService,
    private readonly deliveries: DeliveriesService,
  ) {}

  // ----------------------------------------------------------------------------------------------------- settings

  async settings(): Promise<ReceiptSettings> {
    const row = await this.db.getRepository(ReceiptSettingsRow).findOneBy({ id: 1 });
    return row
      ? { air_divisor: row.air_divisor, sea_divisor: row.sea_divisor, variance_percent: row.variance_percent }
      : { ...RECEIPT_DEFAULTS };
  }

  async saveSettings(dto: ReceiptSettingsDto): Promise<ReceiptSettings> {
    const values = {
      air_divisor: dto.air_divisor,
      sea_divisor: dto.sea_divisor,
      variance_percent: dto.variance_percent,
    };
    await inTransaction(this.db, async (m) => {
      if (await m.existsBy(ReceiptSettingsRow, { id: 1 })) await m.update(ReceiptSettingsRow, { id: 1 }, values);
      else await m.insert(ReceiptSettingsRow, { id: 1, ...values });
    });
    return this.settings();
  }

  // ------------------------------------------------------------------------------------------------------ receipt

  /** POST /receipts (admin): find the parcel by what was scanned, then measure it. */
  async record(admin: User, dto: CreateReceiptDto, photos: Express.Multer.File[]): Promise<ParcelMeasure> {
    const delivery = await this.findScanned(dto.scanned_no);
    this.receivable(delivery);
    const prepared = await this.prepare(dto, photos);
    await this.apply(admin, delivery.id, dto.scanned_no, prepared);
    return this.measure(admin, delivery.id);
  }

  /** The parcel a scan names: its Jara tracking number, else its courier number (one match, else 422). */
  async findScanned(raw: string): Promise<Delivery> {
    const repo = this.db.getRepository(Delivery);
    const byTracking = await repo.findOne({ where: { tracking_no: normalizeTrackingNo(raw).slice(0, 20) } });
    if (byTracking) return byTracking;
    const byCourier = await repo.find({ where: { external_no: raw.trim() }, take: 2, order: { id: 'DESC' } });
    if (byCourier.length > 1) throw invalid('scanned_no', RECEIPT_MSG.ambiguous);
    if (!byCourier.length) throw new NotFoundError(RECEIPT_MSG.notFound);
    return byCourier[0];
  }

  private receivable(delivery: Delivery): void {
    // Received while it is on its way in or at the warehouse; a member of a consolidated parcel is measured as that.
    const open: readonly number[] = [1, 2, 3];
    if (!open.includes(delivery.status) || delivery.parent_id)
      throw invalid(
        'scanned_no',
        RECEIPT_MSG.notReceivable(delivery.parent_id ? 'packed into a consolidated parcel' : String(delivery.status)),
      );
  }

  /** Checks the measures and stores the photos (content sniffed and re-encoded, private): before any transaction. */
  async prepare(dto: ReceiptMeasureDto, photos: Express.Multer.File[] = []): Promise<PreparedReceipt> {
    const weight = toHundredths(dto.weight as string | number | null);
    if (!weight || weight <= 0 || weight > RECEIPT_LIMITS.weightHundredths)
      throw invalid('weight', RECEIPT_MSG.weightInvalid);
    if (photos.length < RECEIPT_LIMITS.photosMin) throw invalid('photos', RECEIPT_MSG.photosRequired);
    if (photos.length > RECEIPT_LIMITS.photosMax) throw invalid('photos', RECEIPT_MSG.photosTooMany);
    const keys: string[] = [];
    try {
      for (const photo of photos) keys.push(await this.storage.savePrivateImage('receipts', photo, 'photos'));
    } catch (error) {
      for (const key of keys) await this.storage.removePrivate(key);
      throw error;
    }
    return {
      weight_hundredths: weight,
      length_cm: dto.length,
      width_cm: dto.width,
      height_cm: dto.height,
      pieces: dto.pieces,
      condition: dto.condition,
      note: dto.note ?? null,
      photoKeys: keys,
    };
  }

  /**
   * The receipt of a prepared measure for a delivery, in one transaction: the receipt and its photos, the parcel's
   * measure and measure_status, its arrival (1 -> 2), and its fee invoice unless the customer must answer first.
   */
  async apply(admin: User, deliveryId: number, scannedNo: string, p: PreparedReceipt): Promise<void> {
    const settings = await this.settings();
    const rates = await this.db.getRepository(LogisticsSettingsRow).findOneBy({ id: 1 });
    try {
      const events = await inTransaction(this.db, async (m) => {
        const d = await m.findOne(Delivery, { where: { id: deliveryId } });
        if (!d) throw new NotFoundError(RECEIPT_MSG.notFound);
        this.receivable(d);
        const divisor = d.shipping_type === 'sea_cargo' ? settings.sea_divisor : settings.air_divisor;
        const volume = volumeCm3(p);
        const volumetric = volumetricHundredths(p, divisor);
        const declaredVolume =
          d.declared_length_cm && d.declared_width_cm && d.declared_height_cm
            ? d.declared_length_cm * d.declared_width_cm * d.declared_height_cm
            : null;
        const variance =
          exceedsVariance(d.declared_weight_hundredths, p.weight_hundredths, settings.variance_percent) ||
          exceedsVariance(declaredVolume, volume, settings.variance_percent);
        const receipt = m.create(DeliveryReceipt, {
          delivery_id: d.id,
          scanned_no: scannedNo.slice(0, 100),
          weight_hundredths: p.weight_hundredths,
          length_cm: p.length_cm,
          width_cm: p.width_cm,
          height_cm: p.height_cm,
          divisor,
          volumetric_hundredths: volumetric,
          pieces: p.pieces,
          condition: p.condition,
          note: p.note?.slice(0, 500) ?? null,
          actor_id: admin.id,
        });
        await m.insert(DeliveryReceipt, receipt);
        for (const key of p.photoKeys) await m.insert(DeliveryReceiptPhoto, { receipt_id: receipt.id, file_key: key });
        const measure = {
          weight_hundredths: p.weight_hundredths,
          size_hundredths: volume * 100,
          volumetric_hundredths: volumetric,
        };
        const status = variance ? 'pending_acceptance' : 'none';
        await m.update(
          Delivery,
          { id: d.id },
          { ...measure, measure_status: status, dispute_reason: variance ? null : d.dispute_reason },
        );
        const mover = {
          user: admin,
          role: 'admin' as const,
          note: `Received: ${kg(p.weight_hundredths)} kg, ${p.length_cm} x ${p.width_cm} x ${p.height_cm} cm, ${p.pieces} piece(s), ${p.condition}`,
          location: null,
        };
        const events = await this.deliveries.arriveIn(m, d, mover);
        if (d.status !== 1) await this.deliveries.noteIn(m, d, mover);
        const fresh = { ...d, ...measure, measure_status: status } as Delivery;
        if (variance) {
          // The fee waits for the customer's answer: a pending invoice at the old fee can no longer be paid.
          if (d.invoice_id) {
            const invoice = await m.findOne(Invoice, { where: { id: d.invoice_id } });
            if (invoice?.status === 'paid') throw new ConflictError(MSG.deliveries.feePaid);
            if (invoice?.status === 'pending') await this.invoices.cancelIn(m, invoice.id);
          }
          const declared = declaredMeasureText(declaredOf(d));
          // A guest who gave an e-mail is asked by a link (their e-mail must be confirmed first: decision 046).
          if (!d.user_id && d.email)
            events.push(await this.outbox.enqueue(m, EVENTS.guestMeasureChanged, { deliveryId: d.id }));
          if (d.user_id) {
            events.push(
              await this.outbox.enqueue(m, EVENTS.deliveryMeasureChanged, {
                deliveryId: d.id,
                trackingNo: d.tracking_no,
                userId: d.user_id,
                weight: kg(p.weight_hundredths),
                declared,
              }),
            );
          }
        } else events.push(...(await this.chargeIn(m, fresh, rates)));
        return events;
      });
      await this.deliveries.deliverEvents(events);
    } catch (error) {
      for (const key of p.photoKeys) await this.storage.removePrivate(key);
      throw error;
    }
  }

  /**
   * Inside a transaction: the fee of the parcel's measure is its invoice's amount: raised, amended (every pending card
   * payment of the old amount superseded, decision 021) or left as it is; a paid fee that would change is a 409. No
   * shipping type, no owner, a member of a consolidated parcel or a fee of 0: nothing is charged here.
   */
  async chargeIn(m: EntityManager, d: Delivery, rates: LogisticsSettingsRow | null): Promise<number[]> {
    if (!d.shipping_type || d.parent_id || d.weight_hundredths === null) return [];
    const fee = receiptFeeCents(
      d.shipping_type,
      {
        weight_hundredths: d.weight_hundredths,
        volumetric_hundredths: d.volumetric_hundredths ?? 0,
        size_hundredths: d.size_hundredths ?? 0,
      },
      { cost_per_kg_cents: rates?.cost_per_kg_cents ?? 0, cost_per_cmb3_cents: rates?.cost_per_cmb3_cents ?? 0 },
    );
    if (fee > MONEY_MAX_MINOR.USD) throw invalid('weight', MSG.deliveries.feeTooLarge);
    const invoice = d.invoice_id ? await m.findOne(Invoice, { where: { id: d.invoice_id } }) : null;
    if (invoice?.status === 'paid') {
      if (invoice.amount_minor !== fee) throw new ConflictError(MSG.deliveries.feePaid);
      return [];
    }
    await m.update(Delivery, { id: d.id }, { amount_minor: fee > 0 ? fee : null });
    // A guest whose e-mail is confirmed is billed too, with no account: an invoice paid by its pay link (032).
    const guest = !d.user_id && !!d.email && (await guestContactConfirmed(m, d.id));
    if ((!d.user_id && !guest) || fee <= 0) {
      if (invoice && invoice.status === 'pending') await this.invoices.cancelIn(m, invoice.id);
      return [];
    }
    const description = `Cargo fee for ${d.tracking_no} (${d.shipping_type === 'sea_cargo' ? 'Sea Cargo' : 'Air Cargo'})`;
    if (!invoice) {
      const row = await this.invoices.issueIn(m, {
        userId: d.user_id ?? null,
        type: 'delivery',
        subjectId: d.id,
        subjectLabel: d.tracking_no,
        amountMinor: fee,
        currency: 'USD',
        description,
      });
      await m.update(Delivery, { id: d.id }, { invoice_id: row.id });
      return this.announceFeeIn(m, d, row.id);
    }
    const changed = await this.invoices.amendIn(m, invoice.id, { amountMinor: fee, description });
    return changed && (invoice.status === 'cancelled' || invoice.amount_minor !== fee)
      ? this.announceFeeIn(m, d, invoice.id)
      : [];
  }

  /** An account's fee invoice is announced; a guest's is e-mailed with a new pay link (guest.fee_due, decision 032). */
  private async announceFeeIn(m: EntityManager, d: Delivery, invoiceId: number): Promise<number[]> {
    if (d.user_id) return this.invoices.announceIn(m, invoiceId);
    return [await this.outbox.enqueue(m, EVENTS.guestFeeDue, { deliveryId: d.id })];
  }

  // ------------------------------------------------------------------------------------------- the customer's answer

  /** POST /trackings/{id}/measure/accept (the owner): the new measure stands and its fee invoice is raised. */
  async accept(user: User, id: number): Promise<ParcelMeasure> {
    await this.own(user, id);
    await this.answer({ user }, id, { kind: 'accept' });
    return this.measure(user, id);
  }

  /** POST /trackings/{id}/measure/dispute (the owner): measure_status 'disputed' with the reason; no fee is raised. */
  async dispute(user: User, id: number, reason: string): Promise<ParcelMeasure> {
    await this.own(user, id);
    await this.answer({ user }, id, { kind: 'dispute', reason });
    return this.measure(user, id);
  }

  /**
   * The customer's answer to a measure awaiting it: the one rule behind the signed-in routes and a guest's link
   * (decision 046). `by` is the signed-in owner, or a guest whose link named this parcel (a parcel with no account).
   * One conditional UPDATE on measure_status = 'pending_acceptance' decides: of two answers at once one wins, the
   * other is a 422 (notPending). Accept raises the fee invoice of the new measure (a guest's only once their e-mail
   * is confirmed, then e-mailed with a pay link); dispute keeps the reason for the problem queue and raises nothing.
   */
  async answer(by: { user: User } | { guest: true }, id: number, answer: MeasureAnswerInput): Promise<void> {
    const user = 'user' in by ? by.user : null;
    const rates =
      answer.kind === 'accept' ? await this.db.getRepository(LogisticsSettingsRow).findOneBy({ id: 1 }) : null;
    const events = await inTransaction(this.db, async (m) => {
      const done = await m
        .createQueryBuilder()
        .update(Delivery)
        .set(
          answer.kind === 'accept'
            ? { measure_status: 'accepted' }
            : { measure_status: 'disputed', dispute_reason: answer.reason.slice(0, 500) },
        )
        .where(
          `id = :id AND ${user ? 'user_id = :user' : 'user_id IS NULL'} AND measure_status = 'pending_acceptance'`,
          { id, user: user?.id },
        )
        .execute();
      if (done.affected !== 1) throw invalid('measure_status', RECEIPT_MSG.notPending);
      const d = await m.findOneOrFail(Delivery, { where: { id } });
      const mover = user ? { user, role: 'customer' as const } : { user: null, role: 'guest' as const };
      if (answer.kind === 'dispute') {
        await this.deliveries.noteIn(m, d, { ...mover, note: `Measure disputed: ${answer.reason}` });
        return [];
      }
      await this.deliveries.noteIn(m, d, { ...mover, note: RECEIPT_MSG.accepted });
      return this.chargeIn(m, d, rates);
    });
    await this.deliveries.deliverEvents(events);
  }

  private async own(user: User, id: number): Promise<Delivery> {
    const d = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!d || d.user_id !== user.id) throw new NotFoundError(MSG.deliveries.notFound);
    return d;
  }

  /** A stored photo of a receipt that was not recorded after all. */
  async discardPhoto(key: string): Promise<void> {
    await this.storage.removePrivate(key);
  }

  // ------------------------------------------------------------------------------------------------------ reading

  /** GET /trackings/{id}/measure: the owner or staff (anyone else 404): declared, measured, the question, the fee. */
  async measure(viewer: User, id: number): Promise<ParcelMeasure> {
    const d = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!d || (viewer.role !== 'admin' && d.user_id !== viewer.id)) throw new NotFoundError(MSG.deliveries.notFound);
    return this.present(d);
  }

  /**
   * A guest's parcel named by their link (decision 046): the same view without the receipt's photos and who measured
   * it (photos are served to a signed-in owner or staff only).
   */
  async guestMeasure(id: number): Promise<ParcelMeasure> {
    const d = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!d || d.user_id) throw new NotFoundError(MSG.deliveries.notFound);
    const view = await this.present(d);
    return { ...view, receipt: view.receipt ? { ...view.receipt, photos: [], actor: null } : null };
  }

  private async present(d: Delivery): Promise<ParcelMeasure> {
    const id = d.id;
    const receipt = await this.db
      .getRepository(DeliveryReceipt)
      .findOne({ where: { delivery_id: id }, order: { id: 'DESC' }, relations: { actor: true } });
    const photos = receipt
      ? await this.db
          .getRepository(DeliveryReceiptPhoto)
          .find({ where: { receipt_id: receipt.id }, order: { id: 'ASC' } })
      : [];
    const parent = d.parent_id
      ? await this.db.getRepository(Delivery).findOne({ where: { id: d.parent_id }, select: ['id', 'tracking_no'] })
      : null;
    const members = await this.db.getRepository(Delivery).find({
      where: { parent_id: id },
      select: ['id', 'tracking_no', 'external_no'],
      order: { id: 'ASC' },
      take: 50,
    });
    const rates = await this.db.getRepository(LogisticsSettingsRow).findOneBy({ id: 1 });
    const fee =
      d.shipping_type && d.weight_hundredths !== null && !d.parent_id
        ? receiptFeeCents(
            d.shipping_type,
            {
              weight_hundredths: d.weight_hundredths,
              volumetric_hundredths: d.volumetric_hundredths ?? 0,
              size_hundredths: d.size_hundredths ?? 0,
            },
            { cost_per_kg_cents: rates?.cost_per_kg_cents ?? 0, cost_per_cmb3_cents: rates?.cost_per_cmb3_cents ?? 0 },
          )
        : null;
    return {
      delivery_id: d.id,
      tracking_no: d.tracking_no,
      measure_status: d.measure_status,
      measure_status_label: MEASURE_STATUS_LABELS[d.measure_status] ?? d.measure_status,
      declared: declaredOf(d),
      receipt: receipt
        ? {
            id: receipt.id,
            delivery_id: receipt.delivery_id,
            scanned_no: receipt.scanned_no,
            weight_hundredths: receipt.weight_hundredths,
            weight: kg(receipt.weight_hundredths),
            length_cm: receipt.length_cm,
            width_cm: receipt.width_cm,
            height_cm: receipt.height_cm,
            volume_cm3: volumeCm3(receipt),
            volumetric_hundredths: receipt.volumetric_hundredths,
            volumetric_weight: kg(receipt.volumetric_hundredths),
            divisor: receipt.divisor,
            pieces: receipt.pieces,
            condition: receipt.condition,
            note: receipt.note,
            photos: photos.map((ph) => ({ id: ph.id, url: `/api/v1/receipt-photos/${ph.id}` })),
            actor: receipt.actor ? { id: receipt.actor.id, name: receipt.actor.name } : null,
            created_at: iso(receipt.created_at),
          }
        : null,
      fee_minor: fee,
      dispute_reason: d.dispute_reason,
      parent: parent ? { id: parent.id, tracking_no: parent.tracking_no } : null,
      members: members.map((x) => ({ id: x.id, tracking_no: x.tracking_no, external_no: x.external_no })),
    };
  }

  /** GET /receipt-photos/{id}: the bytes for the parcel's owner or staff; anyone else 404 (whether or not it exists). */
  async photo(viewer: User, photoId: number): Promise<Buffer> {
    const row = await this.db
      .getRepository(DeliveryReceiptPhoto)
      .createQueryBuilder('p')
      .innerJoin(DeliveryReceipt, 'r', 'r.id = p.receipt_id')
      .innerJoin(Delivery, 'd', 'd.id = r.delivery_id')
      .select(['p.id AS id', 'p.file_key AS file_key', 'd.user_id AS user_id'])
      .where('p.id = :photoId', { photoId })
      .getRawOne<{ id: number; file_key: string; user_id: number | null }>();
    if (!row || (viewer.role !== 'admin' && Number(row.user_id) !== viewer.id))
      throw new NotFoundError(RECEIPT_MSG.notFound);
    const body = await this.storage.readPrivate(row.file_key);
    if (!body) throw new NotFoundError(RECEIPT_MSG.notFound);
    return body;
  }
}
