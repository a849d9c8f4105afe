import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  CONSOLIDATION_STATUS_LABELS,
  DELIVERY_STATUS,
  MSG,
  phoneKey,
  RECEIPT_MSG,
  type Consolidation as ConsolidationDto,
} from '@jara/contracts';
import { ConflictError, invalid, NotFoundError } from '../../common/errors';
import { integerFilter, paginate, type ListQuery, type ListResult, type ListSpec } from '../../common/list/list-query';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { Invoice } from '../invoices/invoice.entity';
import { InvoicesService } from '../invoices/invoices.service';
import { oneOf } from '../wallet/wallet.service';
import { User } from '../users/user.entity';
import type { PackConsolidationDto } from '@jara/dto';
import { DeliveriesService } from './deliveries.service';
import { Delivery, DeliveryStatusChange } from './delivery.entity';
import { Consolidation } from './receipt.entity';
import { ReceiptsService } from './receipts.service';
import { newTrackingNo } from './tracking-number';

const SPEC: ListSpec = {
  sortable: { id: 'c.id' },
  filterable: {
    status: oneOf('c.status', ['requested', 'packed', 'cancelled', 'unpacked'], 'status'),
    id: integerFilter('c.id', { multi: true, ops: ['eq'] }),
  },
  defaultSort: { field: 'id', order: 'DESC' },
  tiebreaker: 'c.id',
  defaultPerPage: 20,
  limitOffset: true,
};

/** Parcels that may be chosen: received at the warehouse (2 or 3), not grouped, not a member, fee not paid. */
const CONSOLIDABLE: readonly number[] = [DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE, DELIVERY_STATUS.READY_FOR_SHIPPING];

/**
 * Consolidation (issue 26, decision 044): a customer chooses parcels at one warehouse to ship together; staff pack
 * them into one consolidated parcel (a delivery of its own, with its tracking number) and measure it with a receipt.
 * The fee is charged once, on the consolidated parcel: the members' pending fee invoices are cancelled and they carry
 * none. The members follow the parent's status (DeliveriesService.moveOne), and a shipping title carries the parent.
 */
