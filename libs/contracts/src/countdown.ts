/**
 * Countdown formats of spec section 9, implemented once for every screen:
 * - over 7 days: weeks and days (card) or weeks, days, hours, minutes, seconds (section header);
 * - 1 to 7 days: days and hours;
 * - under a day: hours, minutes, seconds;
 * - under an hour: minutes and seconds.
 * At or past the end the countdown is over (null).
 */
export type CountdownStyle = 'card' | 'header';

export interface CountdownParts {
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export function countdownParts(end: Date | string | number, now: Date | number = Date.now()): CountdownParts | null {
  const endMs = end instanceof Date ? end.getTime() : typeof end === 'number' ? end : new Date(end).getTime();
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(endMs)) return null;
  const totalMs = endMs - nowMs;
  if (totalMs <= 0) return null;
  let rest = totalMs;
  const weeks = Math.floor(rest / WEEK);
  rest -= weeks * WEEK;
  const days = Math.floor(rest / DAY);
  rest -= days * DAY;
  const hours = Math.floor(rest / HOUR);
  rest -= hours * HOUR;
  const minutes = Math.floor(rest / MINUTE);
  rest -= minutes * MINUTE;
  return { weeks, days, hours, minutes, seconds: Math.floor(rest / SECOND), totalMs };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatCountdown(
  end: Date | string | number,
  now: Date | number = Date.now(),
  style: CountdownStyle = 'card',
): string | null {
  const p = countdownParts(end, now);
  if (!p) return null;
  if (p.totalMs > WEEK) {
    return style === 'header'
      ? `${p.weeks}w ${p.days}d ${pad(p.hours)}h ${pad(p.minutes)}m ${pad(p.seconds)}s`
      : `${p.weeks}w ${p.days}d`;
  }
  if (p.totalMs >= DAY) {
    const days = p.weeks * 7 + p.days;
    return `${days}d ${p.hours}h`;
  }
  if (p.totalMs >= HOUR) return `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
  return `${pad(p.minutes)}:${pad(p.seconds)}`;
}

/** Carousel paging of spec section 4: 3 per step, arrows disabled at the ends, hidden when 3 or fewer. */
export function carouselState(total: number, start: number, pageSize = 3) {
  const maxStart = Math.max(0, total - pageSize);
  const clamped = Math.min(Math.max(0, start), maxStart);
  return {
    start: clamped,
    showArrows: total > pageSize,
    canPrev: clamped > 0,
    canNext: clamped < maxStart,
    next: Math.min(clamped + pageSize, maxStart),
    prev: Math.max(clamped - pageSize, 0),
  };
}
