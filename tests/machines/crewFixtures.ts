/** A crew's day as GET crew/jobs answers it, for the crew machines' tests. */
import type { CrewJob, CrewStop } from '../../src/api/contract/crews';

export const stopOf = (id: string, overrides: Partial<CrewStop> = {}): CrewStop => ({
  id,
  kind: 'dropoff',
  address: '12 Allen Avenue, Ikeja',
  landmark: null,
  contact_name: 'Ada Obi',
  contact_phone: '+2348031234567',
  state: 'pending',
  code_locked: false,
  ...overrides,
});

export const jobOf = (reference: string, stops: CrewStop[]): CrewJob => ({
  reference,
  service_type: 'instant_delivery',
  date: '2026-11-28',
  window_start: '09:00',
  window_end: '11:00',
  description: 'Two boxes of books',
  paid: true,
  stops,
});
