import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  centsToDollars,
  contentCategoryLabel,
  contentsTotalCents,
  CONTENTS_MSG,
  DELIVERY_STATUS,
  deliveryStatusDetailLabel,
  MSG,
  parseContents,
  type DeliveryContentLine,
} from '@jara/contracts';
import { InvalidError, NotFoundError } from '../../common/errors';
import { inTransaction } from '../../database/transaction';
import type { User } from '../users/user.entity';
import { Delivery } from './delivery.entity';
import { DeliveryContent } from './last-mile.entity';
import { ShippingTitle } from './logistics.entity';
import { textPdf } from './minimal-pdf';

type Line = Omit<DeliveryContentLine, 'value' | 'category_label'>;

/** Inside a transaction: a parcel's declared list becomes `lines` (the old lines go). */
export async function writeContents(m: EntityManager, deliveryId: number, lines: Line[]): Promise<void> {
  await m.delete(DeliveryContent, { delivery_id: deliveryId });
  if (!lines.length) return;
  await m.insert(
    DeliveryContent,
    lines.map((line, position) => ({ delivery_id: deliveryId, position, ...line })),
  );
}

export function presentContent(row: Pick<DeliveryContent, keyof Line>): DeliveryContentLine {
  return {
    description: row.description,
    quantity: row.quantity,
    value_cents: row.value_cents,
    value: centsToDollars(row.value_cents),
    category: row.category,
    category_label: contentCategoryLabel(row.category),
  };
}

/** The customer edits their declaration until the parcel is at the warehouse; staff until it is loaded. */
const OWNER_EDITABLE: readonly number[] = [DELIVERY_STATUS.PENDING_DELIVERY, DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE];
const STAFF_EDITABLE: readonly number[] = [...OWNER_EDITABLE, DELIVERY_STATUS.READY_FOR_SHIPPING];
const MANIFEST_BATCH = 500;

/** A CSV cell: quoted, and text a spreadsheet would run as a formula made inert with a leading apostrophe. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export interface ManifestRow {
  tracking_no: string;
  customer: string;
  destination: string;
  status: string;
  description: string;
  quantity: number;
  category: string;
  value: string;
  value_cents: number;
}

/**
 * Declared contents (issue 26, decision 045): each parcel's list of lines (customs), read by its owner and staff,
 * edited by the owner while the parcel has not reached Ready for Shipping and by staff until it is loaded; and a
 * shipping title's manifest (every line of every parcel on it) as CSV and PDF.
 */
