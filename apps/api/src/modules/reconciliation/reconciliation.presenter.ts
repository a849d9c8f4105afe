import type { ReconciliationFinding, ReconciliationReport } from '@jara/contracts';

/** The admin's view of a reconciliation run: errors first (then by code and id), every count, when it ran. */
export function presentReport(report: ReconciliationReport): ReconciliationReport {
  const rank = (f: ReconciliationFinding) => (f.severity === 'error' ? 0 : 1);
  const findings = [...report.findings].sort(
    (a, b) => rank(a) - rank(b) || a.code.localeCompare(b.code) || a.id - b.id,
  );
  return { findings, checked: { ...report.checked }, ran_at: report.ran_at };
}

/** True when the books agree: no finding of severity error. */
export function isReconciled(report: ReconciliationReport): boolean {
  return report.findings.every((f) => f.severity !== 'error');
}
