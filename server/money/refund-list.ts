/**
 * The refunds waiting for staff or Paystack, overdue ones first, then by due date: the staff's
 * refunds list. Paged by position (`cursor` is how many rows came before), since the order
 * is by due date, not by id.
 */
import { todayInLagos } from '../../src/api/contract';
import type { DB } from '../db/database';

export async function refundsWaiting(db: DB, cursor: string | undefined, limit: number) {
  const today = todayInLagos();
  const offset = cursor ? Number(cursor) : 0;
  const rows = await db
    .selectFrom('refunds')
    .innerJoin('shipments', 'shipments.id', 'refunds.shipment_id')
    .innerJoin('users', 'users.id', 'shipments.user_id')
    .select([
      'refunds.id',
      'refunds.amount_kobo',
      'refunds.fee_kobo',
      'refunds.state',
      'refunds.route',
      'refunds.due_by',
      'refunds.done_at',
      'refunds.reference',
      'shipments.reference as order_reference',
      // A deleted account's contact is kept on its refunds until they are paid.
      (eb) => eb.fn.coalesce('refunds.payee_name', 'users.fullname').as('fullname'),
      (eb) => eb.fn.coalesce('refunds.payee_email', 'users.email').as('email'),
      (eb) => eb.fn.coalesce('refunds.payee_phone', 'users.phone').as('phone'),
    ])
    .where('refunds.state', '!=', 'done')
    .orderBy('refunds.due_by')
    .orderBy('refunds.id')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const page = rows.slice(0, limit);
  return {
    data: page.map((row) => ({
      id: row.id,
      amount_kobo: Number(row.amount_kobo),
      fee_kobo: Number(row.fee_kobo),
      state: row.state,
      route: row.route,
      due_by: row.due_by,
      overdue: row.due_by < today,
      done_at: row.done_at?.toISOString() ?? null,
      reference: row.reference,
      reference_number: row.order_reference,
      customer: { fullname: row.fullname, email: row.email, phone: row.phone },
    })),
    next_cursor: rows.length > limit ? String(offset + limit) : null,
  };
}
