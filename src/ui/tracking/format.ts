/**
 * How tracking and bookings read: status names as people say them, and dates as SPEC section 9
 * sets them (short month, 2-digit day, time with am/pm), in Lagos time wherever the reader is.
 */
import type { ShipmentStatus } from '../../api/contract';

export const statusLabels: Record<ShipmentStatus, string> = {
  ToInspect: 'To Inspect',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
};

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
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}
