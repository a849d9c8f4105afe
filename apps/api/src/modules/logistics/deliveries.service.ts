import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  cargoFeeCents,
  chargeableHundredths,
  RECEIPT_MSG,
  DELIVERY_ASSIGNABLE_STATUSES,
  DELIVERY_FEE_REFUNDABLE_UNTIL,
  DELIVERY_STATUS,
  DELIVERY_STATUSES,
  DELIVERY_TYPES,
  deliveryMove,
  deliveryStatusDetailLabel,
  formatDollars,
  MONEY_MAX_MINOR,
  MSG,
  normalizeTrackingNo,
  parseContents,
  phoneKey,
  SHIPPING_TITLE_MOVES,
  SHIPPING_TITLE_STATUSES,
  SHIPPING_TYPES,
  shippingStayReason,
  shippingTitleMoveSources,
  toHundredths,
  type Delivery as DeliveryDto,
  type DeliveryMoveHandler,
  type DeliveryStatus,
  type ShippingMovePreview,
  type ShippingTitleStatus,
  type TrackingLookup,
} from '@jara/contracts';
import { EVENTS } from '../../common/events';
import { OutboxService } from '../../common/outbox/outbox.service';
import { ConflictError, invalid, NotFoundError } from '../../common/errors';
import {
  integerFilter,
  invalidateListCounts,
  LIKE_ESCAPE,
  likePattern,
  paginate,
  type ListQuery,
  type ListResult,
  type ListSearchMatch,
  type ListSpec,
} from '../../common/list/list-query';
import { applyDateRange } from '../../common/list/date-range';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { Invoice } from '../invoices/invoice.entity';
import { InvoicesService } from '../invoices/invoices.service';
import { User } from '../users/user.entity';
import { oneOf } from '../wallet/wallet.service';
import { presentDelivery, presentLookup } from './delivery.presenter';
import { Delivery, DeliveryClaimDecline, DeliveryStatusChange } from './delivery.entity';
import { guestContactConfirmed } from './guest-contact';
import { newTrackingNo } from './tracking-number';
import { writeContents } from './contents.service';
import type { CreateDeliveryDto, DeliveryStatusDto, GuestDeliveryDto, ProceedDeliveryDto } from '@jara/dto';
import { Location, LogisticsSettingsRow, ShippingTitle, Warehouse } from './logistics.entity';

const COUNTS = 'deliveries';

/** Issue 26: the measure a request declares (optional), in hundredths of a kg and whole cm. */
function declaredOf(dto: CreateDeliveryDto): Partial<Delivery> {
  const weight = toHundredths(dto.declared_weight ?? null);
  return {
    declared_weight_hundredths: weight && weight > 0 ? weight : null,
    declared_length_cm: dto.declared_length ?? null,
    declared_width_cm: dto.declared_width ?? null,
    declared_height_cm: dto.declared_height ?? null,
  };
}

/** Issue 26: no fee while the customer has not accepted the new measure, and none on a consolidated parcel's member. */
function refuseUnsettledMeasure(delivery: Delivery): void {
  if (delivery.parent_id) throw invalid('status', RECEIPT_MSG.memberNoFee);
  if (delivery.measure_status === 'pending_acceptance' || delivery.measure_status === 'disputed')
    throw invalid('weight', RECEIPT_MSG.awaitingCustomer);
}
const SHIPPING_TYPE_VALUES = SHIPPING_TYPES.map((t) => t.value);

/** The search of the deliveries screens (spec 2.24): customer name, phone, tracking no, external no, warehouse name, status label or number. */
function deliverySearch(text: string): ListSearchMatch {
  const needle = text.trim().toLowerCase();
  const statuses = DELIVERY_STATUSES.filter(
    (s) => s.label.toLowerCase().includes(needle) || String(s.code) === needle,
  ).map((s) => Number(s.code));
  return {
    apply(qb) {
      qb.andWhere(
        new Brackets((w) => {
          for (const expr of ['d.name', 'd.phone', 'd.tracking_no', 'd.external_no', 'w.name'])
            w.orWhere(`LOWER(${expr}) LIKE :dq ${LIKE_ESCAPE}`, { dq: likePattern(needle) });
          if (statuses.length) w.orWhere('d.status IN (:...dqs)', { dqs: statuses });
        }),
      );
      return undefined;
    },
  };
}

const DELIVERY_SPEC: ListSpec = {
  sortable: {
    created_at: 'd.created_at',
    id: 'd.id',
    status: 'd.status',
    weight: 'd.weight_hundredths',
    size: 'd.size_hundredths',
  },
  filterable: {
    type: oneOf('d.type', DELIVERY_TYPES, 'type'),
    status: integerFilter('d.status', { multi: true, ops: ['eq'] }),
    shipping_type: oneOf('d.shipping_type', SHIPPING_TYPE_VALUES, 'shipping_type'),
    shipping_id: integerFilter('d.shipping_id', { ops: ['eq'] }),
    warehouse_id: integerFilter('d.warehouse_id', { ops: ['eq'] }),
    user_id: integerFilter('d.user_id', { ops: ['eq'] }),
    id: integerFilter('d.id', { multi: true, ops: ['eq'] }),
    tracking_no: { expr: 'd.tracking_no', ops: ['eq', 'like'] },
    name: { expr: 'd.name', ops: ['eq', 'like'] },
  },
  search: async (text) => deliverySearch(text),
  defaultSort: { field: 'created_at', order: 'DESC' },
  tiebreaker: 'd.id',
  defaultPerPage: 10,
  limitOffset: true,
  countCache: { tag: COUNTS, ttlMs: 15_000 },
};

