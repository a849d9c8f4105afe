import {
  fromMinorUnits,
  payoutStatusLabel,
  type Payout as PayoutDto,
  type PayoutAccount as PayoutAccountDto,
  type StatementEntry,
  type StatementKind,
} from '@jara/contracts';
import type { LedgerEntry } from '../wallet/ledger-entry.entity';
import type { PayoutAccount } from './payout-account.entity';
import type { Payout } from './payout.entity';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The recipient code never leaves the API. */
export function presentAccount(a: PayoutAccount): PayoutAccountDto {
  return {
    id: a.id,
    vendor_id: a.vendor_id,
    bank_code: a.bank_code,
    bank_name: a.bank_name,
    account_number: a.account_number,
    account_name: a.account_name,
    active: a.active_vendor_id !== null,
    payable_after: iso(a.payable_after) as string,
    created_at: iso(a.created_at) as string,
  };
}

export function presentPayout(p: Payout): PayoutDto {
  return {
    id: p.id,
    vendor_id: p.vendor_id,
    ...(p.vendor !== undefined
      ? { vendor: p.vendor ? { id: p.vendor.id, name: p.vendor.name, email: p.vendor.email } : null }
      : {}),
    amount_minor: p.amount_minor,
    amount: fromMinorUnits(p.amount_minor),
    fee_minor: p.fee_minor,
    fee: fromMinorUnits(p.fee_minor),
    status: p.status,
    status_label: payoutStatusLabel(p.status),
    reference: p.reference,
    bank_name: p.bank_name,
    account_number: p.account_number,
    account_name: p.account_name,
    reason: p.reason,
    approved_by: p.approved_by,
    requested_at: iso(p.created_at) as string,
    approved_at: iso(p.approved_at),
    completed_at: iso(p.completed_at),
    updated_at: iso(p.updated_at) as string,
  };
}

export interface SaleFigures {
  gross_minor: number;
  commission_minor: number;
}

export function presentStatementEntry(e: LedgerEntry, sale?: SaleFigures): StatementEntry {
  return {
    id: e.id,
    kind: e.kind as StatementKind,
    description: e.description,
    reference: e.reference,
    direction: e.direction,
    amount_minor: e.amount_minor,
    amount: fromMinorUnits(e.amount_minor),
    status: e.status,
    gross_minor: sale?.gross_minor ?? null,
    commission_minor: sale?.commission_minor ?? null,
    created_at: iso(e.created_at) as string,
  };
}

/** One CSV field: quoted when needed, and a leading = + - @ neutralised (no formula injection in spreadsheets). */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