@Injectable()
export class ConsolidationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly deliveries: DeliveriesService,
    private readonly receipts: ReceiptsService,
    private readonly invoices: InvoicesService,
  ) {}

  /** POST /consolidations (the owner): 2-50 of their own parcels at one warehouse, of one shipping type. */
  async request(user: User, ids: number[]): Promise<ConsolidationDto> {
    const unique = [...new Set(ids)];
    if (unique.length < 2) throw invalid('delivery_ids', RECEIPT_MSG.consolidationMin);
    const rows = await this.db.getRepository(Delivery).find({ where: { id: In(unique) } });
    // Another customer's parcel (or none) is not found, as everywhere else.
    if (rows.length !== unique.length || rows.some((r) => r.user_id !== user.id))
      throw new NotFoundError(MSG.deliveries.notFound);
    const first = rows[0];
    for (const r of rows) await this.consolidable(r, first);
    const id = await inTransaction(this.db, async (m) => {
      const inserted = await m.insert(Consolidation, {
        user_id: user.id,
        warehouse_id: first.warehouse_id,
        shipping_type: first.shipping_type,
        status: 'requested',
        parent_id: null,
      });
      const cid = Number(inserted.identifiers[0].id);
      const set = await m
        .createQueryBuilder()
        .update(Delivery)
        .set({ consolidation_id: cid })
        .where('id IN (:...unique) AND user_id = :user AND consolidation_id IS NULL AND parent_id IS NULL', {
          unique,
          user: user.id,
        })
        .execute();
      if (set.affected !== unique.length) throw new ConflictError(RECEIPT_MSG.consolidationRefused(first.tracking_no));
      return cid;
    });
    return this.get(user, id);
  }

  private async consolidable(r: Delivery, first: Delivery): Promise<void> {
    const refused = () => invalid('delivery_ids', RECEIPT_MSG.consolidationRefused(r.tracking_no));
    if (
      r.type !== 'foreign' ||
      !CONSOLIDABLE.includes(r.status) ||
      r.consolidation_id ||
      r.parent_id ||
      r.warehouse_id !== first.warehouse_id ||
      r.shipping_type !== first.shipping_type ||
      r.measure_status === 'pending_acceptance' ||
      r.measure_status === 'disputed'
    )
      throw refused();
    if (r.invoice_id) {
      const invoice = await this.db.getRepository(Invoice).findOne({ where: { id: r.invoice_id } });
      if (invoice?.status === 'paid') throw refused();
    }
  }

  /** DELETE /consolidations/{id} (the owner, while requested): the parcels are free again. */
  async cancel(user: User, id: number): Promise<ConsolidationDto> {
    const c = await this.one(user, id);
    await inTransaction(this.db, async (m) => {
      const done = await m.update(Consolidation, { id: c.id, status: 'requested' }, { status: 'cancelled' });
      if (done.affected !== 1) throw invalid('status', RECEIPT_MSG.consolidationNotRequested);
      await m
        .createQueryBuilder()
        .update(Delivery)
        .set({ consolidation_id: null })
        .where('consolidation_id = :cid AND parent_id IS NULL', { cid: c.id })
        .execute();
    });
    return this.get(user, id);
  }

  /**
   * POST /consolidations/{id}/pack (admin): a new consolidated parcel at the warehouse (status 2) with its own
   * tracking number; the members join it (their pending fee invoices cancelled, no fee of their own, a history entry
   * each); then its receipt measures it and raises its one fee.
   */
  async pack(
    admin: User,
    id: number,
    dto: PackConsolidationDto,
    photos: Express.Multer.File[],
  ): Promise<ConsolidationDto> {
    const c = await this.one(admin, id);
    if (c.status !== 'requested') throw invalid('status', RECEIPT_MSG.consolidationNotRequested);
    const prepared = await this.receipts.prepare(dto, photos);
    const owner = await this.db.getRepository(User).findOne({ where: { id: c.user_id } });
    let parentId = 0;
    let trackingNo = '';
    try {
      for (let attempt = 0; ; attempt++) {
        trackingNo = newTrackingNo();
        try {
          parentId = await inTransaction(this.db, async (m) => {
            const members = await m.find(Delivery, { where: { consolidation_id: c.id } });
            const parent = m.create(Delivery, {
              tracking_no: trackingNo,
              external_no: `CONSOLIDATION-${c.id}`,
              user_id: c.user_id,
              name: owner?.name?.slice(0, 120) ?? owner?.email ?? null,
              phone: owner?.phone ?? null,
              phone_key: phoneKey(owner?.phone ?? null),
              email: null,
              type: 'foreign',
              from_jara: 0,
              warehouse_id: c.warehouse_id,
              shipping_type: c.shipping_type,
              shipping_id: null,
              status: DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE,
              weight_hundredths: null,
              size_hundredths: null,
              amount_minor: null,
              invoice_id: null,
              measure_status: 'none',
              consolidation_id: c.id,
              parent_id: null,
              status_changed_at: new Date(),
            });
            await m.insert(Delivery, parent);
            await m.insert(DeliveryStatusChange, {
              delivery_id: parent.id,
              from_status: null,
              to_status: DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE,
              actor_id: admin.id,
              actor_role: 'admin',
              note: `Consolidated parcel packed from ${members.map((x) => x.tracking_no).join(', ')}`.slice(0, 500),
              location: null,
            });
            for (const member of members) {
              if (!CONSOLIDABLE.includes(member.status) || member.parent_id)
                throw invalid('status', RECEIPT_MSG.consolidationRefused(member.tracking_no));
              const invoice = member.invoice_id ? await m.findOne(Invoice, { where: { id: member.invoice_id } }) : null;
              if (invoice?.status === 'paid')
                throw new ConflictError(RECEIPT_MSG.consolidationRefused(member.tracking_no));
              if (invoice?.status === 'pending') await this.invoices.cancelIn(m, invoice.id);
              const done = await m.update(
                Delivery,
                { id: member.id, status: member.status, consolidation_id: c.id },
                { parent_id: parent.id, amount_minor: null },
              );
              if (done.affected !== 1) throw new ConflictError(RECEIPT_MSG.consolidationRefused(member.tracking_no));
              await this.deliveries.noteIn(m, member, {
                user: admin,
                role: 'admin',
                note: `Packed into consolidated parcel ${trackingNo}`,
              });
            }
            const done = await m.update(
              Consolidation,
              { id: c.id, status: 'requested' },
              { status: 'packed', parent_id: parent.id },
            );
            if (done.affected !== 1) throw invalid('status', RECEIPT_MSG.consolidationNotRequested);
            return parent.id;
          });
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    } catch (error) {
      for (const key of prepared.photoKeys) await this.storage(key);
      throw error;
    }
    await this.receipts.apply(admin, parentId, trackingNo, prepared);
    return this.get(admin, id);
  }

  /**
   * POST /consolidations/{id}/unpack (admin, decision 047): undoes a packing while the consolidated parcel is still at
   * the warehouse and its fee is not paid. In one transaction: the consolidation is claimed by a conditional update
   * (of two unpackings at once one changes it, the other is a 422), a pending fee invoice is cancelled through its
   * owner's conditional update (a payment that settled it first refuses the whole unpacking, 409; one that comes after
   * finds it cancelled and is refused or refunded, decision 021), the parcel is Cancelled and the members go back to
   * the warehouse on their own (DeliveriesService.unpackIn). The admin's request is in the audit log.
   */
  async unpack(admin: User, id: number): Promise<ConsolidationDto> {
    const c = await this.one(admin, id);
    const parentId = c.parent_id;
    if (c.status !== 'packed' || !parentId) throw invalid('status', RECEIPT_MSG.consolidationNotPacked);
    /** The consolidated parcel and its fee invoice as they are now; a paid fee refuses (409). */
    const feeOf = async (m: EntityManager): Promise<{ parent: Delivery; invoice: Invoice | null }> => {
      const parent = await m.findOne(Delivery, { where: { id: parentId } });
      if (!parent) throw new NotFoundError(MSG.deliveries.notFound);
      const invoice = parent.invoice_id ? await m.findOne(Invoice, { where: { id: parent.invoice_id } }) : null;
      if (invoice?.status === 'paid') throw new ConflictError(RECEIPT_MSG.unpackFeePaid(parent.tracking_no));
      return { parent, invoice };
    };
    const events = await inTransaction(
      this.db,
      async (m) => {
        const claimed = await m.update(Consolidation, { id: c.id, status: 'packed' }, { status: 'unpacked' });
        if (claimed.affected !== 1) throw invalid('status', RECEIPT_MSG.consolidationNotPacked);
        const { parent, invoice } = await feeOf(m);
        if (invoice?.status === 'pending') {
          try {
            await this.invoices.cancelIn(m, invoice.id);
          } catch (error) {
            if (error instanceof ConflictError) throw new ConflictError(RECEIPT_MSG.unpackFeePaid(parent.tracking_no));
            throw error;
          }
        }
        return this.deliveries.unpackIn(m, parent, { user: admin, role: 'admin', note: null, location: null });
      },
      {
        before: async (m) => {
          const now = await m.findOne(Consolidation, { where: { id: c.id }, select: ['id', 'status'] });
          if (now?.status !== 'packed') throw invalid('status', RECEIPT_MSG.consolidationNotPacked);
          await feeOf(m);
        },
      },
    );
    await this.deliveries.deliverEvents(events);
    return this.get(admin, id);
  }

  private async storage(key: string): Promise<void> {
    await this.receipts.discardPhoto(key);
  }

  /** GET /consolidations: an admin's every one (status filter), a customer's own. */
  async list(viewer: User, query: ListQuery): Promise<ListResult<ConsolidationDto>> {
    const qb = this.db.getRepository(Consolidation).createQueryBuilder('c');
    if (viewer.role !== 'admin') qb.andWhere('c.user_id = :viewer', { viewer: viewer.id });
    const page = await paginate(qb, query, SPEC);
    const dtos = await this.present(page.data);
    return page.map((row) => dtos.get(row.id) as ConsolidationDto);
  }

  async get(viewer: User, id: number): Promise<ConsolidationDto> {
    const c = await this.one(viewer, id);
    return (await this.present([c])).get(c.id) as ConsolidationDto;
  }

  private async one(viewer: User, id: number): Promise<Consolidation> {
    const c = await this.db.getRepository(Consolidation).findOne({ where: { id } });
    if (!c || (viewer.role !== 'admin' && c.user_id !== viewer.id))
      throw new NotFoundError(RECEIPT_MSG.consolidationNotFound);
    return c;
  }

  private async present(rows: Consolidation[]): Promise<Map<number, ConsolidationDto>> {
    const out = new Map<number, ConsolidationDto>();
    if (!rows.length) return out;
    const ids = rows.map((r) => r.id);
    const members = await this.db.getRepository(Delivery).find({
      where: { consolidation_id: In(ids) },
      select: [
        'id',
        'tracking_no',
        'external_no',
        'status',
        'consolidation_id',
        'parent_id',
        'amount_minor',
        'invoice_id',
      ],
      order: { id: 'ASC' },
    });
    // Whether staff may unpack: the consolidated parcels' fee invoices that are paid (decision 047).
    const parentInvoices = members
      .filter((x) => rows.some((r) => r.parent_id === x.id) && x.invoice_id)
      .map((x) => x.invoice_id as number);
    const paid = new Set(
      parentInvoices.length
        ? (
            await this.db
              .getRepository(Invoice)
              .find({ where: { id: In(parentInvoices), status: 'paid' }, select: ['id'] })
          ).map((i) => i.id)
        : [],
    );
    const full = await this.db
      .getRepository(Consolidation)
      .find({ where: { id: In(ids) }, relations: { user: true, warehouse: true } });
    const byId = new Map(full.map((r) => [r.id, r]));
    for (const r of rows) {
      const f = byId.get(r.id) ?? r;
      const mine = members.filter((x) => x.consolidation_id === r.id);
      const parent = r.parent_id ? mine.find((x) => x.id === r.parent_id) : undefined;
      out.set(r.id, {
        id: r.id,
        user: f.user ? { id: f.user.id, name: f.user.name } : null,
        warehouse: f.warehouse ? { id: f.warehouse.id, name: f.warehouse.name } : null,
        shipping_type: r.shipping_type,
        status: r.status,
        status_label: CONSOLIDATION_STATUS_LABELS[r.status],
        members: mine
          .filter((x) => x.id !== r.parent_id)
          .map((x) => ({ id: x.id, tracking_no: x.tracking_no, external_no: x.external_no, status: x.status })),
        parent: parent
          ? { id: parent.id, tracking_no: parent.tracking_no, amount_minor: parent.amount_minor, status: parent.status }
          : null,
        unpackable:
          r.status === 'packed' &&
          !!parent &&
          CONSOLIDABLE.includes(parent.status) &&
          !(parent.invoice_id && paid.has(parent.invoice_id)),
        created_at: new Date(r.created_at).toISOString(),
      });
    }
    return out;
  }
}
