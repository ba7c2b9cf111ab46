/**
 * How the crew's page names a stop's state and the days, in plain words; a stop's kind is named as
 * everywhere else (../../api/contract/stopLabels.ts).
 */
import type { CrewStop } from '../../api/contract/crewDay';
import { todayInLagos } from '../../api/contract/rules';
import { stopEventLabels } from '../../api/contract/stopLabels';

/** A stop's state as the crew reads it: a finished stop says how it finished. */
export function stopStateLabel({ state, kind }: Pick<CrewStop, 'state' | 'kind'>): string {
  switch (state) {
    case 'pending':
      return 'Not started';
    case 'done':
      return stopEventLabels[kind === 'pickup' || kind === 'loading' ? 'picked_up' : 'delivered'];
    default:
      return stopEventLabels[state];
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayName = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** YYYY-MM-DD of `now` in Lagos, and of the day after (Lagos keeps no summer time: a day is 24 h). */
export function lagosToday(now = new Date()): { today: string; tomorrow: string } {
  return { today: todayInLagos(now), tomorrow: todayInLagos(new Date(now.getTime() + DAY_MS)) };
}

/** "Today, Saturday 28 November"; another day by its name only. */
export function dayHeading(day: string, { today, tomorrow }: ReturnType<typeof lagosToday>) {
  const name = dayName.format(new Date(`${day}T12:00:00Z`));
  if (day === today) return `Today, ${name}`;
  if (day === tomorrow) return `Tomorrow, ${name}`;
  return name;
}
