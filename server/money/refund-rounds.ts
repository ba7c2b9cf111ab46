/**
 * Card refunds go to Paystack after the transaction that made them owed, and again every minute
 * for any still due (Paystack unreachable, the server restarted): a round at a time, stopped
 * before the database closes.
 */
import type { DB } from '../db/database';
import type { Log } from '../log';
import type { Paystack } from './paystack';
import { sendCardRefunds } from './refunds';

const ROUND_MS = 60_000;

export function cardRefundRounds(services: { db: DB; paystack: Paystack; log: Log }) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = () => {
    if (stopped) return running;
    running = running
      .then(() => sendCardRefunds(services.db, services.paystack.client, services.log))
      .catch((error: unknown) => {
        services.log.error({ err: error }, 'card refund round failed');
      });
    return running;
  };
  const timer = setInterval(round, ROUND_MS);
  timer.unref();
  return {
    /** Sends what is due now (after a cancellation or an overpayment), after any round still running. */
    now: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type CardRefundRounds = ReturnType<typeof cardRefundRounds>;
