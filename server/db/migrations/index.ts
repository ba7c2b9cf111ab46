/** The migrations in the order they apply; names sort the same way, so Kysely keeps the order. */
import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as statusHistoryTrigger from './002-status-history-trigger';
import * as accountSecurity from './003-account-security';
import * as mailOutbox from './004-mail-outbox';
import * as idempotencyLimitsFiles from './005-idempotency-limits-files';
import * as staffOffers from './006-staff-offers';
import * as bookingWindows from './007-booking-windows';

export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-status-history-trigger': statusHistoryTrigger,
  '003-account-security': accountSecurity,
  '004-mail-outbox': mailOutbox,
  '005-idempotency-limits-files': idempotencyLimitsFiles,
  '006-staff-offers': staffOffers,
  '007-booking-windows': bookingWindows,
};