/** The work of a move's handler: `check` may refuse (read only; on SQLite it also runs before BEGIN), `apply` runs after. */
interface MoveStep {
  check?: (m: EntityManager) => Promise<void>;
  apply?: (m: EntityManager) => Promise<void>;
}

function feeDescription(d: Pick<Delivery, 'tracking_no' | 'shipping_type'>): string {
  return `Cargo fee for ${d.tracking_no} (${d.shipping_type === 'sea_cargo' ? 'Sea Cargo' : 'Air Cargo'})`;
}

export interface Mover {
  user: User | null;
  role: 'admin' | 'customer' | 'guest' | 'system' | 'rider';
  note?: string | null;
  location?: string | null;
}

/**
 * Deliveries (spec: trackings): requests from customers and guests, the public lookup, the admin's Proceed (the fee
 * computed here from the cargo rates, its invoice raised through the money capability), the status moves of
 * DELIVERY_TRANSITIONS with an append-only history, and the shipping titles that carry deliveries on their voyage.
 * Each status change writes the delivery and its history entry in one transaction, conditional on the status it
 * started from, so two admins moving one delivery at once cannot both win.
 */
@Injectable()
export class DeliveriesService {
  private readonly logger = new Logger('Deliveries');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly invoices: InvoicesService,
    private readonly outbox: OutboxService,
  ) {}

  // ----------------------------------------------------------------------------------------------------- requests

  /** POST /trackings: a signed-in user's request; the account's name and phone are the customer's. */
  async create(user: User, dto: CreateDeliveryDto): Promise<DeliveryDto> {
    const id = await this.insert(
      dto,
      {
        user_id: user.id,
        name: user.name ?? user.email,
        phone: user.phone,
        email: null,
      },
      { user, role: user.role === 'admin' ? 'admin' : 'customer', note: 'Request received' },
    );
    return this.get(user, id);
  }

  /** POST /guest/trackings: no account (limited per client address and per phone by @AbuseLimit on the route). */
  async createGuest(dto: GuestDeliveryDto): Promise<Pick<DeliveryDto, 'tracking_no' | 'status' | 'status_label'>> {
    const id = await this.insert(
      dto,
      {
        user_id: null,
        name: dto.name,
        phone: dto.phone,
        email: dto.email ?? null,
      },
      { user: null, role: 'guest', note: 'Request received' },
    );
    const row = await this.db.getRepository(Delivery).findOneOrFail({ where: { id } });
    return { tracking_no: row.tracking_no, status: row.status, status_label: deliveryStatusDetailLabel(row.status) };
  }

  private async insert(
    dto: CreateDeliveryDto,
    owner: Pick<Delivery, 'user_id' | 'name' | 'phone' | 'email'>,
    mover: Mover,
  ): Promise<number> {
    const warehouse = await this.db.getRepository(Warehouse).findOne({ where: { id: dto.warehouse_id } });
    if (!warehouse) throw invalid('warehouse_id', MSG.deliveries.warehouseUnknown);
    // Foreign requests go to a sea or air cargo warehouse of their shipping type; local ones to a local warehouse.
    const fits =
      dto.type === 'local'
        ? warehouse.type === 'local'
        : warehouse.type !== 'local' && (!dto.shipping_type || warehouse.type === dto.shipping_type);
    if (!fits) throw invalid('warehouse_id', MSG.deliveries.warehouseTypeMismatch);
    for (let attempt = 0; ; attempt++) {
      const row = this.db.getRepository(Delivery).create({
        tracking_no: newTrackingNo(),
        external_no: dto.external_no,
        ...owner,
        name: owner.name?.slice(0, 120) ?? null,
        phone_key: phoneKey(owner.phone),
        type: dto.type,
        from_jara: dto.from_jara ? 1 : 0,
        warehouse_id: warehouse.id,
        shipping_type: dto.type === 'foreign' ? (dto.shipping_type ?? null) : (dto.shipping_type ?? null),
        shipping_id: null,
        status: DELIVERY_STATUS.PENDING_DELIVERY,
        weight_hundredths: null,
        size_hundredths: null,
        amount_minor: null,
        invoice_id: null,
        ...declaredOf(dto),
        last_mile: dto.last_mile ?? 'address',
        rider_id: null,
        status_changed_at: new Date(),
      });
      try {
        const events = await inTransaction(this.db, async (m) => {
          await m.insert(Delivery, row);
          await writeContents(m, row.id, parseContents(dto.contents).lines);
          await this.record(m, row.id, null, DELIVERY_STATUS.PENDING_DELIVERY, {
            ...mover,
            location: warehouse.name,
          });
          const events = await this.announce(m, row, null, DELIVERY_STATUS.PENDING_DELIVERY, mover);
          // A guest's e-mail is asked to confirm the request before anything is billed to it (decision 032).
          if (!row.user_id && row.email)
            events.push(await this.outbox.enqueue(m, EVENTS.guestConfirmRequested, { deliveryId: row.id }));
          return events;
        });
        await this.deliver(events);
        return row.id;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  // ------------------------------------------------------------------------------------------------------ reading

  /** GET /trackings: an admin reads every delivery, anyone else their own. */
  async list(viewer: User, query: ListQuery): Promise<ListResult<DeliveryDto>> {
    const qb = this.base();
    const rest = { ...query };
    if (viewer.role !== 'admin') {
      qb.andWhere('d.user_id = :viewerId', { viewerId: viewer.id });
      delete rest.user_id;
    }
    const page = await paginate(qb, applyDateRange(qb, rest, 'd.created_at'), DELIVERY_SPEC);
    await this.withLocations(page.data);
    return page.map((d) => presentDelivery(d, viewer.role === 'admin'));
  }

  /** GET /trackings/{id}: the owner or an admin, with the history; anyone else 404. */
  async get(viewer: User, id: number): Promise<DeliveryDto> {
    const row = await this.base().andWhere('d.id = :id', { id }).getOne();
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id))
      throw new NotFoundError(MSG.deliveries.notFound);
    await this.withLocations([row]);
    const history = await this.history(id);
    return presentDelivery(row, viewer.role === 'admin', history);
  }

  /** GET /tracking-number/{no}: anyone; the status and the timeline, nothing personal. */
  async lookup(raw: string): Promise<TrackingLookup> {
    const trackingNo = normalizeTrackingNo(raw);
    if (!trackingNo) throw invalid('tracking_no', MSG.deliveries.trackingNoRequired);
    if (trackingNo.length > 20) throw new NotFoundError(MSG.deliveries.trackingNotFound);
    const row = await this.base().andWhere('d.tracking_no = :trackingNo', { trackingNo }).getOne();
    if (!row) throw new NotFoundError(MSG.deliveries.trackingNotFound);
    await this.withLocations([row]);
    return presentLookup(row, await this.history(row.id));
  }

  private base(): SelectQueryBuilder<Delivery> {
    // The customer's address is the parcel label's destination (issue 22).
    return this.db
      .getRepository(Delivery)
      .createQueryBuilder('d')
      .leftJoinAndSelect('d.warehouse', 'w')
      .leftJoinAndSelect('d.shipping', 's')
      .leftJoin('d.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.address', 'u.city', 'u.country'])
      .leftJoinAndMapOne('d.invoiceRef', Invoice, 'inv', 'inv.id = d.invoice_id');
  }

  /**
   * The locations of a page's warehouses and titles: one statement on a small table. (Joined into the page itself,
   * two more LEFT JOINs led SQLite's planner away from the list's index into a sort.)
   */
  private async withLocations(rows: Delivery[]): Promise<void> {
    const ids = new Set<number>();
    for (const row of rows) {
      if (row.warehouse) ids.add(row.warehouse.location_id);
      if (row.shipping) ids.add(row.shipping.location_id);
    }
    if (!ids.size) return;
    const found = await this.db.getRepository(Location).findBy({ id: In([...ids]) });
    const byId = new Map(found.map((l) => [l.id, l]));
    for (const row of rows) {
      if (row.warehouse) row.warehouse.location = byId.get(row.warehouse.location_id);
      if (row.shipping) row.shipping.location = byId.get(row.shipping.location_id);
    }
  }

  private history(deliveryId: number): Promise<DeliveryStatusChange[]> {
    return this.db
      .getRepository(DeliveryStatusChange)
      .createQueryBuilder('h')
      .leftJoin('h.actor', 'a')
      .addSelect(['a.id', 'a.name'])
      .where('h.delivery_id = :deliveryId', { deliveryId })
      .orderBy('h.id', 'ASC')
      .getMany();
  }

  // ------------------------------------------------------------------------------------------------------ proceed

  /**
   * PATCH /trackings/{id} (admin, Refine simple-rest's update): Proceed with only the fields sent; the shipping type,
   * title and measures not sent stay as they are (the same rules and fee as PUT).
   */
  async proceedPartial(admin: User, id: number, dto: Partial<ProceedDeliveryDto>): Promise<DeliveryDto> {
    const delivery = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!delivery) throw new NotFoundError(MSG.deliveries.notFound);
    const shippingType = dto.shipping_type ?? delivery.shipping_type;
    const shippingId = dto.shipping_id ?? delivery.shipping_id;
    if (!shippingType) throw invalid('shipping_type', MSG.shipping.typeInvalid);
    if (!shippingId) throw invalid('shipping_id', MSG.deliveries.titleUnknown);
    const measure = (hundredths: number | null) => (hundredths ? (hundredths / 100).toFixed(2) : 0);
    return this.proceed(admin, id, {
      shipping_type: shippingType,
      shipping_id: shippingId,
      weight: dto.weight ?? measure(delivery.weight_hundredths),
      size: dto.size ?? measure(delivery.size_hundredths),
      amount: dto.amount,
    });
  }

  /**
   * PUT /trackings/{id} (admin, Proceed): the shipping type, title and measures; the fee is computed here from the
   * cargo rates (a sent `amount` must equal it). A fee above 0 raises the delivery's USD invoice, or updates it while
   * unpaid; a paid fee can no longer change. A guest's delivery gets its invoice once it is linked to an account.
   */
  async proceed(admin: User, id: number, dto: ProceedDeliveryDto): Promise<DeliveryDto> {
    const delivery = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!delivery) throw new NotFoundError(MSG.deliveries.notFound);
    const proceedable: readonly number[] = [2, 3, 4, 5, 6];
    if (!proceedable.includes(delivery.status))
      throw invalid('status', MSG.deliveries.proceedRefused(deliveryStatusDetailLabel(delivery.status)));
    refuseUnsettledMeasure(delivery);
    const title = await this.db.getRepository(ShippingTitle).findOne({ where: { id: dto.shipping_id } });
    if (!title) throw invalid('shipping_id', MSG.deliveries.titleUnknown);
    if (title.type !== dto.shipping_type) throw invalid('shipping_id', MSG.deliveries.titleTypeMismatch);
    const weight = toHundredths(dto.weight ?? 0) ?? 0;
    const size = toHundredths(dto.size ?? 0) ?? 0;
    const rates = await this.db.getRepository(LogisticsSettingsRow).findOneBy({ id: 1 });
    // Issue 26: an air fee is charged on the greater of the weight and the last receipt's volumetric weight.
    const charged =
      dto.shipping_type === 'air_cargo' ? chargeableHundredths(weight, delivery.volumetric_hundredths ?? 0) : weight;
    const fee = cargoFeeCents(
      dto.shipping_type,
      { weight: (charged / 100).toFixed(2), size: (size / 100).toFixed(2) },
      {
        cost_per_cmb3: ((rates?.cost_per_cmb3_cents ?? 0) / 100).toFixed(2),
        cost_per_kg: ((rates?.cost_per_kg_cents ?? 0) / 100).toFixed(2),
      },
    );
    if (fee > MONEY_MAX_MINOR.USD) throw invalid('amount', MSG.deliveries.feeTooLarge);
    if (dto.amount !== undefined && toHundredths(dto.amount) !== fee)
      throw invalid('amount', MSG.deliveries.feeMismatch(formatDollars(fee)));

    const changes = {
      shipping_type: dto.shipping_type,
      shipping_id: title.id,
      // A measure of 0 (the form sends 0 for an empty field) is "not measured".
      weight_hundredths: weight > 0 ? weight : null,
      size_hundredths: size > 0 ? size : null,
      amount_minor: fee > 0 ? fee : null,
    };
    const description = feeDescription({ tracking_no: delivery.tracking_no, shipping_type: dto.shipping_type });
    const paidFeeChanges = (invoice: Invoice | null) =>
      invoice?.status === 'paid' && (invoice.amount_minor !== fee || delivery.shipping_type !== dto.shipping_type);
    /** The delivery as it was read, and its fee not paid at another amount or type (both checks may refuse). */
    const current = async (m: EntityManager): Promise<Invoice | null> => {
      const now = await m.findOne(Delivery, { where: { id } });
      if (!now || now.status !== delivery.status || now.invoice_id !== delivery.invoice_id)
        throw invalid('status', MSG.deliveries.proceedRefused(deliveryStatusDetailLabel(now?.status)));
      const invoice = now.invoice_id ? await m.findOne(Invoice, { where: { id: now.invoice_id } }) : null;
      if (paidFeeChanges(invoice)) throw new ConflictError(MSG.deliveries.feePaid);
      return invoice;
    };
    const events = await inTransaction(
      this.db,
      async (m) => {
        let issued: number | null = null;
        const invoice = await current(m);
        let invoiceId = invoice?.id ?? null;
        // A guest whose e-mail is confirmed is billed too, with no account: an invoice paid by its pay link (032).
        const guest = !delivery.user_id && !!delivery.email && (await guestContactConfirmed(m, delivery.id));
        if ((delivery.user_id || guest) && fee > 0 && !invoice) {
          const row = await this.invoices.issueIn(m, {
            userId: delivery.user_id ?? null,
            type: 'delivery',
            subjectId: delivery.id,
            subjectLabel: delivery.tracking_no,
            amountMinor: fee,
            currency: 'USD',
            description,
          });
          invoiceId = issued = row.id;
        } else if (invoice && invoice.status !== 'paid') {
          // An unpaid (or cancelled) invoice follows the fee through its owner: a new amount (every pending card
          // payment of the old one superseded, so an old checkout can never pay it), or cancelled when the fee is 0.
          if (fee > 0) {
            const changed = await this.invoices.amendIn(m, invoice.id, { amountMinor: fee, description });
            if (changed && (invoice.status === 'cancelled' || invoice.amount_minor !== fee)) issued = invoice.id;
          } else await this.invoices.cancelIn(m, invoice.id);
        }
        const moved = await m
          .createQueryBuilder()
          .update(Delivery)
          .set({ ...changes, invoice_id: invoiceId })
          .where('id = :id AND status = :status', { id: delivery.id, status: delivery.status })
          .execute();
        if (moved.affected !== 1)
          throw invalid('status', MSG.deliveries.proceedRefused(deliveryStatusDetailLabel(undefined)));
        if (!issued) return [];
        // A guest's invoice is e-mailed with a new pay link (the old one stops working); an account's is announced.
        if ((invoice ? invoice.user_id : (delivery.user_id ?? null)) === null)
          return [await this.outbox.enqueue(m, EVENTS.guestFeeDue, { deliveryId: delivery.id })];
        return this.invoices.announceIn(m, issued);
      },
      { before: async (m) => void (await current(m)) },
    );
    await this.deliver(events);
    return this.get(admin, id);
  }

  /**
   * POST /trackings/{id}/invoice (the owner's "Process Payment"): the fee invoice of a delivery whose fee was set
   * while it was a guest's (decision 025: accepting a request never invoices), raised on the owner's demand. A
   * delivery that has its invoice answers it unchanged; one without a fee is refused.
   */
  async raiseFeeInvoice(user: User, id: number): Promise<DeliveryDto> {
    const delivery = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!delivery || delivery.user_id !== user.id) throw new NotFoundError(MSG.deliveries.notFound);
    if (delivery.invoice_id) return this.get(user, id);
    if (!delivery.amount_minor) throw invalid('invoice', MSG.deliveries.feeNotSetYet);
    const events = await inTransaction(this.db, async (m) => {
      const now = await m.findOne(Delivery, { where: { id } });
      if (!now || now.user_id !== user.id || now.invoice_id || !now.amount_minor) return [];
      const row = await this.invoices.issueIn(m, {
        userId: user.id,
        type: 'delivery',
        subjectId: now.id,
        subjectLabel: now.tracking_no,
        amountMinor: now.amount_minor,
        currency: 'USD',
        description: feeDescription(now),
      });
      const set = await m
        .createQueryBuilder()
        .update(Delivery)
        .set({ invoice_id: row.id })
        .where('id = :id AND invoice_id IS NULL AND amount_minor = :fee', { id, fee: now.amount_minor })
        .execute();
      if (set.affected !== 1) throw new ConflictError(MSG.money.invoiceChanged);
      return this.invoices.announceIn(m, row.id);
    });
    await this.deliver(events);
    return this.get(user, id);
  }

  // ---------------------------------------------------------------------------------------------------- lifecycle

  /**
   * PATCH /trackings/{id}/status (admin): only the moves of DELIVERY_MOVES an admin may make, each running its
   * handler in the move's transaction: 'ready' needs the fee paid; 'cancel' and 'return' settle the fee invoice
   * (decision 024).
   */
  async changeStatus(admin: User, id: number, dto: DeliveryStatusDto): Promise<DeliveryDto> {
    const delivery = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!delivery) throw new NotFoundError(MSG.deliveries.notFound);
    const to = dto.status;
    await this.refuseMember(delivery);
    const move = deliveryMove(delivery.status, to);
    if (!move || !move.by.includes('admin'))
      throw invalid(
        'status',
        MSG.deliveries.moveRefused(deliveryStatusDetailLabel(delivery.status), deliveryStatusDetailLabel(to)),
      );
    await this.moveOne(
      delivery,
      to,
      {
        user: admin,
        role: 'admin',
        note: dto.note ?? null,
        location: dto.location ?? (await this.placeOf(delivery, to)),
      },
      this.handler(move.handler, delivery, dto),
    );
    return this.get(admin, id);
  }

  /** The handler a move runs (DELIVERY_MOVES names it): a check (may refuse; read only) and the work after the move. */
  private handler(name: DeliveryMoveHandler, delivery: Delivery, dto: DeliveryStatusDto): MoveStep {
    const fee = async (m: EntityManager) => {
      const now = await m.findOne(Delivery, {
        where: { id: delivery.id },
        select: ['id', 'invoice_id', 'amount_minor', 'shipping_id'],
      });
      const invoice = now?.invoice_id ? await m.findOne(Invoice, { where: { id: now.invoice_id } }) : null;
      return { now, invoice };
    };
    switch (name) {
      case 'move':
        return {};
      case 'ready':
        return {
          check: async (m) => {
            const { now, invoice } = await fee(m);
            // Proceeded with no fee (a measure or rate of 0): nothing to pay.
            if (now && now.shipping_id !== null && now.amount_minor === null) return;
            if (invoice?.status !== 'paid') throw invalid('status', MSG.deliveries.feeUnpaid);
          },
        };
      case 'cancel':
      case 'return': {
        // Before the parcel left (up to Ready for Shipping) a paid fee goes back to the wallet; after the voyage only
        // when the admin asks for it (refund_fee), as the carriage was done (decision 024).
        const refundable = delivery.status <= DELIVERY_FEE_REFUNDABLE_UNTIL || dto.refund_fee === true;
        return {
          check: async (m) => {
            const { invoice } = await fee(m);
            if (invoice?.status === 'paid' && !invoice.refunded_at && !refundable)
              throw new ConflictError(MSG.deliveries.feeRefundNeedsFlag);
          },
          apply: async (m) => {
            const { invoice } = await fee(m);
            if (!invoice) return;
            if (invoice.status === 'pending') await this.invoices.cancelIn(m, invoice.id);
            else if (invoice.status === 'paid' && !invoice.refunded_at) {
              if (!refundable) throw new ConflictError(MSG.deliveries.feeRefundNeedsFlag);
              await this.invoices.refundPaidIn(
                m,
                invoice.id,
                MSG.deliveries.feeRefundReason(delivery.tracking_no, deliveryStatusDetailLabel(dto.status)),
              );
            }
          },
        };
      }
    }
  }

  /** Where a move happens when the admin named no place: the warehouse for what happens there. */
  private async placeOf(delivery: Delivery, to: DeliveryStatus): Promise<string | null> {
    const atWarehouse: readonly number[] = [
      DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE,
      DELIVERY_STATUS.READY_FOR_SHIPPING,
      DELIVERY_STATUS.LOADED_INTO_CONTAINER,
    ];
    if (!atWarehouse.includes(to)) return null;
    const warehouse = await this.db.getRepository(Warehouse).findOne({ where: { id: delivery.warehouse_id } });
    return warehouse?.name ?? null;
  }

  /**
   * Moves one delivery from its status to `to` with its history entry, in one transaction that refuses if the status
   * changed meanwhile (another admin, a shipping title); the step's check runs first (on SQLite also before BEGIN),
   * its work after the conditional UPDATE, in the same transaction. Emits delivery.changed after the commit.
   */
  private async moveOne(delivery: Delivery, to: DeliveryStatus, mover: Mover, step: MoveStep = {}): Promise<void> {
    const from = delivery.status;
    const refused = (now: number | undefined) =>
      invalid('status', MSG.deliveries.moveRefused(deliveryStatusDetailLabel(now), deliveryStatusDetailLabel(to)));
    const events = await inTransaction(
      this.db,
      async (m) => {
        await step.check?.(m);
        const done = await m
          .createQueryBuilder()
          .update(Delivery)
          .set({ status: to, status_changed_at: new Date() })
          .where('id = :id AND status = :from', { id: delivery.id, from })
          .execute();
        if (done.affected !== 1) {
          const now = await m.findOne(Delivery, { where: { id: delivery.id }, select: ['id', 'status'] });
          throw refused(now?.status);
        }
        await this.record(m, delivery.id, from, to, mover);
        await step.apply?.(m);
        const events = await this.announce(m, delivery, from, to, mover);
        return [...events, ...(await this.membersFollowIn(m, delivery, to, mover))];
      },
      {
        before: async (m) => {
          const now = await m.findOne(Delivery, { where: { id: delivery.id }, select: ['id', 'status'] });
          if (!now || now.status !== from) throw refused(now?.status);
          await step.check?.(m);
        },
      },
    );
    await this.deliver(events);
  }

  /**
   * Issue 26, a rider's attempt (RiderService): delivered moves the parcel to Completed by the same conditional move as
   * every other (history, outbox); failed keeps its status with a history entry saying why. `apply` writes the
   * attempt in that transaction.
   */
  async riderAttempt(
    rider: User,
    delivery: Delivery,
    delivered: boolean,
    note: string,
    apply: (m: EntityManager) => Promise<void>,
  ): Promise<void> {
    const mover: Mover = { user: rider, role: 'rider', note, location: null };
    if (delivered) return this.moveOne(delivery, DELIVERY_STATUS.COMPLETED, mover, { apply });
    await inTransaction(this.db, async (m) => {
      await apply(m);
      await this.record(m, delivery.id, delivery.status, delivery.status, mover);
    });
    invalidateListCounts(this.db, COUNTS);
  }

  /**
   * Inside the change's transaction: delivery.changed to the outbox (decision 028) when the delivery has an owner
   * (a guest's is told nothing in-app). Answers the events' ids.
   */
  private async announce(
    m: EntityManager,
    delivery: Pick<Delivery, 'id' | 'tracking_no' | 'user_id'>,
    from: DeliveryStatus | null,
    to: DeliveryStatus,
    mover: Mover,
  ): Promise<number[]> {
    if (!delivery.user_id) return [];
    return [
      await this.outbox.enqueue(m, EVENTS.deliveryChanged, {
        deliveryId: delivery.id,
        trackingNo: delivery.tracking_no,
        userId: delivery.user_id,
        from,
        to,
        actorId: mover.user?.id ?? null,
      }),
    ];
  }

  /** After the commit: the lists' cached totals start again, then the change's events are delivered. */
  private async deliver(events: number[]): Promise<void> {
    invalidateListCounts(this.db, COUNTS);
    await this.outbox.deliver(events);
  }

  private async record(
    m: EntityManager,
    deliveryId: number,
    from: DeliveryStatus | null,
    to: DeliveryStatus,
    mover: Mover,
  ): Promise<void> {
    await m.insert(DeliveryStatusChange, {
      delivery_id: deliveryId,
      from_status: from,
      to_status: to,
      actor_id: mover.user?.id ?? null,
      actor_role: mover.role,
      note: mover.note?.slice(0, 500) ?? null,
      location: mover.location?.slice(0, 120) ?? null,
    });
  }

  // -------------------------------------------------------------------------------------------- shipping titles

  /**
   * POST /shippings/{id}/assign (admin, the Broadcast): puts foreign deliveries of the title's type on a title that
   * is still Loading. Each must be at the warehouse (2 or 3); one that is not refuses the whole request. Those Ready
   * for Shipping are then Loaded into Container at once.
   */
  async assign(admin: User, shippingId: number, ids: number[]): Promise<{ assigned: number; moved: number }> {
    const title = await this.db
      .getRepository(ShippingTitle)
      .findOne({ where: { id: shippingId }, relations: { location: true } });
    if (!title) throw new NotFoundError(MSG.shipping.titleNotFound);
    const unique = [...new Set(ids)];
    const rows = await this.db
      .getRepository(Delivery)
      .createQueryBuilder('d')
      .where('d.id IN (:...unique)', { unique })
      .getMany();
    if (rows.length !== unique.length) throw invalid('delivery_ids', MSG.deliveries.notFound);
    if (title.status !== 1) throw invalid('delivery_ids', MSG.deliveries.titleNotLoading);
    const assignable: readonly number[] = DELIVERY_ASSIGNABLE_STATUSES;
    for (const row of rows)
      if (
        row.parent_id ||
        row.type !== 'foreign' ||
        row.shipping_type !== title.type ||
        !assignable.includes(row.status)
      )
        throw invalid('delivery_ids', MSG.deliveries.assignRefused(row.tracking_no));
    await inTransaction(this.db, (m) =>
      m
        .createQueryBuilder()
        .update(Delivery)
        .set({ shipping_id: title.id })
        .where('id IN (:...unique)', { unique })
        .execute(),
    );
    invalidateListCounts(this.db, COUNTS);
    const moved = await this.follow(title, admin);
    return { assigned: rows.length, moved };
  }

  /**
   * What setting a title to `status` would do (issue 22, asked before the admin confirms): how many of its
   * deliveries follow it (as `follow` would move them) and, by status, the ones that stay and why. One grouped count
   * on idx_deliveries_shipping_status.
   */
  async previewFollow(titleId: number, status: unknown): Promise<ShippingMovePreview> {
    const value = Number(status);
    if (!SHIPPING_TITLE_STATUSES.some((s) => s.code === value)) throw invalid('status', MSG.shipping.statusInvalid);
    if (!(await this.db.getRepository(ShippingTitle).existsBy({ id: titleId })))
      throw new NotFoundError(MSG.shipping.titleNotFound);
    const titleStatus = value as ShippingTitleStatus;
    const target = SHIPPING_TITLE_MOVES[titleStatus];
    const sources = shippingTitleMoveSources(titleStatus);
    const counts: Array<{ status: number | string; n: number | string }> = await this.db
      .getRepository(Delivery)
      .createQueryBuilder('d')
      .select('d.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .where('d.shipping_id = :id', { id: titleId })
      .groupBy('d.status')
      .orderBy('d.status', 'ASC')
      .getRawMany();
    let moving = 0;
    const staying: ShippingMovePreview['staying'] = [];
    for (const row of counts) {
      const from = Number(row.status) as DeliveryStatus;
      const count = Number(row.n);
      if (sources.includes(from)) moving += count;
      else staying.push({ status: from, count, reason: shippingStayReason(from, target) });
    }
    return { status: titleStatus, target, moving, staying };
  }

  /**
   * A title's status moves its deliveries on their voyage forward (Loading -> 4, Transit -> 5, Arrived -> 6), each
   * with its history entry and a notification. A delivery another admin moved meanwhile is left as it is.
   */
  async follow(
    title: Pick<ShippingTitle, 'id' | 'status' | 'name'> & { location?: { name: string } | null },
    actor: User | null,
  ): Promise<number> {
    const target = SHIPPING_TITLE_MOVES[title.status as ShippingTitleStatus];
    if (target === undefined) return 0;
    // Only the moves of the table a title may make: Loading takes 3 to 4, Transit 3 or 4 to 5, Arrived 5 to 6.
    const earlier = shippingTitleMoveSources(title.status);
    if (!earlier.length) return 0;
    let moved = 0;
    for (;;) {
      const batch = await this.db
        .getRepository(Delivery)
        .createQueryBuilder('d')
        .where('d.shipping_id = :id AND d.status IN (:...earlier)', { id: title.id, earlier })
        .orderBy('d.id', 'ASC')
        .limit(200)
        .getMany();
      if (!batch.length) return moved;
      let progress = 0;
      for (const delivery of batch) {
        try {
          await this.moveOne(delivery, target, {
            user: actor,
            role: actor ? 'admin' : 'system',
            note: `Shipping title ${title.name}`,
            location: target === DELIVERY_STATUS.ARRIVED_DESTINATION ? (title.location?.name ?? null) : null,
          });
          moved++;
          progress++;
        } catch (error) {
          // Moved meanwhile (another admin, say 3 -> 4 while the title goes to Transit): look again, as it may still
          // be on the title's way from its new status; otherwise it would stay behind.
          const now = await this.db
            .getRepository(Delivery)
            .findOne({ where: { id: delivery.id }, select: ['id', 'status'] });
          if (now && now.status !== delivery.status) progress++;
          else
            this.logger.warn(`Delivery ${delivery.id} did not follow title ${title.id}: ${(error as Error).message}`);
        }
      }
      if (!progress) return moved;
    }
  }

  // --------------------------------------------------------------------------------------------------- accounts

  /**
   * A guest's requests are offered, never attached (decision 025): the ones made with the account's verified e-mail
   * that nobody accepted and this account did not decline. (Phone numbers are not verified, so they never match.)
   */
  private offered(user: User): SelectQueryBuilder<Delivery> | null {
    if (!user.email_verified_at || !user.email) return null;
    return this.base()
      .andWhere('d.user_id IS NULL')
      .andWhere('d.email = :claimEmail', { claimEmail: user.email.toLowerCase() })
      .andWhere(
        'NOT EXISTS (SELECT 1 FROM delivery_claim_declines c WHERE c.delivery_id = d.id AND c.user_id = :claimUser)',
        { claimUser: user.id },
      );
  }

  /** GET /trackings/unclaimed: the guest requests this account may accept or decline (at most 50, newest first). */
  async unclaimed(user: User): Promise<DeliveryDto[]> {
    const qb = this.offered(user);
    if (!qb) return [];
    const rows = await qb.orderBy('d.created_at', 'DESC').addOrderBy('d.id', 'DESC').limit(50).getMany();
    await this.withLocations(rows);
    return rows.map((row) => presentDelivery(row, false));
  }

  /** One offered request, or 404 (a request not made with this account's e-mail, taken, or declined). */
  private async offeredOne(user: User, id: number): Promise<Delivery> {
    const row = await this.offered(user)?.andWhere('d.id = :claimId', { claimId: id }).getOne();
    if (!row) throw new NotFoundError(MSG.deliveries.notFound);
    return row;
  }

  /**
   * POST /trackings/{id}/claim: the account holder accepts a guest request made with their e-mail; it joins the
   * account by one conditional UPDATE (two accounts at once: one wins, the other gets 404). Nothing is invoiced: the
   * fee invoice is raised by the admin's Proceed or the owner's Process Payment (raiseFeeInvoice).
   */
  async claim(user: User, id: number): Promise<DeliveryDto> {
    const row = await this.offeredOne(user, id);
    const done = await inTransaction(this.db, async (m) => {
      const set = await m
        .createQueryBuilder()
        .update(Delivery)
        .set({ user_id: user.id })
        .where('id = :id AND user_id IS NULL AND email = :email', { id, email: row.email })
        .execute();
      if (set.affected !== 1) return false;
      await this.record(m, id, row.status, row.status, { user, role: 'customer', note: MSG.deliveries.claimAccepted });
      return true;
    });
    if (!done) throw new NotFoundError(MSG.deliveries.notFound);
    invalidateListCounts(this.db, COUNTS);
    return this.get(user, id);
  }

  /** POST /trackings/{id}/decline: never offered to this account again (a repeat answers the same). */
  async decline(user: User, id: number): Promise<void> {
    await this.offeredOne(user, id);
    try {
      await inTransaction(this.db, (m) => m.insert(DeliveryClaimDecline, { delivery_id: id, user_id: user.id }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  // ------------------------------------------------------------------------ issue 26: receipts and consolidation

  /**
   * Inside a receipt's transaction: a parcel still Pending Delivery arrives (1 -> 2) with its history entry; answers
   * the events to deliver after the commit (none when it was already at the warehouse).
   */
  async arriveIn(m: EntityManager, delivery: Delivery, mover: Mover): Promise<number[]> {
    if (delivery.status !== DELIVERY_STATUS.PENDING_DELIVERY) return [];
    const to = DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE;
    const done = await m
      .createQueryBuilder()
      .update(Delivery)
      .set({ status: to, status_changed_at: new Date() })
      .where('id = :id AND status = :from', { id: delivery.id, from: delivery.status })
      .execute();
    if (done.affected !== 1) throw new ConflictError(MSG.deliveries.proceedRefused('changed'));
    await this.record(m, delivery.id, delivery.status, to, mover);
    return this.announce(m, delivery, delivery.status, to, mover);
  }

  /** Inside a transaction: a history entry that changes no status (a receipt, packing into a consolidated parcel). */
  async noteIn(m: EntityManager, delivery: Pick<Delivery, 'id' | 'status'>, mover: Mover): Promise<void> {
    await this.record(m, delivery.id, delivery.status, delivery.status, mover);
  }

  /** After a commit: the lists' totals start again and the events go out. */
  async deliverEvents(events: number[]): Promise<void> {
    await this.deliver(events);
  }

  /**
   * Inside an unpacking's transaction (decision 047): the consolidated parcel, still at the warehouse (2 or 3), is
   * Cancelled by a conditional move (422 if it left meanwhile) with its history entry naming the members; each member
   * leaves it (parent and consolidation cleared) back at Delivered to Warehouse with no title and no fee (it is priced
   * again on its own: a parcel Ready for Shipping means its fee is settled), a history entry each. Owners are told.
   * Answers the events to deliver after the commit.
   */
  async unpackIn(m: EntityManager, parent: Delivery, mover: Mover): Promise<number[]> {
    const atWarehouse: readonly number[] = [DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE, DELIVERY_STATUS.READY_FOR_SHIPPING];
    const refused = (status: number | undefined) =>
      invalid('status', RECEIPT_MSG.unpackLeftWarehouse(parent.tracking_no, deliveryStatusDetailLabel(status)));
    if (!atWarehouse.includes(parent.status)) throw refused(parent.status);
    const members = await m.find(Delivery, {
      where: { parent_id: parent.id },
      select: ['id', 'status', 'tracking_no', 'user_id'],
      order: { id: 'ASC' },
    });
    const to = DELIVERY_STATUS.CANCELLED;
    const done = await m
      .createQueryBuilder()
      .update(Delivery)
      .set({ status: to, status_changed_at: new Date() })
      .where('id = :id AND status = :from', { id: parent.id, from: parent.status })
      .execute();
    if (done.affected !== 1) {
      const now = await m.findOne(Delivery, { where: { id: parent.id }, select: ['id', 'status'] });
      throw refused(now?.status);
    }
    const list = members.map((x) => x.tracking_no).join(', ');
    await this.record(m, parent.id, parent.status, to, { ...mover, note: RECEIPT_MSG.parentUnpacked(list) });
    const events = await this.announce(m, parent, parent.status, to, mover);
    const back = DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE;
    const note = RECEIPT_MSG.memberUnpacked(parent.tracking_no);
    for (const member of members) {
      const left = await m.update(
        Delivery,
        { id: member.id, parent_id: parent.id, status: member.status },
        {
          parent_id: null,
          consolidation_id: null,
          shipping_id: null,
          amount_minor: null,
          status: back,
          status_changed_at: new Date(),
        },
      );
      if (left.affected !== 1) throw new ConflictError(RECEIPT_MSG.consolidationRefused(member.tracking_no));
      await this.record(m, member.id, member.status, back, { ...mover, note });
      if (member.status !== back) events.push(...(await this.announce(m, member, member.status, back, mover)));
    }
    return events;
  }

  /** A member of a consolidated parcel is moved only through its parent (422 naming it). */
  private async refuseMember(delivery: Delivery): Promise<void> {
    if (!delivery.parent_id) return;
    const parent = await this.db.getRepository(Delivery).findOne({ where: { id: delivery.parent_id } });
    throw invalid('status', RECEIPT_MSG.memberMoveRefused(parent?.tracking_no ?? ''));
  }

  /**
   * Inside a parent's move: its members follow it to `to`, each with a history entry saying so (and its owner told).
   * One indexed read (idx_deliveries_parent) for a parcel that is no parent.
   */
  private async membersFollowIn(
    m: EntityManager,
    parent: Pick<Delivery, 'id' | 'tracking_no'>,
    to: DeliveryStatus,
    mover: Mover,
  ): Promise<number[]> {
    const members = await m.find(Delivery, {
      where: { parent_id: parent.id },
      select: ['id', 'status', 'tracking_no', 'user_id'],
    });
    const events: number[] = [];
    const note = RECEIPT_MSG.memberFollows(parent.tracking_no);
    for (const member of members) {
      if (member.status === to) continue;
      await m.update(Delivery, { id: member.id, status: member.status }, { status: to, status_changed_at: new Date() });
      await this.record(m, member.id, member.status, to, { ...mover, note });
      events.push(...(await this.announce(m, member, member.status, to, mover)));
    }
    return events;
  }

  /** invoice.paid of a delivery: nothing moves (spec), but the lists show the Payment column anew. */
  paid(): void {
    invalidateListCounts(this.db, COUNTS);
  }
}
