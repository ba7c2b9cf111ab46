/**
 * Refunds (docs/operations.md, "Payments"): what cancelling a paid order costs and gives back, the
 * refund rows a cancellation or an overpayment leaves, card refunds sent through Paystack and
 * followed to `refund.processed`, office refunds marked paid by staff. Each refund is due 7
 * business days (Monday to Friday, Lagos) after it falls due.
 */
import type { Transaction } from 'kysely';
import { todayInLagos, type Cancellation } from '../../src/api/contract';
import type { Database, DB, Shipment } from '../db/database';
import { refundDoneMail, refundDueMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { textRefundSent } from '../messages/notices';
import { conflict, notFound } from '../http/problems';
import { refuseOwnOrder } from '../orders/self-dealing';
import { lockShipment, type StatusChange } from '../orders/shipments';
import type { PaystackClient } from './paystack-client';

export const REFUND_BUSINESS_DAYS = 7;

/**
 * A refund paid back no longer needs the contact a deleted account left on it
 * (../accounts/account-deletion.ts): the last of the person's details goes with it.
 */
const PAYEE_CLEARED = { payee_name: null, payee_email: null, payee_phone: null };
/** A cancellation this many days or fewer before the job date (or after it) keeps the fee. */
export const FEE_WINDOW_DAYS = 3;

const isOffice = (method: string) => method === 'bank_transfer' || method === 'cash';

/** `days` business days (Monday to Friday) after the calendar day `from` (YYYY-MM-DD). */
export function addBusinessDays(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** The calendar day `days` after (or before, when negative) the day `from` (YYYY-MM-DD). */
export function addDays(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type FeeWindowColumns = Pick<Shipment, 'job_date' | 'created_at' | 'cancellation_fee_from'>;

/**
 * The order's job date: a move's moving date, a delivery's pickup date (both copied on the order
 * as `job_date`, migration 012); an order with none (an instant delivery, picked up at once; a
 * move with no moving date yet) counts from the day it was booked (Lagos).
 */
export const jobDateOf = (shipment: FeeWindowColumns): string =>
  shipment.job_date ?? todayInLagos(shipment.created_at);

/**
 * The first day a cancellation keeps the fee (docs/decisions/cancellation-fee.md): FEE_WINDOW_DAYS
 * before the job date, or earlier when a reschedule made inside the window of the date it
 * replaced kept that window (`cancellation_fee_from`, see keepFeeWindow).
 */
export function feeWindowFrom(shipment: FeeWindowColumns): string {
  const fromDate = addDays(jobDateOf(shipment), -FEE_WINDOW_DAYS);
  const kept = shipment.cancellation_fee_from;
  return kept !== null && kept < fromDate ? kept : fromDate;
}

/**
 * Under the order's row lock, before a reschedule moves its date: once a price is accepted, a
 * reschedule made inside the fee window keeps that window, so moving the date out and then
 * cancelling still keeps the fee. A reschedule made ahead of the window moves it with the date.
 */
export async function keepFeeWindow(
  trx: Transaction<Database>,
  locked: Shipment,
  today = todayInLagos(),
): Promise<void> {
  if (locked.price_kobo === null) return;
  const from = feeWindowFrom(locked);
  if (today < from || locked.cancellation_fee_from === from) return;
  await trx
    .updateTable('shipments')
    .set({ cancellation_fee_from: from })
    .where('id', '=', locked.id)
    .execute();
}

/** The money of an order not yet given back nor already owed back: what a cancellation refunds, less the fee. */
async function heldOf(db: DB, shipment: Shipment): Promise<number> {
  const open = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount_kobo'), eb.lit(0)).as('owed'))
    .where('shipment_id', '=', shipment.id)
    .where('state', '!=', 'done')
    .executeTakeFirstOrThrow();
  return Number(shipment.paid_kobo) - Number(shipment.refunded_kobo) - Number(open.owed);
}

/**
 * What cancelling `shipment` today would keep and give back: the fee is `feePercent` of what was
 * paid (rounded down to the kobo) from the first day of its fee window (feeWindowFrom, Lagos
 * dates). The order page's preview and the cancel itself both ask this one function.
 */
export async function cancellationOf(
  db: DB,
  shipment: Shipment,
  feePercent: number,
  today = todayInLagos(),
): Promise<Cancellation> {
  const held = Math.max(0, await heldOf(db, shipment));
  if (held === 0) return { fee_kobo: 0, refund_kobo: 0 };
  const fee = today >= feeWindowFrom(shipment) ? Math.floor((held * feePercent) / 100) : 0;
  return { fee_kobo: fee, refund_kobo: held - fee };
}

interface NewRefund {
  paymentId: number;
  amount: number;
  fee: number;
  route: 'card' | 'office';
  reason: string;
}

async function insertRefunds(
  trx: Transaction<Database>,
  shipment: Shipment,
  refunds: NewRefund[],
  by: StatusChange,
  customerEmail: string,
): Promise<void> {
  const due_by = addBusinessDays(todayInLagos(), REFUND_BUSINESS_DAYS);
  for (const refund of refunds) {
    await trx
      .insertInto('refunds')
      .values({
        shipment_id: shipment.id,
        payment_id: refund.paymentId,
        amount_kobo: refund.amount,
        fee_kobo: refund.fee,
        route: refund.route,
        reason: refund.reason,
        due_by,
        actor: by.actor,
        actor_user_id: by.actor_user_id,
      })
      .execute();
  }
  const amount = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const fee = refunds.reduce((sum, refund) => sum + refund.fee, 0);
  if (amount > 0)
    await enqueueMail(trx, refundDueMail(customerEmail, shipment.reference, amount, fee, due_by));
}

/** The order's payments, oldest first, each with what is not yet refunded nor owed back of it. */
async function openPayments(trx: Transaction<Database>, shipmentId: number) {
  const payments = await trx
    .selectFrom('payments')
    .leftJoin('refunds', 'refunds.payment_id', 'payments.id')
    .select((eb) => [
      'payments.id',
      'payments.method',
      'payments.amount_kobo',
      eb.fn.coalesce(eb.fn.sum<string | number>('refunds.amount_kobo'), eb.lit(0)).as('returned'),
    ])
    .where('payments.shipment_id', '=', shipmentId)
    .groupBy(['payments.id', 'payments.method', 'payments.amount_kobo'])
    .orderBy('payments.id')
    .execute();
  return payments.map((payment) => ({
    id: payment.id,
    method: payment.method,
    open: Number(payment.amount_kobo) - Number(payment.returned),
  }));
}

/**
 * In the cancel's own transaction (the order's row locked): keeps the fee on the order and owes
 * back the rest of every payment not yet refunded, one refund per payment (a card payment goes
 * back to its card through Paystack, an office payment is paid back by staff). The fee is taken
 * from the oldest payments first.
 */
export async function oweCancellationRefunds(
  trx: Transaction<Database>,
  shipment: Shipment,
  quote: Cancellation,
  by: StatusChange,
  customerEmail: string,
): Promise<void> {
  if (quote.fee_kobo === 0 && quote.refund_kobo === 0) return;
  await trx
    .updateTable('shipments')
    .set({ cancellation_fee_kobo: quote.fee_kobo })
    .where('id', '=', shipment.id)
    .execute();
  const payments = await openPayments(trx, shipment.id);
  let feeLeft = quote.fee_kobo;
  const refunds: NewRefund[] = [];
  for (const { open, ...payment } of payments) {
    const fee = Math.min(feeLeft, Math.max(0, open));
    feeLeft -= fee;
    const amount = open - fee;
    if (amount > 0)
      refunds.push({
        paymentId: payment.id,
        amount,
        fee,
        route: isOffice(payment.method) ? 'office' : 'card',
        reason: 'cancellation',
      });
  }
  await insertRefunds(trx, shipment, refunds, by, customerEmail);
}

/**
 * A price lowered below what is held (a price correction the customer accepted, in its own
 * transaction, the order's row locked): the difference is owed back from the newest payments
 * first, each by its own route, due as any refund. Answers the amount owed back.
 */
export async function owePriceDrop(
  trx: Transaction<Database>,
  shipment: Shipment,
  by: StatusChange,
  customerEmail: string,
): Promise<number> {
  if (shipment.price_kobo === null) return 0;
  let left = (await heldOf(trx, shipment)) - Number(shipment.price_kobo);
  if (left <= 0) return 0;
  const owed = left;
  const payments = await openPayments(trx, shipment.id);
  const refunds: NewRefund[] = [];
  for (const payment of payments.reverse()) {
    const amount = Math.min(left, payment.open);
    if (amount <= 0) continue;
    left -= amount;
    refunds.push({
      paymentId: payment.id,
      amount,
      fee: 0,
      route: isOffice(payment.method) ? 'office' : 'card',
      reason: 'price correction',
    });
  }
  await insertRefunds(trx, shipment, refunds, by, customerEmail);
  return owed;
}

/** An overpayment (`amount` of card payment `paymentId` beyond what was owed) goes back to its card. */
export async function oweOverpayment(
  trx: Transaction<Database>,
  shipment: Shipment,
  paymentId: number,
  amount: number,
  customerEmail: string,
): Promise<void> {
  await insertRefunds(
    trx,
    shipment,
    [{ paymentId, amount, fee: 0, route: 'card', reason: 'overpayment' }],
    { actor: 'customer', actor_user_id: null },
    customerEmail,
  );
}

/**
 * Sends the card refunds that are due to Paystack (`POST /refund`), one at a time. A refund is
 * claimed (`processing`) before the call, so two senders never send it twice; a failed call
 * gives it back (`due`) for the next round. Paystack's `refund.processed` marks it done.
 */
export async function sendCardRefunds(
  db: DB,
  paystack: PaystackClient,
  log: { error: (o: object, m: string) => void },
): Promise<void> {
  const due = await db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['refunds.id', 'refunds.amount_kobo', 'payments.paystack_reference'])
    .where('refunds.route', '=', 'card')
    .where('refunds.state', '=', 'due')
    .where('payments.paystack_reference', 'is not', null)
    .orderBy('refunds.id')
    .limit(100)
    .execute();
  for (const refund of due) {
    const claimed = await db
      .updateTable('refunds')
      .set({ state: 'processing', sent_at: new Date() })
      .where('id', '=', refund.id)
      .where('state', '=', 'due')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    try {
      const answer = await paystack.refund({
        transaction: refund.paystack_reference!,
        amount: Number(refund.amount_kobo),
        currency: 'NGN',
      });
      await db
        .updateTable('refunds')
        .set({ paystack_refund_id: String(answer.id) })
        .where('id', '=', refund.id)
        .execute();
    } catch (error) {
      await db
        .updateTable('refunds')
        .set({ state: 'due', sent_at: null })
        .where('id', '=', refund.id)
        .where('state', '=', 'processing')
        .execute();
      log.error({ err: error, refund: refund.id }, 'a card refund could not be sent to Paystack');
    }
  }
}

/**
 * Paystack's `refund.processed`: the card refund of that transaction and amount is done (once).
 * An event for a transaction or an amount with no open refund changes nothing.
 */
export async function cardRefundProcessed(
  trx: Transaction<Database>,
  event: { transaction_reference: string; refund_reference?: string | null; amount: number },
): Promise<void> {
  const candidate = await trx
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['refunds.shipment_id'])
    .where('payments.paystack_reference', '=', event.transaction_reference)
    .executeTakeFirst();
  if (!candidate) return;
  const shipment = await lockShipment(trx, candidate.shipment_id);
  const refund = await trx
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['refunds.id', 'refunds.amount_kobo', 'refunds.payee_email'])
    .where('payments.paystack_reference', '=', event.transaction_reference)
    .where('refunds.route', '=', 'card')
    .where('refunds.state', '!=', 'done')
    .where('refunds.amount_kobo', '=', event.amount)
    .orderBy((eb) => eb.case().when('refunds.state', '=', 'processing').then(0).else(1).end())
    .orderBy('refunds.id')
    .executeTakeFirst();
  if (!refund) return;
  await trx
    .updateTable('refunds')
    .set({
      state: 'done',
      done_at: new Date(),
      reference: event.refund_reference ?? null,
      done_actor: 'ops',
      ...PAYEE_CLEARED,
    })
    .where('id', '=', refund.id)
    .execute();
  const owner = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', shipment.user_id)
    .executeTakeFirstOrThrow();
  await enqueueMail(
    trx,
    refundDoneMail(
      refund.payee_email ?? owner.email,
      shipment.reference,
      Number(refund.amount_kobo),
      'card',
    ),
  );
  await textRefundSent(trx, shipment, refund.id, {
    amount_kobo: Number(refund.amount_kobo),
    how: 'card',
  });
}

