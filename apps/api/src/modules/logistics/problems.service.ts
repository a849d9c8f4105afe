import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type SelectQueryBuilder } from 'typeorm';
import {
  DELIVERY_STATUS,
  deliveryStatusDetailLabel,
  failureReasonLabel,
  MSG,
  PROBLEM_COUNT_CAP,
  PROBLEM_MSG,
  problemActionLabel,
  type ProblemCategorySummary,
  type ProblemRow,
} from '@jara/contracts';
import type { ProblemActionDto } from '@jara/dto';
import { invalid, NotFoundError } from '../../common/errors';
import { ListResult } from '../../common/list/list-query';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { inTransaction } from '../../database/transaction';
import { Invoice } from '../invoices/invoice.entity';
import type { User } from '../users/user.entity';
import { Delivery } from './delivery.entity';
import { DeliveryAttempt, ProblemAction } from './last-mile.entity';

const HOUR = 3_600_000;
const PER_PAGE_MAX = 50;
/** Paging goes this deep at most (the oldest problems come first; nobody pages past them). */
const OFFSET_MAX = 10_000;

/**
 * One category of the problem queue: its rows are one indexed range of parcels, oldest problem first. `rows` adds the
 * category's condition, joins and order to a query on deliveries `d`, and selects its `since` as `problem_since`.
 */
export interface ProblemCategory {
  key: string;
  label: string;
  /** What staff should do about a row. */
  action: string;
  rows(qb: SelectQueryBuilder<Delivery>, now: Date): SelectQueryBuilder<Delivery>;
  /** The sentence that says what is wrong with a row. */
  detail(row: Delivery & { problem_since: Date; problem_reason?: string | null }, now: Date): string;
}

const days = (from: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - from.getTime()) / (24 * HOUR)));
const hours = (from: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - from.getTime()) / HOUR));
const age = (from: Date, now: Date) =>
  hours(from, now) < 48 ? `${hours(from, now)} hours` : `${days(from, now)} days`;

/**
 * THE queue's categories, as data (decision 045). Each is one index range: stalled per status
 * (idx_deliveries_status_since), unpaid fees (idx_invoices_status_created), open failed attempts
 * (idx_delivery_attempts_open), parcels at a warehouse with no owner (idx_deliveries_status_since, the owner checked row by row: an index that led with the status and the owner made SQLite read a customer's own list through it and sort). Helper G's
 * disputed measures are one more entry: `d.measure_status = 'disputed'` on an index of (measure_status, ...).
 */
