import { fromMinorUnits, type WalletAccount, type WalletBalance, type WalletHistoryEntry } from '@jara/contracts';
import type { User } from '../users/user.entity';
import type { LedgerEntry } from './ledger-entry.entity';
import type { Balances } from './wallet-ledger';

export function presentBalance(b: Pick<Balances, 'usd_minor' | 'ngn_minor'>): WalletBalance {
  return {
    usdBalance: fromMinorUnits(b.usd_minor),
    ngnBalance: fromMinorUnits(b.ngn_minor),
    usd_minor: b.usd_minor,
    ngn_minor: b.ngn_minor,
  };
}

export function presentEntry(e: LedgerEntry): WalletHistoryEntry {
  return {
    id: e.id,
    description: e.description,
    reference: e.reference,
    amount: fromMinorUnits(e.amount_minor),
    amount_minor: e.amount_minor,
    currency: e.currency,
    direction: e.direction,
    status: e.status,
    created_at: new Date(e.created_at ?? Date.now()).toISOString(),
  };
}

export function presentAccount(u: User, wallet: Balances | undefined): WalletAccount {
  const b = { usd_minor: wallet?.usd_minor ?? 0, ngn_minor: wallet?.ngn_minor ?? 0 };
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    ...presentBalance(b),
    updated_at: wallet?.updated_at ? new Date(wallet.updated_at).toISOString() : null,
  };
}
