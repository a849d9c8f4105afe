import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  DELIVERY_STATUS,
  deliveryMove,
  deliveryStatusDetailLabel,
  failureReasonLabel,
  MSG,
  RIDER_MSG,
  type ProofOfDelivery,
  type RiderParcel,
} from '@jara/contracts';
import type { RiderAttemptDto } from '@jara/dto';
import { InvalidError, invalid, NotFoundError } from '../../common/errors';
import { invalidateListCounts } from '../../common/list/list-query';
import { sniffImage } from '../../common/storage/image-sniff';
import { StorageService } from '../../common/storage/storage.service';
import { inTransaction } from '../../database/transaction';
import { User } from '../users/user.entity';
import { DeliveriesService } from './deliveries.service';
import { Delivery } from './delivery.entity';
import { DeliveryAttempt, DeliveryContent } from './last-mile.entity';

type Upload = Express.Multer.File | undefined;
export type PodFile = 'photo' | 'signature';
const PER_PAGE_MAX = 50;

/** The start of today in UTC (the rider's day). */
function todayStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The last mile (issue 26, decision 045): staff assign a rider to a parcel; the rider's phone page lists the parcels
 * assigned to them that wait for delivery (Arrived Destination) and records each attempt: delivered (recipient's
 * name, a photo, a drawn signature; the parcel moves to Completed through DeliveriesService's move) or failed (a
 * reason; the parcel stays and shows in the problem queue). A rider sees only their parcels and never an amount.
 */
