/** Local UI text of the reconciliation page (issue 21, decision 026). */
export const RECONCILIATION_UI = {
  title: 'Reconciliation',
  hint: 'The money invariants checked now: wallets against their ledger, invoices against their payments, orders and parcels against their invoices, vendor credits against their lines, and every gateway answer that did not settle.',
  rerun: 'Run again',
  clean: 'The books agree',
  cleanDetail: 'No finding: every balance, invoice, order, credit and gateway answer reconciles.',
  errors: (n: number) => `${n} finding(s) to fix`,
  errorsDetail: 'Each row names the record, what is wrong, the amounts and what to do.',
  failed: 'The reconciliation could not run.',
  ranAt: 'Checked at',
  checked: 'Rows read',
  // Columns
  severity: 'Severity',
  code: 'Finding',
  record: 'Record',
  problem: 'What is wrong',
  amounts: 'Expected / found',
  action: 'What to do',
  error: 'Error',
  info: 'Notice',
  none: '—',
};
