import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  DELIVERY_STATUS,
  ORDER_STATUS,
  RECONCILIATION_TEXT,
  type ReconciliationCode,
  type ReconciliationEntity,
  type ReconciliationFinding,
  type ReconciliationReport,
} from '@jara/contracts';

type Row = Record<string, unknown>;

export interface ReconcileOptions {
  /** Treat this moment as now (default: the current time). */
  now?: Date;
  /** Rows per query (keyset by primary key); default 1,000. */
  batchSize?: number;
  /** A To Pay order whose invoice was paid longer ago than this is stuck (default 10 minutes). */
  stuckSettlementMs?: number;
  /** A card payment or funding pending longer than this needs a person (default a day). */
  pendingTooLongMs?: number;
}

const DAY_MS = 86_400_000;
/** What each run counts (every key present, 0 when there was nothing to read). */
const CHECKED = [
  'wallets',
  'invoices',
  'orders',
  'order_items',
  'deliveries',
  'payment_mismatches',
  'refunded_payments',
  'pending_payments',
  'open_fundings',
  'open_exceptions',
  'order_refunds',
  'payouts',
] as const;
const SHIPPED_OR_LATER = [ORDER_STATUS.TO_SHIP, ORDER_STATUS.TO_RECEIVE, ORDER_STATUS.TO_REVIEW, ORDER_STATUS.RETURNED];

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
/** SQLite answers datetimes as 'YYYY-MM-DD HH:MM:SS.fff' in UTC, MariaDB as Date. */
const date = (v: unknown): Date | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  const s = String(v);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(' ', 'T')}Z`);
};
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Reconciliation (issue 21, decision 026): checks the invariants a finance team would, across the wallets, the
 * ledger, invoices and their card payments, orders and their lines, parcels and the gateway's unsettled answers.
 * It only reads, in bounded batches by primary key (keyset, `batchSize` rows a query), so it runs on a live database
 * at any size; each finding names the row, what is wrong, the amounts and what to do.
 */
@Injectable()
export class ReconciliationService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async run(options: ReconcileOptions = {}): Promise<ReconciliationReport> {
    const ctx: Ctx = {
      now: options.now ?? new Date(),
      batch: Math.max(1, Math.min(options.batchSize ?? 1000, 5000)),
      stuckMs: options.stuckSettlementMs ?? 10 * 60_000,
      pendingMs: options.pendingTooLongMs ?? DAY_MS,
      findings: [],
      checked: Object.fromEntries(CHECKED.map((what) => [what, 0])),
    };
    await this.wallets(ctx);
    await this.invoices(ctx);
    await this.orders(ctx);
    await this.deliveries(ctx);
    await this.cardPayments(ctx);
    await this.fundings(ctx);
    await this.exceptions(ctx);
    await this.refunds(ctx);
    await this.payouts(ctx);
    return { findings: ctx.findings, checked: ctx.checked, ran_at: ctx.now.toISOString() };
  }

  private q(sql: string, params: unknown[] = []): Promise<Row[]> {
    return this.db.query(sql, params) as Promise<Row[]>;
  }

  /** Pages through `table` by id (keyset): `select` must return the id column as `id`. */
  private async *pages(ctx: Ctx, select: string, where = '', params: unknown[] = []): AsyncGenerator<Row[]> {
    let after = 0;
    for (;;) {
      const rows = await this.q(
        `${select} WHERE ${where ? `(${where}) AND ` : ''}${idCol(select)} > ? ORDER BY ${idCol(select)} LIMIT ${ctx.batch}`,
        [...params, after],
      );
      if (!rows.length) return;
      yield rows;
      after = num(rows[rows.length - 1].id);
      if (rows.length < ctx.batch) return;
    }
  }

  /** Every wallet balance equals its completed ledger entries, per currency. */
  private async wallets(ctx: Ctx): Promise<void> {
    for await (const wallets of this.pages(ctx, 'SELECT w.id, w.user_id, w.ngn_minor, w.usd_minor FROM wallets w')) {
      count(ctx, 'wallets', wallets.length);
      const users = wallets.map((w) => num(w.user_id));
      const sums = await this.q(
        `SELECT user_id, currency,
                SUM(CASE WHEN direction = 'credit' THEN amount_minor ELSE 0 END) AS credits,
                SUM(CASE WHEN direction = 'debit' THEN amount_minor ELSE 0 END) AS debits
           FROM wallet_ledger WHERE status = 'completed' AND user_id IN (${marks(users.length)})
          GROUP BY user_id, currency`,
        users,
      );
      const net = new Map(sums.map((s) => [`${num(s.user_id)}:${s.currency}`, num(s.credits) - num(s.debits)]));
      for (const w of wallets) {
        for (const [currency, column] of [
          ['NGN', 'ngn_minor'],
          ['USD', 'usd_minor'],
        ] as const) {
          const ledger = net.get(`${num(w.user_id)}:${currency}`) ?? 0;
          if (ledger !== num(w[column]))
            add(
              ctx,
              'wallet_balance_mismatch',
              'wallet',
              w,
              `user ${num(w.user_id)}`,
              currency,
              ledger,
              num(w[column]),
            );
        }
      }
    }
  }

  /**
   * Every paid invoice has exactly one completed card payment or wallet debit of its amount and currency (none for a
   * transfer); no unpaid invoice has one. Refunds (issue 24): the wallet refund entries and the live card refunds
   * (pending or processed) of an invoice add up to its refunded_minor, which never passes its amount; an invoice
   * marked refunded (refunded_at) was refunded in full.
   */
  private async invoices(ctx: Ctx): Promise<void> {
    for await (const invoices of this.pages(
      ctx,
      'SELECT i.id, i.reference, i.amount_minor, i.currency, i.status, i.payment_method, i.refunded_at, i.refunded_minor FROM invoices i',
    )) {
      count(ctx, 'invoices', invoices.length);
      const ids = invoices.map((i) => num(i.id));
      const cards = await this.q(
        `SELECT invoice_id, reference, amount_minor, currency, status FROM invoice_payments
          WHERE invoice_id IN (${marks(ids.length)}) AND status IN ('completed', 'refunded')`,
        ids,
      );
      const ledger = await this.q(
        `SELECT invoice_id, reference, amount_minor, currency, kind FROM wallet_ledger
          WHERE invoice_id IN (${marks(ids.length)}) AND status = 'completed' AND kind IN ('invoice_payment', 'refund')`,
        ids,
      );
      const byInvoice = <T extends Row>(rows: T[]) => {
        const map = new Map<number, T[]>();
        for (const r of rows) map.set(num(r.invoice_id), [...(map.get(num(r.invoice_id)) ?? []), r]);
        return map;
      };
      const cardRefunds = await this.q(
        `SELECT invoice_id, amount_minor FROM order_refunds
          WHERE invoice_id IN (${marks(ids.length)}) AND destination = 'card' AND status IN ('pending', 'processed')`,
        ids,
      );
      const cardRefundsOf = byInvoice(cardRefunds);
      const cardsOf = byInvoice(cards);
      const ledgerOf = byInvoice(ledger);
      for (const inv of invoices) {
        const id = num(inv.id);
        const amount = num(inv.amount_minor);
        const currency = String(inv.currency);
        const label = str(inv.reference);
        const mine = cardsOf.get(id) ?? [];
        const entries = ledgerOf.get(id) ?? [];
        const completedCards = mine.filter((p) => p.status === 'completed');
        const debits = entries.filter((e) => e.kind === 'invoice_payment');
        // A card payment the invoice could not take is credited back as refund-<payment reference>: not an invoice refund.
        const paymentRefunds = new Set(mine.filter((p) => p.status === 'refunded').map((p) => `refund-${p.reference}`));
        const refunds = entries.filter((e) => e.kind === 'refund' && !paymentRefunds.has(String(e.reference)));
        const payments = [...completedCards, ...debits];
        const paidSum = payments.reduce((s, p) => s + num(p.amount_minor), 0);
        if (inv.status === 'paid') {
          const exact = payments.filter((p) => num(p.amount_minor) === amount && p.currency === currency);
          if (inv.payment_method === 'transfer') {
            if (payments.length)
              add(ctx, 'paid_invoice_paid_twice', 'invoice', inv, label, currency, amount, amount + paidSum);
          } else if (payments.length === 0 || exact.length === 0) {
            add(ctx, 'paid_invoice_without_payment', 'invoice', inv, label, currency, amount, paidSum);
          } else if (payments.length > 1) {
            add(ctx, 'paid_invoice_paid_twice', 'invoice', inv, label, currency, amount, paidSum);
          }
        } else if (payments.length) {
          add(ctx, 'payment_for_unpaid_invoice', 'invoice', inv, label, currency, 0, paidSum);
        }
        const refunded =
          refunds.reduce((s, r) => s + num(r.amount_minor), 0) +
          (cardRefundsOf.get(id) ?? []).reduce((s, r) => s + num(r.amount_minor), 0);
        const recorded = num(inv.refunded_minor);
        if (recorded > amount) add(ctx, 'refund_exceeds_paid', 'invoice', inv, label, currency, amount, recorded);
        if (refunded < recorded || (inv.refunded_at && recorded !== amount))
          add(ctx, 'refund_missing', 'invoice', inv, label, currency, inv.refunded_at ? amount : recorded, refunded);
        else if (refunded > recorded)
          add(ctx, 'refund_unexpected', 'invoice', inv, label, currency, recorded, refunded);
      }
    }
  }

  /**
   * Every order at To Ship or later has a paid invoice; no To Pay order has one for long; a cancelled order has no
   * payable or unrefunded paid invoice; a returned one was refunded. Every vendor credit matches a received line less
   * commission, and every returned line's credit was failed or reversed.
   */
  private async orders(ctx: Ctx): Promise<void> {
    for await (const orders of this.pages(
      ctx,
      `SELECT o.id, o.order_no, o.status, o.total_minor, i.id AS invoice_id, i.status AS invoice_status,
              i.paid_at AS invoice_paid_at, i.refunded_at AS invoice_refunded_at, i.amount_minor AS invoice_amount
         FROM orders o LEFT JOIN invoices i ON i.id = o.invoice_id`,
    )) {
      count(ctx, 'orders', orders.length);
      const byId = new Map<number, Row>();
      for (const o of orders) {
        byId.set(num(o.id), o);
        const status = num(o.status);
        const label = str(o.order_no);
        const paid = o.invoice_status === 'paid';
        const amount = num(o.invoice_amount ?? o.total_minor);
        if ((SHIPPED_OR_LATER as number[]).includes(status) && !paid)
          add(ctx, 'order_shipped_unpaid', 'order', o, label, 'NGN', num(o.total_minor), 0);
        if (status === ORDER_STATUS.TO_PAY && paid) {
          const paidAt = date(o.invoice_paid_at);
          if (!paidAt || ctx.now.getTime() - paidAt.getTime() > ctx.stuckMs)
            add(ctx, 'order_settlement_stuck', 'order', o, label, 'NGN', amount, amount);
        }
        if (status === ORDER_STATUS.CANCELLED && o.invoice_status === 'pending')
          add(ctx, 'cancelled_order_invoice_pending', 'order', o, label, 'NGN', 0, amount);
        if (status === ORDER_STATUS.CANCELLED && paid && !o.invoice_refunded_at)
          add(ctx, 'cancelled_order_not_refunded', 'order', o, label, 'NGN', amount, 0);
        if (status === ORDER_STATUS.RETURNED && paid && !o.invoice_refunded_at)
          add(ctx, 'returned_order_not_refunded', 'order', o, label, 'NGN', amount, 0);
      }
      const ids = [...byId.keys()];
      const items = await this.q(
        `SELECT id, order_id, vendor_id, line_total_minor, commission_minor, vendor_credit_minor FROM order_items
          WHERE order_id IN (${marks(ids.length)}) ORDER BY id`,
        ids,
      );
      count(ctx, 'order_items', items.length);
      if (!items.length) continue;
      const refs = items.flatMap((i) => [`sale-${num(i.id)}`, `reverse-${num(i.id)}`]);
      const entries = new Map<string, Row>();
      for (let from = 0; from < refs.length; from += ctx.batch) {
        const chunk = refs.slice(from, from + ctx.batch);
        for (const e of await this.q(
          `SELECT id, reference, user_id, amount_minor, status FROM wallet_ledger WHERE reference IN (${marks(chunk.length)})`,
          chunk,
        ))
          entries.set(String(e.reference), e);
      }
      for (const item of items) {
        const order = byId.get(num(item.order_id)) as Row;
        const status = num(order.status);
        const credit = num(item.vendor_credit_minor);
        const label = `${str(order.order_no)} line ${num(item.id)}`;
        const sale = entries.get(`sale-${num(item.id)}`);
        const reverse = entries.get(`reverse-${num(item.id)}`);
        const live = sale && (sale.status === 'pending' || sale.status === 'completed');
        if (item.vendor_id && credit !== num(item.line_total_minor) - num(item.commission_minor))
          add(
            ctx,
            'vendor_credit_mismatch',
            'order_item',
            item,
            label,
            'NGN',
            num(item.line_total_minor) - num(item.commission_minor),
            credit,
          );
        if (sale && (num(sale.amount_minor) !== credit || num(sale.user_id) !== num(item.vendor_id)))
          add(ctx, 'vendor_credit_mismatch', 'order_item', item, label, 'NGN', credit, num(sale.amount_minor));
        const expectsCredit = !!item.vendor_id && credit > 0;
        if (status === ORDER_STATUS.TO_REVIEW) {
          if (expectsCredit && !live) add(ctx, 'vendor_credit_missing', 'order_item', item, label, 'NGN', credit, 0);
        } else if (status === ORDER_STATUS.RETURNED) {
          const undone =
            !sale ||
            sale.status === 'failed' ||
            (sale.status === 'completed' &&
              reverse?.status === 'completed' &&
              num(reverse.amount_minor) === num(sale.amount_minor));
          if (!undone)
            add(ctx, 'return_credit_not_reversed', 'order_item', item, label, 'NGN', 0, num(sale?.amount_minor));
        } else if (live) {
          add(ctx, 'vendor_credit_unexpected', 'order_item', item, label, 'NGN', 0, num(sale.amount_minor));
        }
      }
    }
  }

  /** No cancelled (0) or returned (8) parcel has a payable fee invoice, or a paid one that was not refunded. */
  private async deliveries(ctx: Ctx): Promise<void> {
    for await (const rows of this.pages(
      ctx,
      `SELECT d.id, d.tracking_no, d.status, i.id AS invoice_id, i.status AS invoice_status, i.amount_minor,
              i.currency, i.refunded_at
         FROM deliveries d LEFT JOIN invoices i ON i.id = d.invoice_id`,
    )) {
      count(ctx, 'deliveries', rows.length);
      for (const d of rows) {
        const status = num(d.status);
        if (status !== DELIVERY_STATUS.CANCELLED && status !== DELIVERY_STATUS.RETURNED) continue;
        const amount = num(d.amount_minor);
        if (d.invoice_status === 'pending')
          add(ctx, 'cancelled_delivery_invoice_pending', 'delivery', d, str(d.tracking_no), str(d.currency), 0, amount);
        if (d.invoice_status === 'paid' && !d.refunded_at)
          add(ctx, 'cancelled_delivery_not_refunded', 'delivery', d, str(d.tracking_no), str(d.currency), amount, 0);
      }
    }
  }

  /** Card payments that did not settle: mismatches, refunds to the wallet (checked), pending for too long. */
  private async cardPayments(ctx: Ctx): Promise<void> {
    const select = `SELECT p.id, p.reference, p.amount_minor, p.currency, p.status, p.gateway_amount_minor,
                           p.gateway_currency, p.created_at FROM invoice_payments p`;
    for await (const rows of this.pages(
      ctx,
      select,
      `p.status = 'mismatch' AND NOT EXISTS (SELECT 1 FROM payment_exceptions e WHERE e.reference = p.reference
         AND e.kind = 'mismatch' AND e.resolved_at IS NOT NULL)`,
    )) {
      count(ctx, 'payment_mismatches', rows.length);
      for (const p of rows)
        add(
          ctx,
          'payment_mismatch',
          'invoice_payment',
          p,
          str(p.reference),
          str(p.currency),
          num(p.amount_minor),
          num(p.gateway_amount_minor),
        );
    }
    for await (const rows of this.pages(ctx, select, `p.status = 'refunded'`)) {
      count(ctx, 'refunded_payments', rows.length);
      const refs = rows.map((p) => `refund-${p.reference}`);
      const credits = new Map(
        (
          await this.q(
            `SELECT reference, amount_minor, currency FROM wallet_ledger
              WHERE reference IN (${marks(refs.length)}) AND status = 'completed' AND kind = 'refund'`,
            refs,
          )
        ).map((e) => [String(e.reference), e]),
      );
      for (const p of rows) {
        const credit = credits.get(`refund-${p.reference}`);
        const ok = credit && num(credit.amount_minor) === num(p.amount_minor) && credit.currency === p.currency;
        add(
          ctx,
          ok ? 'payment_refunded_to_wallet' : 'payment_refund_missing',
          'invoice_payment',
          p,
          str(p.reference),
          str(p.currency),
          num(p.amount_minor),
          num(credit?.amount_minor),
          ok ? 'info' : 'error',
        );
      }
    }
    for await (const rows of this.pages(ctx, select, `p.status = 'pending'`)) {
      count(ctx, 'pending_payments', rows.length);
      for (const p of rows)
        if (ctx.now.getTime() - (date(p.created_at)?.getTime() ?? 0) > ctx.pendingMs)
          add(
            ctx,
            'payment_pending_too_long',
            'invoice_payment',
            p,
            str(p.reference),
            str(p.currency),
            num(p.amount_minor),
            0,
          );
    }
  }

  /** Wallet fundings that did not settle: a mismatch status (if kept on the entry), or pending for too long. */
  private async fundings(ctx: Ctx): Promise<void> {
    for await (const rows of this.pages(
      ctx,
      'SELECT l.id, l.reference, l.amount_minor, l.currency, l.status, l.created_at FROM wallet_ledger l',
      `l.kind = 'funding' AND l.status IN ('pending', 'mismatch')`,
    )) {
      count(ctx, 'open_fundings', rows.length);
      for (const f of rows) {
        if (f.status === 'mismatch')
          add(ctx, 'funding_mismatch', 'ledger_entry', f, str(f.reference), str(f.currency), num(f.amount_minor), 0);
        else if (ctx.now.getTime() - (date(f.created_at)?.getTime() ?? 0) > ctx.pendingMs)
          add(
            ctx,
            'funding_pending_too_long',
            'ledger_entry',
            f,
            str(f.reference),
            str(f.currency),
            num(f.amount_minor),
            0,
          );
      }
    }
  }

  /**
   * Refunds of orders (issue 24): a processed wallet refund has its completed ledger credit (its reference, its
   * amount); a card refund pending at Paystack for more than a day, and a failed one whose money was not credited to
   * the wallet instead, need a person.
   */
  private async refunds(ctx: Ctx): Promise<void> {
    for await (const rows of this.pages(
      ctx,
      `SELECT r.id, r.reference, r.destination, r.status, r.amount_minor, r.currency, r.created_at, r.resolved_at
         FROM order_refunds r`,
      `(r.destination = 'wallet' AND r.status = 'processed') OR (r.destination = 'card' AND (r.status = 'pending'
         OR (r.status = 'failed' AND r.resolved_at IS NULL)))`,
    )) {
      count(ctx, 'order_refunds', rows.length);
      const wallet = rows.filter((r) => r.destination === 'wallet').map((r) => String(r.reference));
      const credits = new Map(
        (wallet.length
          ? await this.q(
              `SELECT reference, amount_minor, currency FROM wallet_ledger
                WHERE reference IN (${marks(wallet.length)}) AND status = 'completed' AND kind = 'refund'`,
              wallet,
            )
          : []
        ).map((e) => [String(e.reference), e]),
      );
      for (const r of rows) {
        const label = str(r.reference);
        const amount = num(r.amount_minor);
        if (r.destination === 'wallet') {
          const credit = credits.get(String(r.reference));
          if (!credit || num(credit.amount_minor) !== amount || credit.currency !== r.currency)
            add(
              ctx,
              'refund_ledger_missing',
              'order_refund',
              r,
              label,
              str(r.currency),
              amount,
              num(credit?.amount_minor),
            );
        } else if (r.status === 'failed') {
          add(ctx, 'card_refund_failed', 'order_refund', r, label, str(r.currency), amount, 0);
        } else if (ctx.now.getTime() - (date(r.created_at)?.getTime() ?? 0) > ctx.pendingMs) {
          add(ctx, 'card_refund_pending_too_long', 'order_refund', r, label, str(r.currency), amount, 0);
        }
      }
    }
  }

  /**
   * Every payout's ledger matches its status (issue 24): held or paid, its debits (payout-<id> of the amount,
   * payout-fee-<id> of the fee) are completed and there is no return; failed, reversed or rejected, the debits and one
   * return credit (payout-return-<id>) of amount + fee. A transfer processing for more than a day is listed.
   */
  private async payouts(ctx: Ctx): Promise<void> {
    for await (const rows of this.pages(
      ctx,
      `SELECT p.id, p.vendor_id, p.reference, p.amount_minor, p.fee_minor, p.status, p.sent_at, p.created_at
         FROM payouts p`,
    )) {
      count(ctx, 'payouts', rows.length);
      const refs = rows.flatMap((p) => [
        `payout-${num(p.id)}`,
        `payout-fee-${num(p.id)}`,
        `payout-return-${num(p.id)}`,
      ]);
      const entries = new Map<string, Row>();
      for (const e of await this.q(
        `SELECT reference, user_id, amount_minor, direction, status FROM wallet_ledger
          WHERE reference IN (${marks(refs.length)}) AND status = 'completed'`,
        refs,
      ))
        entries.set(String(e.reference), e);
      for (const p of rows) {
        const id = num(p.id);
        const amount = num(p.amount_minor);
        const fee = num(p.fee_minor);
        const mine = (e: Row | undefined, direction: string) =>
          e && num(e.user_id) === num(p.vendor_id) && e.direction === direction ? e : undefined;
        const debit = mine(entries.get(`payout-${id}`), 'debit');
        const feeDebit = mine(entries.get(`payout-fee-${id}`), 'debit');
        const back = mine(entries.get(`payout-return-${id}`), 'credit');
        const debited = num(debit?.amount_minor) + num(feeDebit?.amount_minor);
        if (num(debit?.amount_minor) !== amount || (fee > 0 && num(feeDebit?.amount_minor) !== fee))
          add(ctx, 'payout_debit_missing', 'payout', p, str(p.reference), 'NGN', amount + fee, debited);
        const returned = ['failed', 'reversed', 'rejected'].includes(String(p.status));
        if (returned && num(back?.amount_minor) !== amount + fee)
          add(
            ctx,
            'payout_return_missing',
            'payout',
            p,
            str(p.reference),
            'NGN',
            amount + fee,
            num(back?.amount_minor),
          );
        if (!returned && entries.has(`payout-return-${id}`))
          add(ctx, 'payout_return_unexpected', 'payout', p, str(p.reference), 'NGN', 0, num(back?.amount_minor));
        const since = date(p.sent_at) ?? date(p.created_at);
        if (p.status === 'processing' && ctx.now.getTime() - (since?.getTime() ?? 0) > ctx.pendingMs)
          add(ctx, 'payout_processing_too_long', 'payout', p, str(p.reference), 'NGN', amount, 0);
      }
    }
  }

  /** Open payment exceptions (gateway answers kept for an admin) not already listed as a card payment mismatch. */
  private async exceptions(ctx: Ctx): Promise<void> {
    for await (const rows of this.pages(
      ctx,
      `SELECT e.id, e.reference, e.kind, e.gateway_amount_minor, e.gateway_currency, e.expected_amount_minor,
              e.expected_currency, e.note FROM payment_exceptions e`,
      `e.resolved_at IS NULL AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.reference = e.reference
         AND p.status = 'mismatch')`,
    )) {
      count(ctx, 'open_exceptions', rows.length);
      for (const e of rows) {
        const funding = e.kind === 'mismatch';
        const finding = add(
          ctx,
          funding ? 'funding_mismatch' : 'payment_exception_open',
          'payment_exception',
          e,
          str(e.reference),
          str(e.expected_currency ?? e.gateway_currency),
          e.expected_amount_minor === null ? null : num(e.expected_amount_minor),
          e.gateway_amount_minor === null ? null : num(e.gateway_amount_minor),
        );
        if (e.note) finding.problem = `${finding.problem} ${String(e.note)}`;
      }
    }
  }
}

interface Ctx {
  now: Date;
  batch: number;
  stuckMs: number;
  pendingMs: number;
  findings: ReconciliationFinding[];
  checked: Record<string, number>;
}

function idCol(select: string): string {
  const alias = /FROM\s+\w+\s+(\w+)/i.exec(select.slice(select.search(/\sFROM\s/i)))?.[1];
  return alias ? `${alias}.id` : 'id';
}

function count(ctx: Ctx, what: string, n: number): void {
  ctx.checked[what] = (ctx.checked[what] ?? 0) + n;
}

function add(
  ctx: Ctx,
  code: ReconciliationCode,
  entity: ReconciliationEntity,
  row: Row,
  label: string | null,
  currency: string | null,
  expected: number | null,
  actual: number | null,
  severity: ReconciliationFinding['severity'] = 'error',
): ReconciliationFinding {
  const finding: ReconciliationFinding = {
    code,
    severity,
    entity,
    id: num(row.id),
    label,
    problem: RECONCILIATION_TEXT[code].problem,
    action: RECONCILIATION_TEXT[code].action,
    currency,
    expected_minor: expected,
    actual_minor: actual,
  };
  ctx.findings.push(finding);
  return finding;
}