export function problemCategories(settings: AppConfig['problemQueue']): ProblemCategory[] {
  const stalled = Object.entries(settings.stalledHours)
    .map(([status, limit]) => [Number(status), limit] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([status, limit]): ProblemCategory => ({
      key: `stalled_${status}`,
      label: `Stalled in ${deliveryStatusDetailLabel(status)} (over ${limit} hours)`,
      action: 'Find where the parcel is (warehouse, carrier, title) and move it on, or tell the customer why it waits.',
      rows: (qb, now) =>
        qb
          .addSelect('d.status_changed_at', 'problem_since')
          .andWhere('d.status = :pStatus AND d.status_changed_at < :pCutoff', {
            pStatus: status,
            pCutoff: new Date(now.getTime() - limit * HOUR),
          })
          .orderBy('d.status_changed_at', 'ASC')
          .addOrderBy('d.id', 'ASC'),
      detail: (row, now) => `In ${deliveryStatusDetailLabel(row.status)} for ${age(row.problem_since, now)}`,
    }));
  return [
    ...stalled,
    {
      key: 'unpaid',
      label: `Fee unpaid after ${settings.unpaidDays} days`,
      action: 'Remind the customer to pay the cargo fee; the parcel does not ship before it is paid.',
      rows: (qb, now) =>
        qb
          .innerJoin(Invoice, 'inv', 'inv.id = d.invoice_id')
          .addSelect('inv.created_at', 'problem_since')
          .andWhere("inv.status = 'pending' AND inv.created_at < :pCutoff", {
            pCutoff: new Date(now.getTime() - settings.unpaidDays * 24 * HOUR),
          })
          .orderBy('inv.created_at', 'ASC')
          .addOrderBy('inv.id', 'ASC'),
      detail: (row, now) => `Fee invoice unpaid for ${days(row.problem_since, now)} days`,
    },
    {
      key: 'failed_delivery',
      label: 'Failed deliveries',
      action: 'Call the customer, agree a new time or a pickup, and reassign the rider.',
      rows: (qb) =>
        qb
          .innerJoin(DeliveryAttempt, 'att', 'att.delivery_id = d.id')
          .addSelect('att.created_at', 'problem_since')
          .addSelect('att.reason', 'problem_reason')
          .andWhere('att.open = 1')
          .orderBy('att.created_at', 'ASC')
          .addOrderBy('att.id', 'ASC'),
      detail: (row, now) =>
        `Delivery failed ${age(row.problem_since, now)} ago: ${failureReasonLabel(row.problem_reason)}`,
    },
    {
      // Decision 044: the customer disputed the warehouse's measure; a new receipt settles it.
      key: 'disputed_measure',
      label: 'Measure disputed by the customer',
      action: "Measure the parcel again (Receive parcel) and compare with the customer's reason; the fee waits.",
      rows: (qb) =>
        qb
          .addSelect('d.updated_at', 'problem_since')
          .addSelect('d.dispute_reason', 'problem_reason')
          .andWhere("d.measure_status = 'disputed'")
          .orderBy('d.id', 'ASC'),
      detail: (row) => `Disputed: ${String(row.problem_reason ?? '')}`,
    },
    {
      key: 'no_owner',
      label: 'At a warehouse with no owner',
      action: "Find the owner from the courier's tracking number or the name on the box, and link the request.",
      rows: (qb) =>
        qb
          .addSelect('d.status_changed_at', 'problem_since')
          .andWhere('d.status = :pStatus AND d.user_id IS NULL', { pStatus: DELIVERY_STATUS.DELIVERED_TO_WAREHOUSE })
          .orderBy('d.status_changed_at', 'ASC')
          .addOrderBy('d.id', 'ASC'),
      detail: (row, now) => `At the warehouse for ${age(row.problem_since, now)} with no account`,
    },
  ];
}

/**
 * The back office's problem queue (issue 26): categories of parcels that need someone, each paged on its index with
 * a capped count (never a full count), and problem_actions: who did what about a row, and when.
 */
