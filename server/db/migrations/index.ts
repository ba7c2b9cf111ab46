/** The migrations in the order they apply; names sort the same way, so Kysely keeps the order. */
import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as statusHistoryTrigger from './002-status-history-trigger';

export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-status-history-trigger': statusHistoryTrigger,
};