@Injectable()
export class ContentsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private async parcel(viewer: User, id: number): Promise<Delivery> {
    const row = await this.db.getRepository(Delivery).findOne({ where: { id } });
    if (!row || (viewer.role !== 'admin' && row.user_id !== viewer.id))
      throw new NotFoundError(MSG.deliveries.notFound);
    return row;
  }

  /** GET /trackings/{id}/contents: the owner or staff; with the declared total. */
  async get(viewer: User, id: number): Promise<{ lines: DeliveryContentLine[]; total_cents: number; total: string }> {
    await this.parcel(viewer, id);
    const lines = (await this.linesOf([id])).get(id) ?? [];
    const total = contentsTotalCents(lines);
    return { lines, total_cents: total, total: centsToDollars(total) };
  }

  /** PUT /trackings/{id}/contents: replaces the list (an empty list clears it). */
  async replace(viewer: User, id: number, raw: unknown) {
    const parcel = await this.parcel(viewer, id);
    const { lines, errors } = parseContents(raw ?? []);
    if (Object.keys(errors).length) throw new InvalidError(errors);
    const editable = viewer.role === 'admin' ? STAFF_EDITABLE : OWNER_EDITABLE;
    if (!editable.includes(parcel.status)) throw new InvalidError({ contents: [CONTENTS_MSG.locked] });
    await inTransaction(this.db, async (m) => {
      // Conditional on the status it was read in: a parcel moved on meanwhile is refused, not edited.
      const now = await m.findOne(Delivery, { where: { id }, select: ['id', 'status'] });
      if (!now || !editable.includes(now.status)) throw new InvalidError({ contents: [CONTENTS_MSG.locked] });
      await writeContents(m, id, lines);
    });
    return this.get(viewer, id);
  }

  /** Several parcels' lines in one statement (idx_delivery_contents_delivery), by parcel id. */
  async linesOf(ids: number[]): Promise<Map<number, DeliveryContentLine[]>> {
    const out = new Map<number, DeliveryContentLine[]>();
    if (!ids.length) return out;
    const rows = await this.db
      .getRepository(DeliveryContent)
      .find({ where: { delivery_id: In(ids) }, order: { delivery_id: 'ASC', position: 'ASC' } });
    for (const row of rows) {
      const list = out.get(row.delivery_id) ?? [];
      list.push(presentContent(row));
      out.set(row.delivery_id, list);
    }
    return out;
  }

  /** Every declared line of a title's parcels, in batches of parcels by id (idx_deliveries_shipping_status). */
  async manifest(titleId: number): Promise<{ title: ShippingTitle; rows: ManifestRow[] }> {
    const title = await this.db
      .getRepository(ShippingTitle)
      .findOne({ where: { id: titleId }, relations: { location: true } });
    if (!title) throw new NotFoundError(MSG.shipping.titleNotFound);
    const rows: ManifestRow[] = [];
    let after = 0;
    for (;;) {
      const parcels = await this.db
        .getRepository(Delivery)
        .createQueryBuilder('d')
        .leftJoin('d.user', 'u')
        .addSelect(['u.id', 'u.name', 'u.city', 'u.country'])
        .where('d.shipping_id = :titleId AND d.id > :after', { titleId, after })
        .orderBy('d.id', 'ASC')
        .limit(MANIFEST_BATCH)
        .getMany();
      if (!parcels.length) break;
      const lines = await this.linesOf(parcels.map((p) => p.id));
      for (const p of parcels) {
        const base = {
          tracking_no: p.tracking_no,
          customer: p.user?.name ?? p.name ?? '',
          destination: [p.user?.city, p.user?.country].filter(Boolean).join(', ') || (title.location?.name ?? ''),
          status: deliveryStatusDetailLabel(p.status),
        };
        const declared = lines.get(p.id) ?? [];
        if (!declared.length)
          rows.push({
            ...base,
            description: '(nothing declared)',
            quantity: 0,
            category: '',
            value: '0.00',
            value_cents: 0,
          });
        for (const line of declared)
          rows.push({
            ...base,
            description: line.description,
            quantity: line.quantity,
            category: line.category_label,
            value: line.value,
            value_cents: line.value_cents,
          });
      }
      after = parcels[parcels.length - 1].id;
    }
    return { title, rows };
  }

  async manifestCsv(titleId: number): Promise<{ name: string; body: string }> {
    const { title, rows } = await this.manifest(titleId);
    const header = [
      'Tracking No',
      'Customer',
      'Destination',
      'Status',
      'Description',
      'Quantity',
      'Category',
      'Value (USD)',
    ];
    const body = [
      header.map(csvCell).join(','),
      ...rows.map((r) =>
        [r.tracking_no, r.customer, r.destination, r.status, r.description, r.quantity, r.category, r.value]
          .map(csvCell)
          .join(','),
      ),
    ].join('\r\n');
    return { name: `manifest-${title.id}.csv`, body: `${body}\r\n` };
  }

  async manifestPdf(titleId: number): Promise<{ name: string; body: Buffer }> {
    const { title, rows } = await this.manifest(titleId);
    const cut = (text: string, width: number) =>
      text.length > width ? `${text.slice(0, width - 1)}~` : text.padEnd(width);
    const total = contentsTotalCents(rows);
    const heading = [
      `JARA CARGO MANIFEST - ${title.name} (${title.type === 'sea_cargo' ? 'Sea Cargo' : 'Air Cargo'}) to ${title.location?.name ?? '-'}`,
      `Lines: ${rows.length}   Declared value: USD ${centsToDollars(total)}   Printed ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `${cut('Tracking No', 16)} ${cut('Customer', 22)} ${cut('Destination', 18)} ${cut('Description', 40)} ${cut('Qty', 6)} ${cut('Category', 22)} Value USD`,
    ];
    const lines = rows.map(
      (r) =>
        `${cut(r.tracking_no, 16)} ${cut(r.customer, 22)} ${cut(r.destination, 18)} ${cut(r.description, 40)} ${cut(String(r.quantity), 6)} ${cut(r.category, 22)} ${r.value.padStart(10)}`,
    );
    return { name: `manifest-${title.id}.pdf`, body: textPdf(heading, lines) };
  }
}
