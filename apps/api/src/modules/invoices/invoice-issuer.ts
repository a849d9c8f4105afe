import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { INVOICE_TYPES, WALLET_CURRENCIES, type InvoiceType, type WalletCurrency } from '@jara/contracts';
import { insertRows } from '../../database/inserted-ids';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { Invoice } from './invoice.entity';

class Existing extends Error {
  constructor(public readonly invoice: Invoice) {
    super('An invoice for this subject exists');
  }
}

export interface IssueInvoiceInput {
  /** null: a guest's cargo fee (decision 032). */
  userId: number | null;
  type: InvoiceType;
  /** The order or delivery id; null (or absent) for a manual invoice. */
  subjectId?: number | null;
  /** How the subject is shown (default 'Order #12' / 'Cargo fee #5'). */
  subjectLabel?: string | null;
  amountMinor: number;
  currency: WalletCurrency;
  description: string;
  /** The admin who raised a manual invoice. */
  createdBy?: number | null;
}

export const INVOICE_TYPE_VALUES = INVOICE_TYPES.map((t) => t.value);
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function invoiceReference(): string {
  return `INV-${[...randomBytes(10)].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/**
 * Inserts an invoice with a fresh reference. For an order or a delivery it is idempotent per (type, subject): the
 * existing invoice is answered (also when a concurrent call inserted it first: the unique index decides). A plain
 * function over the data source, so the CLI's seed raises invoices with the same code.
 */
export async function insertInvoice(
  db: DataSource,
  input: IssueInvoiceInput,
): Promise<{ invoice: Invoice; created: boolean }> {
  const subjectId = assertIssuable(input);
  const repo = db.getRepository(Invoice);
  const existing = async () =>
    subjectId === null ? null : repo.findOne({ where: { type: input.type, subject_id: subjectId } });
  const found = await existing();
  if (found) return { invoice: found, created: false };
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await inTransaction(
        db,
        async (m) => {
          return insertInvoiceRow(m, input, subjectId);
        },
        {
          // SQLite: an invoice another call raised for the same subject while this one waited is answered as is.
          before: async () => {
            const raced = await existing();
            if (raced) throw new Existing(raced);
          },
        },
      );
      return { invoice: row, created: true };
    } catch (error) {
      if (error instanceof Existing) return { invoice: error.invoice, created: false };
      if (!isUniqueViolation(error)) throw error;
      const raced = await existing();
      if (raced) return { invoice: raced, created: false };
      if (attempt >= 3) throw error; // a reference collision four times in a row is not chance
    }
  }
}

/** A programming error in the caller (never user input): answers the subject id (null for a manual invoice). */
function assertIssuable(input: IssueInvoiceInput): number | null {
  if (!INVOICE_TYPE_VALUES.includes(input.type)) throw new RangeError(`Unknown invoice type ${input.type}`);
  const subjectId = input.type === 'manual' ? null : (input.subjectId ?? null);
  if (input.type !== 'manual' && (!Number.isSafeInteger(subjectId) || (subjectId as number) < 1))
    throw new RangeError('An order or delivery invoice needs its subject id');
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new RangeError('An invoice amount must be a positive integer of minor units');
  if (!(WALLET_CURRENCIES as readonly string[]).includes(input.currency))
    throw new RangeError(`Unknown wallet currency ${input.currency}`);
  return subjectId;
}

/**
 * Inserts a pending invoice inside the caller's transaction (an order raises its invoice with its own rows, so both
 * commit or neither). The caller owns the subject's uniqueness: the index still refuses a second one.
 */
export async function insertInvoiceRow(
  m: EntityManager,
  input: IssueInvoiceInput,
  subjectId: number | null = assertIssuable(input),
): Promise<Invoice> {
  const entity = invoiceRow(m, input, subjectId);
  await m.insert(Invoice, entity);
  return entity;
}

/**
 * As insertInvoiceRow, written once and never read back: the invoice is inserted pending, or already paid with
 * `paid` (a wallet payment in the same transaction), and only its id is filled in (not its timestamps).
 */
export async function writeInvoiceRow(
  m: EntityManager,
  input: IssueInvoiceInput,
  paid: { method: 'wallet'; at: Date } | null,
): Promise<Invoice> {
  const entity = invoiceRow(m, input, assertIssuable(input));
  if (paid) Object.assign(entity, { status: 'paid', payment_method: paid.method, paid_at: paid.at });
  [entity.id] = await insertRows(m, Invoice, [{ ...entity }]);
  return entity;
}

function invoiceRow(m: EntityManager, input: IssueInvoiceInput, subjectId: number | null): Invoice {
  return m.create(Invoice, {
    reference: invoiceReference(),
    user_id: input.userId,
    type: input.type,
    subject_id: subjectId,
    subject_label: input.type === 'manual' ? null : (input.subjectLabel?.slice(0, 191) ?? null),
    description: input.description.trim().slice(0, 255),
    amount_minor: input.amountMinor,
    currency: input.currency,
    status: 'pending',
    payment_method: null,
    paid_at: null,
    cancelled_at: null,
    created_by: input.createdBy ?? null,
  });
}
