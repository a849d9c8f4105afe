import type { DataSource } from 'typeorm';
import type { WalletCurrency } from '@jara/contracts';
import { isUniqueViolation, insertInvoice, Invoice, User, LedgerEntry, WalletLedger } from '#api-maintenance';

/** Who gets the demo wallet: the demo customer. */
export const DEMO_WALLET_EMAIL = 'customer@jara.local';

/** Completed credits with fixed references (the ledger's unique reference keeps the seed idempotent). */
export const DEMO_WALLET_CREDITS: ReadonlyArray<{
  reference: string;
  currency: WalletCurrency;
  amountMinor: number;
  description: string;
}> = [
  { reference: 'demo-welcome-ngn', currency: 'NGN', amountMinor: 250_000_00, description: 'Welcome credit (demo)' },
  { reference: 'demo-welcome-usd', currency: 'USD', amountMinor: 100_00, description: 'Welcome credit (demo)' },
];

export const DEMO_INVOICE = { description: 'Storage fee (demo)', amountMinor: 7_500_00, currency: 'NGN' as const };

/**
 * Gives the demo customer a funded wallet (NGN 250,000 and USD 100 as completed ledger entries, through the same
 * WalletLedger the API uses, so the balance equals its ledger) and one pending manual invoice. Idempotent: an
 * entry or invoice already there is left alone. Skipped when the demo customer does not exist.
 */
export async function seedMoney(db: DataSource): Promise<{ credits: number; invoices: number; skipped: boolean }> {
  const customer = await db.getRepository(User).findOne({ where: { email: DEMO_WALLET_EMAIL } });
  if (!customer) return { credits: 0, invoices: 0, skipped: true };
  const ledger = new WalletLedger(db);
  let credits = 0;
  for (const credit of DEMO_WALLET_CREDITS) {
    if (await db.getRepository(LedgerEntry).exists({ where: { reference: credit.reference } })) continue;
    try {
      await ledger.postAlone({
        userId: customer.id,
        amountMinor: credit.amountMinor,
        currency: credit.currency,
        direction: 'credit',
        description: credit.description,
        reference: credit.reference,
        kind: 'credit',
      });
      credits++;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another seed run got there first
    }
  }
  let invoices = 0;
  const hasInvoice = await db
    .getRepository(Invoice)
    .exists({ where: { user_id: customer.id, type: 'manual', description: DEMO_INVOICE.description } });
  if (!hasInvoice) {
    await insertInvoice(db, {
      userId: customer.id,
      type: 'manual',
      amountMinor: DEMO_INVOICE.amountMinor,
      currency: DEMO_INVOICE.currency,
      description: DEMO_INVOICE.description,
    });
    invoices++;
  }
  return { credits, invoices, skipped: false };
}
