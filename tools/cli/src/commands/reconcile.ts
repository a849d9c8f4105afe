import { isReconciled, presentReport, ReconciliationService } from '#api-maintenance';
import { parseOptions, UsageError, type CliContext } from '../context';

export const reconcileHelp = `Usage: npm run cli -- reconcile [--json] [--at <ISO date-time>]

Checks the money invariants (decision 026): every wallet balance equals its completed ledger entries; every paid
invoice has exactly one payment of its amount (none for a transfer) and every refunded one its refund; every order at
To Ship or later is paid, and none stays at To Pay with a paid invoice; vendor credits match their lines and returns
reverse them; no cancelled order or parcel keeps a payable or unrefunded invoice; and lists every gateway answer that
did not settle, with what to do. It only reads, in batches; safe to run while the API runs.
Exit code 0 when the books agree, 1 on any finding of severity error (info findings are listed only).
  --json   print the report as JSON ({ findings, checked, ran_at })
  --at     treat this moment as now (default: the current time)`;

export async function reconcile(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { json: 'boolean', at: 'string' });
  const now = options.at === undefined ? new Date() : new Date(String(options.at));
  if (Number.isNaN(now.getTime())) throw new UsageError('--at must be an ISO date-time, e.g. 2026-11-22T10:00:00Z.');
  const app = await ctx.app();
  try {
    const report = presentReport(await app.get(ReconciliationService).run({ now }));
    const clean = isReconciled(report);
    if (options.json) {
      const json = JSON.stringify(report, null, 2);
      const stdout = ctx.io.stdout;
      // A large report through a pipe: wait until it is flushed (the process exits right after).
      if (stdout)
        await new Promise<void>((resolve, reject) => stdout.write(`${json}\n`, (e) => (e ? reject(e) : resolve())));
      else ctx.io.out(json);
      return clean ? 0 : 1;
    }
    const checked = Object.entries(report.checked)
      .map(([what, n]) => `${n} ${what.replace(/_/g, ' ')}`)
      .join(', ');
    for (const f of report.findings) {
      const amounts =
        f.expected_minor === null && f.actual_minor === null
          ? ''
          : ` (expected ${f.expected_minor ?? '-'}, found ${f.actual_minor ?? '-'}${f.currency ? ` ${f.currency}` : ''} minor units)`;
      ctx.io.out(
        `${f.severity.toUpperCase()} ${f.code} ${f.entity} #${f.id}${f.label ? ` ${f.label}` : ''}: ${f.problem}${amounts}\n  -> ${f.action}`,
      );
    }
    const errors = report.findings.filter((f) => f.severity === 'error').length;
    ctx.io.out(
      clean
        ? `Reconciled: the books agree${report.findings.length ? ` (${report.findings.length} notice(s) above)` : ''}. Checked ${checked || 'nothing'}.`
        : `${errors} finding(s): the books do not agree. Checked ${checked}.`,
    );
    return clean ? 0 : 1;
  } finally {
    await app.close();
  }
}
