/**
 * Termii's delivery reports (./termii.ts, `deliveryReport`): a sent text becomes `delivered`, or
 * `failed` when the network refused or gave it up. A report for a message id the product does not
 * know (another application on the same Termii account, or a text not yet recorded as sent) is
 * ignored; a later report never takes a delivered text back.
 */
import type { DB } from '../db/database';
import { reportOutcome, type DeliveryReport } from './termii';

/** Applies a report; answers whether it changed a text. */
export async function applyDeliveryReport(db: DB, report: DeliveryReport): Promise<boolean> {
  const outcome = reportOutcome(report.status);
  if (!outcome) return false;
  const now = new Date();
  const changed = await db
    .updateTable('texts')
    .set(
      outcome === 'delivered'
        ? { state: 'delivered', delivered_at: now, last_error: null }
        : {
            state: 'failed',
            failed_at: now,
            last_error: `Termii reported: ${report.status.slice(0, 200)}`,
          },
    )
    .where('provider_message_id', '=', report.message_id)
    .where('state', 'in', outcome === 'delivered' ? ['sent', 'failed'] : ['sent'])
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}
