/** Time-of-day word of the signed-in header: Morning before 12, Afternoon 12 to 17, Evening otherwise. */
export function timeOfDay(date: Date): 'Morning' | 'Afternoon' | 'Evening' {
  const hour = date.getHours();
  if (hour < 12) return 'Morning';
  if (hour < 17) return 'Afternoon';
  return 'Evening';
}

/** The greeting line: weekday, date and the time-of-day word, e.g. 'Saturday, November 21, 2026 · Good Evening'. */
export function greetingLine(date: Date, locale = 'en-US'): string {
  const day = date.toLocaleDateString(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  return `${day} · Good ${timeOfDay(date)}`;
}

/** Long US date with 12-hour time, as the delivery table shows it. */
export function formatLongDateTime(value: string | Date | null | undefined, locale = 'en-US'): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
}

export function formatDate(value: string | Date | null | undefined, locale = 'en-US'): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
