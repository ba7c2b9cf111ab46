/** How the crew's page names stops, their states and days, in plain words. */
import type { CrewStop, StopKind } from '../../api/contract/crews';

export const stopKindLabels: Record<StopKind, string> = {
  pickup: 'Pick up',
  dropoff: 'Drop off',
  loading: 'Loading',
  unloading: 'Unloading',
};

/** A stop's state as the crew reads it: a finished stop says how it finished. */
export function stopStateLabel({ state, kind }: Pick<CrewStop, 'state' | 'kind'>): string {
  switch (state) {
    case 'pending':
      return 'Not started';
    case 'on_the_way':
      return 'On the way';
    case 'arrived':
      return 'Arrived';
    case 'done':
      return kind === 'pickup' || kind === 'loading' ? 'Picked up' : 'Delivered';
    case 'failed':
      return 'Failed';
  }
}

const lagosDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' });
const dayName = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** YYYY-MM-DD of `now` in Lagos, and of the day after. */
export function lagosToday(now = new Date()): { today: string; tomorrow: string } {
  const today = lagosDay.format(now);
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { today, tomorrow: next.toISOString().slice(0, 10) };
}

/** "Today, Saturday 28 November"; another day by its name only. */
export function dayHeading(day: string, { today, tomorrow }: ReturnType<typeof lagosToday>) {
  const name = dayName.format(new Date(`${day}T12:00:00Z`));
  if (day === today) return `Today, ${name}`;
  if (day === tomorrow) return `Tomorrow, ${name}`;
  return name;
}