@Injectable()
export class RiderService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly deliveries: DeliveriesService,
    private readonly storage: StorageService,
  ) {}

  /** GET /riders (admin): the accounts with the rider role, for the assign select (at most 200, by name). */
  async riders(): Promise<Array<{ id: number; name: string | null; email: string }>> {
    const rows = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .select(['u.id', 'u.name', 'u.email'])
      .where('u.role = :role', { role: 'rider' })
      .orderBy('u.name', 'ASC')
      .limit(200)
      .getMany();
    return rows.map((u) => ({ id: u.id, name: u.name, email: u.email }));
  }

  /** PUT /trackings/{id}/rider (admin): the parcel's rider, or none. */
  async assign(id: number, riderId: number | null): Promise<{ id: number; rider_id: number | null }> {
    const parcel = await this.db.getRepository(Delivery).findOne({ where: { id }, select: ['id', 'status'] });
    if (!parcel) throw new NotFoundError(MSG.deliveries.notFound);
    if (riderId !== null) {
      const rider = await this.db.getRepository(User).findOne({ where: { id: riderId }, select: ['id', 'role'] });
      if (!rider || rider.role !== 'rider') throw invalid('rider_id', RIDER_MSG.riderUnknown);
    }
    await inTransaction(this.db, (m) => m.update(Delivery, { id }, { rider_id: riderId }));
    invalidateListCounts(this.db, 'deliveries');
    return { id, rider_id: riderId };
  }

  /**
   * GET /rider/parcels (rider): the parcels assigned to this rider that wait for delivery (idx_deliveries_rider_status),
   * oldest first, paged; then the attempts this rider recorded today (idx_delivery_attempts_rider).
   */
  async list(rider: User, page = 1, perPage = 20) {
    const take = Math.min(Math.max(Math.trunc(perPage) || 20, 1), PER_PAGE_MAX);
    const skip = (Math.min(Math.max(Math.trunc(page) || 1, 1), 200) - 1) * take;
    const base = () =>
      this.db.getRepository(Delivery).createQueryBuilder('d').where('d.rider_id = :rider AND d.status = :status', {
        rider: rider.id,
        status: DELIVERY_STATUS.ARRIVED_DESTINATION,
      });
    const [rows, total] = await Promise.all([
      base()
        .leftJoinAndSelect('d.warehouse', 'w')
        .leftJoin('d.user', 'u')
        .addSelect(['u.id', 'u.name', 'u.phone', 'u.address', 'u.city', 'u.country'])
        .orderBy('d.id', 'ASC')
        .offset(skip)
        .limit(take)
        .getMany(),
      base().getCount(),
    ]);
    const done = await this.db
      .getRepository(DeliveryAttempt)
      .createQueryBuilder('a')
      .innerJoinAndSelect('a.delivery', 'd')
      .leftJoin('d.user', 'u')
      .addSelect(['u.id', 'u.name', 'u.phone', 'u.address', 'u.city', 'u.country'])
      .leftJoinAndSelect('d.warehouse', 'w')
      .where('a.rider_id = :rider AND a.created_at >= :today', { rider: rider.id, today: todayStart() })
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .limit(100)
      .getMany();
    const ids = [...rows.map((r) => r.id), ...done.map((a) => a.delivery_id)];
    const counts = new Map<number, number>();
    if (ids.length) {
      const raw: Array<{ id: number | string; n: number | string }> = await this.db
        .getRepository(DeliveryContent)
        .createQueryBuilder('c')
        .select('c.delivery_id', 'id')
        .addSelect('COUNT(*)', 'n')
        .where('c.delivery_id IN (:...ids)', { ids })
        .groupBy('c.delivery_id')
        .getRawMany();
      for (const r of raw) counts.set(Number(r.id), Number(r.n));
    }
    const lastAttempt = new Map<number, DeliveryAttempt>();
    for (const a of done) if (!lastAttempt.has(a.delivery_id)) lastAttempt.set(a.delivery_id, a);
    const present = (d: Delivery): RiderParcel => {
      const attempt = lastAttempt.get(d.id);
      const address = [d.user?.address, d.user?.city, d.user?.country].filter(Boolean).join(', ');
      return {
        id: d.id,
        tracking_no: d.tracking_no,
        status: d.status,
        status_label: deliveryStatusDetailLabel(d.status),
        last_mile: d.last_mile,
        recipient: d.user?.name ?? d.name,
        phone: d.user?.phone ?? d.phone,
        destination: d.last_mile === 'pickup' ? (d.warehouse?.name ?? null) : address || null,
        contents_count: counts.get(d.id) ?? 0,
        attempt: attempt
          ? {
              outcome: attempt.outcome,
              reason_label: attempt.reason ? failureReasonLabel(attempt.reason) : null,
              at: attempt.created_at.toISOString(),
            }
          : null,
      };
    };
    const seen = new Set<number>();
    const today = done
      .filter((a) => !seen.has(a.delivery_id) && seen.add(a.delivery_id))
      .map((a) => present(a.delivery as Delivery));
    return {
      data: rows.map(present),
      meta: { total, page: skip / take + 1, per_page: take },
      today,
    };
  }

  /** The rider's own assigned parcel, or 404 (another rider's, or none: the same answer). */
  private async own(rider: User, id: number): Promise<Delivery> {
    const row = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!row || row.rider_id !== rider.id) throw new NotFoundError(RIDER_MSG.notFound);
    return row;
  }

  /** POST /rider/parcels/{id}/attempts (rider): delivered or failed, checked here; the files sniffed and private. */
  async attempt(
    rider: User,
    id: number,
    dto: RiderAttemptDto,
    files: { photo?: Upload[]; signature?: Upload[] },
  ): Promise<{ outcome: 'delivered' | 'failed' }> {
    const parcel = await this.own(rider, id);
    const move = deliveryMove(parcel.status, DELIVERY_STATUS.COMPLETED);
    if (parcel.status !== DELIVERY_STATUS.ARRIVED_DESTINATION || !move?.by.includes('rider'))
      throw invalid('status', RIDER_MSG.notOutForDelivery);
    const delivered = dto.outcome === 'delivered';
    const photo = files.photo?.[0];
    const signature = files.signature?.[0];
    if (delivered) {
      const errors: Record<string, string[]> = {};
      if (!dto.recipient_name) errors.recipient_name = [RIDER_MSG.recipientRequired];
      if (!photo) errors.photo = [RIDER_MSG.photoRequired];
      if (!signature) errors.signature = [RIDER_MSG.signatureRequired];
      else if ((await sniffImage(signature.buffer))?.mime !== 'image/png') errors.signature = [RIDER_MSG.signaturePng];
      if (Object.keys(errors).length) throw new InvalidError(errors);
    } else if (!dto.reason) throw invalid('reason', RIDER_MSG.reasonInvalid);
    let photoKey: string | null = null;
    let signatureKey: string | null = null;
    try {
      if (delivered) {
        // Checked by content and re-encoded like identity documents: private, served only to the owner and staff.
        photoKey = await this.storage.savePrivateImage('pod', photo, 'photo');
        signatureKey = await this.storage.savePrivateImage('pod', signature, 'signature');
      }
      const note = delivered
        ? `Delivered to ${dto.recipient_name}`
        : `Delivery attempt failed: ${failureReasonLabel(dto.reason)}`;
      await this.deliveries.riderAttempt(rider, parcel, delivered, note, async (m) => {
        await m.update(DeliveryAttempt, { delivery_id: parcel.id, open: 1 }, { open: 0 });
        await m.insert(DeliveryAttempt, {
          delivery_id: parcel.id,
          rider_id: rider.id,
          outcome: dto.outcome,
          reason: delivered ? null : (dto.reason ?? null),
          recipient_name: delivered ? (dto.recipient_name ?? null) : null,
          photo_key: photoKey,
          signature_key: signatureKey,
          open: delivered ? 0 : 1,
        });
      });
    } catch (error) {
      await this.storage.removePrivate(photoKey);
      await this.storage.removePrivate(signatureKey);
      throw error;
    }
    return { outcome: dto.outcome };
  }

  /** The parcel for its owner or staff (anyone else 404). */
  private async viewable(viewer: User, id: number): Promise<Delivery> {
    const row = await this.db.getRepository(Delivery).findOne({ where: { id }, select: ['id', 'user_id'] });
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id))
      throw new NotFoundError(MSG.deliveries.notFound);
    return row;
  }

  /** GET /trackings/{id}/pod (owner or staff): every attempt, newest first, with links to its private files. */
  async proof(viewer: User, id: number): Promise<ProofOfDelivery[]> {
    await this.viewable(viewer, id);
    const rows = await this.db
      .getRepository(DeliveryAttempt)
      .createQueryBuilder('a')
      .leftJoin('a.rider', 'r')
      .addSelect(['r.id', 'r.name'])
      .where('a.delivery_id = :id', { id })
      .orderBy('a.id', 'DESC')
      .limit(20)
      .getMany();
    const file = (a: DeliveryAttempt, kind: PodFile) => `/api/v1/trackings/${id}/pod/${a.id}/${kind}`;
    return rows.map((a) => ({
      outcome: a.outcome,
      recipient_name: a.recipient_name,
      reason: a.reason,
      reason_label: a.reason ? failureReasonLabel(a.reason) : null,
      at: a.created_at.toISOString(),
      rider: a.rider ? { id: a.rider.id, name: a.rider.name } : null,
      photo_url: a.photo_key ? file(a, 'photo') : null,
      signature_url: a.signature_key ? file(a, 'signature') : null,
    }));
  }

  /** GET /trackings/{id}/pod/{attempt}/{photo|signature} (owner or staff): the private image's bytes. */
  async file(viewer: User, id: number, attemptId: number, kind: PodFile): Promise<Buffer> {
    await this.viewable(viewer, id);
    const row = await this.db.getRepository(DeliveryAttempt).findOne({ where: { id: attemptId, delivery_id: id } });
    const body = row ? await this.storage.readPrivate(kind === 'photo' ? row.photo_key : row.signature_key) : null;
    if (!body) throw new NotFoundError(MSG.deliveries.notFound);
    return body;
  }
}
