/** The migrations in the order they apply; names sort the same way, so Kysely keeps the order. */
import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as statusHistoryTrigger from './002-status-history-trigger';
import * as accountSecurity from './003-account-security';
import * as mailOutbox from './004-mail-outbox';
import * as idempotencyLimitsFiles from './005-idempotency-limits-files';
import * as staffOffers from './006-staff-offers';
import * as serverKeysSessionExpiry from './007-server-keys-session-expiry';
import * as codeAndMailLimits from './008-code-and-mail-limits';
import * as bookingWindows from './009-booking-windows';
import * as money from './010-money';
import * as tariffsPlaces from './011-tariffs-places';
import * as staffWorkspace from './012-staff-workspace';
import * as queuePriceColumns from './013-queue-price-columns';
import * as feeWindowCorrections from './014-fee-window-corrections';
import * as moneyOutlivesAccounts from './015-money-outlives-accounts';
import * as declaredValueInstantJobDate from './016-declared-value-instant-job-date';
import * as bookingWritesOnce from './017-booking-writes-once';
import * as texts from './018-texts';
import * as crews from './019-crews';
import * as landmarks from './020-landmarks';
import * as stopEventsTakenAt from './021-stop-events-taken-at';

export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-status-history-trigger': statusHistoryTrigger,
  '003-account-security': accountSecurity,
  '004-mail-outbox': mailOutbox,
  '005-idempotency-limits-files': idempotencyLimitsFiles,
  '006-staff-offers': staffOffers,
  '007-server-keys-session-expiry': serverKeysSessionExpiry,
  '008-code-and-mail-limits': codeAndMailLimits,
  '009-booking-windows': bookingWindows,
  '010-money': money,
  '011-tariffs-places': tariffsPlaces,
  '012-staff-workspace': staffWorkspace,
  '013-queue-price-columns': queuePriceColumns,
  '014-fee-window-corrections': feeWindowCorrections,
  '015-money-outlives-accounts': moneyOutlivesAccounts,
  '016-declared-value-instant-job-date': declaredValueInstantJobDate,
  '017-booking-writes-once': bookingWritesOnce,
  '018-texts': texts,
  '019-crews': crews,
  '020-landmarks': landmarks,
  '021-stop-events-taken-at': stopEventsTakenAt,
};
