/**
 * How tracking and bookings read dates: as docs/product.md sets them (short month, 2-digit day,
 * time with am/pm), in Lagos time wherever the reader is. Status names are the contract's
 * `statusLabels`.
 */

const lagosTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Africa/Lagos',
  month: 'short',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Mar 05, 9:30 am"; text that is not a date is shown as it came. */
export function formatLagosDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = lagosTime.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

const calendarDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: '2-digit',
  year: 'numeric',
});

/** A calendar date (YYYY-MM-DD, a pickup or a valid-until day) as "Mar 05, 2025"; other text as it came. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime())
    ? calendarDay.format(date)
    : day;
}
