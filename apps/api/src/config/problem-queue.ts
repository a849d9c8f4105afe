/**
 * The problem queue's thresholds (issue 26, decision 045):
 * - PROBLEM_STALLED_HOURS: per delivery status, how long a parcel may hold it before it is stalled, as
 *   "status=hours" pairs separated by commas (only the statuses a parcel moves on from: 1 to 6); a status left out
 *   is never stalled.
 * - PROBLEM_UNPAID_DAYS: a cargo fee invoice still pending this many days after it was raised.
 */
export interface ProblemQueueSettings {
  stalledHours: Record<number, number>;
  unpaidDays: number;
}

export const DEFAULT_STALLED_HOURS = '1=336,2=168,3=120,4=168,5=1080,6=72';

export function loadProblemQueue(env: Record<string, string | undefined>, problems: string[]): ProblemQueueSettings {
  const raw = (env.PROBLEM_STALLED_HOURS ?? '').trim() || DEFAULT_STALLED_HOURS;
  const stalledHours: Record<number, number> = {};
  for (const pair of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([1-6])\s*=\s*(\d{1,5})$/.exec(pair);
    if (!match || Number(match[2]) < 1) {
      problems.push(
        `PROBLEM_STALLED_HOURS must be status=hours pairs (statuses 1 to 6, hours 1 to 99999), got "${pair}"`,
      );
      continue;
    }
    stalledHours[Number(match[1])] = Number(match[2]);
  }
  const daysRaw = (env.PROBLEM_UNPAID_DAYS ?? '').trim();
  let unpaidDays = 7;
  if (daysRaw) {
    const value = Number(daysRaw);
    if (!Number.isInteger(value) || value < 1 || value > 365)
      problems.push(`PROBLEM_UNPAID_DAYS must be an integer between 1 and 365 (got "${daysRaw}")`);
    else unpaidDays = value;
  }
  return { stalledHours, unpaidDays };
}