/**
 * Staff paid an office refund back (or a card refund Paystack would not take): done, with their
 * reference. Never by the member of staff who booked the order (server/orders/self-dealing.ts).
 */
export async function markRefundDone(
  trx: Transaction<Database>,
  shipmentId: number,
  refundId: number,
  reference: string,
  by: StatusChange,
): Promise<void> {
  const shipment = await lockShipment(trx, shipmentId);
  refuseOwnOrder(by.actor_user_id, shipment);
  const refund = await trx
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', refundId)
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (!refund) throw notFound('This order has no such refund.');
  if (refund.state === 'done') throw conflict('This refund is already marked paid.');
  if (refund.state === 'processing')
    throw conflict(
      'Paystack is returning this refund to the card: it is marked paid when Paystack says so.',
    );
  await trx
    .updateTable('refunds')
    .set({
      state: 'done',
      done_at: new Date(),
      reference,
      done_actor: by.actor,
      done_actor_user_id: by.actor_user_id,
      ...PAYEE_CLEARED,
    })
    .where('id', '=', refund.id)
    .execute();
  const owner = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', shipment.user_id)
    .executeTakeFirstOrThrow();
  await enqueueMail(
    trx,
    refundDoneMail(
      refund.payee_email ?? owner.email,
      shipment.reference,
      Number(refund.amount_kobo),
      'office',
    ),
  );
  await textRefundSent(trx, shipment, refund.id, {
    amount_kobo: Number(refund.amount_kobo),
    how: 'office',
  });
}
