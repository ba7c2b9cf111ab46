/**
 * Receipts: one per payment, numbered RCT-<year>-<6 digits> per Lagos year. The number comes
 * from the year's counter row, bumped by the payment's own transaction (INSERT … ON CONFLICT DO
 * UPDATE … RETURNING): payments at once take turns on that row, and a payment that rolls back
 * gives its number back, so the numbers have no gaps and no duplicates on either database.
 */
import { company } from '../../src/content/company';
import { todayInLagos, type Receipt } from '../../src/api/contract';
import { isDeletedAccountEmail } from '../accounts/users';
import type { DB, Shipment } from '../db/database';

export async function nextReceiptNumber(trx: DB, at: Date): Promise<string> {
  const year = Number(todayInLagos(at).slice(0, 4));
  const { last_number } = await trx
    .insertInto('receipt_counters')
    .values({ year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .column('year')
        .doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return `RCT-${year}-${String(last_number).padStart(6, '0')}`;
}

/** "25 November 2026, 14:05 WAT": a moment as the receipt prints it, in Lagos time. */
export const lagosDateTime = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(at)} WAT`;

/** The receipt `number` of `shipment`, or null when the order has no such receipt. */
export async function receiptOf(
  db: DB,
  shipment: Shipment,
  number: string,
): Promise<Receipt | null> {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('shipment_id', '=', shipment.id)
    .where('receipt_number', '=', number.trim().toUpperCase())
    .executeTakeFirst();
  if (!payment) return null;
  const customer = await db
    .selectFrom('users')
    .select(['fullname', 'email', 'phone'])
    .where('id', '=', shipment.user_id)
    .executeTakeFirstOrThrow();
  // A deleted account's receipt names nobody (its placeholder address is no one's).
  if (isDeletedAccountEmail(customer.email)) customer.email = '';
  return {
    number: payment.receipt_number,
    amount_kobo: Number(payment.amount_kobo),
    method: payment.method,
    payment_reference: payment.paystack_reference ?? payment.office_reference ?? '',
    paid_at: payment.paid_at.toISOString(),
    paid_at_lagos: lagosDateTime(payment.paid_at),
    test_mode: payment.test_mode,
    company: { name: company.name, registration: company.registration, address: company.address },
    customer,
    order: {
      reference_number: shipment.reference,
      service_type: shipment.service_type,
      price_kobo: Number(shipment.price_kobo ?? 0),
      declared_value_kobo:
        shipment.declared_value_kobo == null ? null : Number(shipment.declared_value_kobo),
    },
  };
}