@Injectable()
export class ProblemsService {
  private readonly categories: ProblemCategory[];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.categories = problemCategories(config.problemQueue);
  }

  private category(key: unknown): ProblemCategory {
    const found = this.categories.find((c) => c.key === key);
    if (!found) throw invalid('category', PROBLEM_MSG.categoryUnknown);
    return found;
  }

  private base(): SelectQueryBuilder<Delivery> {
    return this.db.getRepository(Delivery).createQueryBuilder('d').leftJoinAndSelect('d.warehouse', 'w');
  }

  /** Rows of a category, counted up to PROBLEM_COUNT_CAP + 1 (a bounded scan of its index). */
  private async cappedCount(category: ProblemCategory, now: Date): Promise<number> {
    const qb = category
      .rows(this.db.getRepository(Delivery).createQueryBuilder('d'), now)
      .select('d.id', 'id')
      .limit(PROBLEM_COUNT_CAP + 1);
    const [sql, params] = qb.getQueryAndParameters();
    const [row] = await this.db.query(`SELECT COUNT(*) AS n FROM (${sql}) capped`, params);
    return Number(row?.n ?? 0);
  }

  /** GET /problems/categories: each category with its action and its count (capped). */
  async summary(now = new Date()): Promise<ProblemCategorySummary[]> {
    const out: ProblemCategorySummary[] = [];
    for (const c of this.categories) {
      const n = await this.cappedCount(c, now);
      out.push({
        key: c.key,
        label: c.label,
        action: c.action,
        count: Math.min(n, PROBLEM_COUNT_CAP),
        capped: n > PROBLEM_COUNT_CAP,
      });
    }
    return out;
  }

  /** GET /problems?category=&page=&per_page=: a page of one category, oldest first, with each row's last action. */
  async list(query: Record<string, unknown>, now = new Date()) {
    if (Array.isArray(query.category)) throw invalid('category', PROBLEM_MSG.categoryUnknown);
    const category = this.category(query.category ?? this.categories[0]?.key);
    const perPage = Math.min(Math.max(Number.parseInt(String(query.per_page ?? 20), 10) || 20, 1), PER_PAGE_MAX);
    const page = Math.max(Number.parseInt(String(query.page ?? 1), 10) || 1, 1);
    const offset = Math.min((page - 1) * perPage, OFFSET_MAX);
    const { entities, raw } = await category.rows(this.base(), now).offset(offset).limit(perPage).getRawAndEntities();
    const total = await this.cappedCount(category, now);
    const last = await this.lastActions(
      entities.map((d) => d.id),
      category.key,
    );
    const data: ProblemRow[] = entities.map((d, i) => {
      const since = new Date(raw[i]?.problem_since ?? d.status_changed_at ?? d.created_at);
      const row = Object.assign(d, {
        problem_since: Number.isNaN(since.getTime()) ? d.created_at : since,
        problem_reason: raw[i]?.problem_reason ?? null,
      });
      return {
        category: category.key,
        delivery: {
          id: d.id,
          tracking_no: d.tracking_no,
          status: d.status,
          status_label: deliveryStatusDetailLabel(d.status),
          name: d.name,
          warehouse: d.warehouse?.name ?? null,
        },
        since: row.problem_since.toISOString(),
        detail: category.detail(row, now),
        action: category.action,
        last_action: last.get(d.id) ?? null,
      };
    });
    return new ListResult(data, Math.min(total, PROBLEM_COUNT_CAP), page, perPage, {
      capped: total > PROBLEM_COUNT_CAP ? 1 : 0,
    });
  }

  private async lastActions(ids: number[], key: string): Promise<Map<number, ProblemRow['last_action']>> {
    const out = new Map<number, ProblemRow['last_action']>();
    if (!ids.length) return out;
    const rows = await this.db
      .getRepository(ProblemAction)
      .createQueryBuilder('pa')
      .leftJoin('pa.actor', 'a')
      .addSelect(['a.id', 'a.name', 'a.email'])
      .where({ delivery_id: In(ids), category: key })
      .orderBy('pa.id', 'DESC')
      .getMany();
    for (const r of rows)
      if (!out.has(r.delivery_id))
        out.set(r.delivery_id, {
          action: r.action,
          label: problemActionLabel(r.action),
          note: r.note,
          by: r.actor?.name ?? r.actor?.email ?? null,
          at: r.created_at.toISOString(),
        });
    return out;
  }

  /** POST /problems/actions (admin): records what was done about a parcel that is in that category now. */
  async act(admin: User, dto: ProblemActionDto, now = new Date()) {
    const category = this.category(dto.category);
    if (!(await this.db.getRepository(Delivery).existsBy({ id: dto.delivery_id })))
      throw new NotFoundError(MSG.deliveries.notFound);
    const inQueue = await category
      .rows(this.db.getRepository(Delivery).createQueryBuilder('d'), now)
      .andWhere('d.id = :pId', { pId: dto.delivery_id })
      .getExists();
    if (!inQueue) throw invalid('delivery_id', PROBLEM_MSG.notInQueue);
    await inTransaction(this.db, (m) =>
      m.insert(ProblemAction, {
        delivery_id: dto.delivery_id,
        category: category.key,
        action: dto.action,
        note: dto.note ?? null,
        actor_id: admin.id,
      }),
    );
    return (await this.lastActions([dto.delivery_id], category.key)).get(dto.delivery_id);
  }
}
