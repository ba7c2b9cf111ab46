/**
 * Payments (docs/operations.md, "Payments"): starting an online payment of the balance through
 * Paystack, settling a Paystack charge (verify on return and the `charge.success` webhook do the
 * same work, whichever comes first; the other finds it done), and office payments recorded by
 * staff.
 *
 * Each payment is written in one transaction with its receipt number, its mail and anything it
 * makes owed (an overpayment's refund), under the order's row lock; the history reads those rows.
 * A Paystack reference counts once: the attempt's state is checked under the lock, and
 * `payments.paystack_reference` is unique besides.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { formatNaira, statusLabels, type OfficePaymentMethod } from '../../src/api/contract';
import type { Database, DB, Shipment } from '../db/database';
import { Problem, conflict, invalid, notFound } from '../http/problems';
import { receiptMail } from '../mail/messages';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { textPaymentReceived } from '../messages/notices';
import { refuseOwnOrder } from '../orders/self-dealing';
import { lockShipment, type StatusChange } from '../orders/shipments';
import { balanceOf } from './balances';
import { PaystackError, type PaystackClient } from './paystack-client';
import type { PaystackTransaction } from './paystack-schemas';
import { nextReceiptNumber } from './receipts';
import { oweOverpayment } from './refunds';

export const PAYMENTS_UNAVAILABLE =
  'Online payment is not available right now: please try again in a few minutes, or pay at our office.';
export const NOTHING_TO_PAY = 'Nothing is left to pay on this order.';

type AttemptState = 'pending' | 'paid' | 'failed' | 'mismatch';

/** Why this order cannot take a payment now, or null. */
function refusalToPay(shipment: Shipment): string | null {
  if (shipment.status === 'Cancelled' || shipment.status === 'Delivered')
    return `This order is ${statusLabels[shipment.status]}: it takes no payment.`;
  if (shipment.price_kobo === null) return 'There is no accepted price on this order yet.';
  if (balanceOf(shipment) <= 0) return NOTHING_TO_PAY;
  return null;
}

const customerEmailOf = async (db: DB, shipment: Shipment) =>
  (
    await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', shipment.user_id)
      .executeTakeFirstOrThrow()
  ).email;

/** A new reference per attempt: the order's and 8 random hex digits (Paystack allows -, ., = and alphanumerics). */
const newPaystackReference = (order: string) => `${order}-${crypto.randomBytes(4).toString('hex')}`;

/**
 * Starts an online payment of the whole balance, the amount read from the order's row (never from
 * the browser): an attempt row first, then Paystack's initialize with the order's reference in
 * metadata and a callback back to the order's page.
 */
export async function startPayment(
  db: DB,
  paystack: PaystackClient,
  shipment: Shipment,
  customerEmail: string,
  callbackUrl: string,
): Promise<{ authorization_url: string; reference: string }> {
  const refusal = refusalToPay(shipment);
  if (refusal) throw conflict(refusal);
  const amount = balanceOf(shipment);
  const reference = newPaystackReference(shipment.reference);
  await db
    .insertInto('payment_attempts')
    .values({
      shipment_id: shipment.id,
      reference,
      amount_kobo: amount,
      currency: 'NGN',
      test_mode: paystack.testMode ?? false,
    })
    .execute();
  try {
    const started = await paystack.initialize({
      email: customerEmail,
      amount,
      currency: 'NGN',
      reference,
      callback_url: callbackUrl,
      metadata: { order_reference: shipment.reference },
    });
    return { authorization_url: started.authorization_url, reference };
  } catch (error) {
    await db
      .updateTable('payment_attempts')
      .set({ state: 'failed', decided_at: new Date() })
      .where('reference', '=', reference)
      .execute();
    if (error instanceof PaystackError) throw new Problem(503, PAYMENTS_UNAVAILABLE);
    throw error;
  }
}

interface Settled {
  state: AttemptState;
  /** The receipt of the payment, once it counted. */
  receipt: string | null;
  /** An overpayment became a card refund: send it. */
  refundOwed: boolean;
}

/**
 * Settles what Paystack says of a transaction, once: a success of the amount and currency asked
 * becomes a payment (receipt, mail, and a refund owed for any part beyond the balance); another
 * amount or currency is recorded as a mismatch and never counted; a failure ends the attempt
 * (pay again makes a new one). Null when the reference is not one of ours.
 */
export async function settleCharge(
  mailer: Mailer,
  transaction: PaystackTransaction,
): Promise<Settled | null> {
  return mailer.transaction(async (trx) => {
    const found = await trx
      .selectFrom('payment_attempts')
      .select('shipment_id')
      .where('reference', '=', transaction.reference)
      .executeTakeFirst();
    if (!found) return null;
    const shipment = await lockShipment(trx, found.shipment_id);
    const attempt = await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('reference', '=', transaction.reference)
      .executeTakeFirstOrThrow();
    if (attempt.state === 'paid' || attempt.state === 'mismatch') {
      const payment = await trx
        .selectFrom('payments')
        .select('receipt_number')
        .where('paystack_reference', '=', attempt.reference)
        .executeTakeFirst();
      return { state: attempt.state, receipt: payment?.receipt_number ?? null, refundOwed: false };
    }
    if (transaction.status !== 'success') {
      const over = ['failed', 'abandoned', 'reversed'].includes(transaction.status);
      if (over && attempt.state === 'pending') {
        await trx
          .updateTable('payment_attempts')
          .set({ state: 'failed', decided_at: new Date() })
          .where('id', '=', attempt.id)
          .execute();
      }
      return { state: over ? 'failed' : attempt.state, receipt: null, refundOwed: false };
    }
    if (
      transaction.amount !== Number(attempt.amount_kobo) ||
      transaction.currency !== attempt.currency
    ) {
      await trx
        .updateTable('payment_attempts')
        .set({
          state: 'mismatch',
          decided_at: new Date(),
          reported_kobo: transaction.amount,
          reported_currency: transaction.currency,
        })
        .where('id', '=', attempt.id)
        .execute();
      return { state: 'mismatch', receipt: null, refundOwed: false };
    }
    await trx
      .updateTable('payment_attempts')
      .set({
        state: 'paid',
        decided_at: new Date(),
        reported_kobo: transaction.amount,
        reported_currency: transaction.currency,
      })
      .where('id', '=', attempt.id)
      .execute();
    const owedBefore = shipment.status === 'Cancelled' ? 0 : Math.max(0, balanceOf(shipment));
    const paidAt = transaction.paid_at ? new Date(transaction.paid_at) : new Date();
    const { receipt, paymentId } = await insertPayment(
      trx,
      shipment,
      {
        amount: transaction.amount,
        // Paystack's channel as the method: `card`, `bank`, `ussd`…
        method: transaction.channel,
        paystack_reference: transaction.reference,
        paid_at: Number.isNaN(paidAt.getTime()) ? new Date() : paidAt,
        test_mode: attempt.test_mode,
      },
      { actor: 'customer', actor_user_id: shipment.user_id },
    );
    const excess = transaction.amount - owedBefore;
    if (excess > 0)
      await oweOverpayment(trx, shipment, paymentId, excess, await customerEmailOf(trx, shipment));
    return { state: 'paid', receipt, refundOwed: excess > 0 };
  });
}

async function insertPayment(
  trx: Transaction<Database>,
  shipment: Shipment,
  payment: {
    amount: number;
    method: string;
    paystack_reference?: string;
    office_reference?: string;
    paid_on?: string;
    paid_at: Date;
    /** Through the test gateway or a Paystack test key: no real money, the receipt says TEST. */
    test_mode?: boolean;
  },
  by: StatusChange,
): Promise<{ receipt: string; paymentId: number }> {
  const receipt = await nextReceiptNumber(trx, payment.paid_at);
  const { id } = await trx
    .insertInto('payments')
    .values({
      shipment_id: shipment.id,
      amount_kobo: payment.amount,
      method: payment.method,
      paystack_reference: payment.paystack_reference ?? null,
      office_reference: payment.office_reference ?? null,
      paid_on: payment.paid_on ?? null,
      receipt_number: receipt,
      actor: by.actor,
      actor_user_id: by.actor_user_id,
      paid_at: payment.paid_at,
      test_mode: payment.test_mode ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const after = await trx
    .selectFrom('shipments')
    .selectAll()
    .where('id', '=', shipment.id)
    .executeTakeFirstOrThrow();
  await enqueueMail(
    trx,
    receiptMail(await customerEmailOf(trx, shipment), {
      number: receipt,
      reference: shipment.reference,
      amount_kobo: payment.amount,
      method: payment.method,
      paid_at: payment.paid_at,
      balance_kobo: after.status === 'Cancelled' ? 0 : balanceOf(after),
      test_mode: payment.test_mode ?? false,
    }),
  );
  await textPaymentReceived(trx, shipment, id, {
    amount_kobo: payment.amount,
    receipt,
    test_mode: payment.test_mode ?? false,
  });
  return { receipt, paymentId: id };
}

/**
 * The owner comes back from the checkout with `reference`: asks Paystack, then settles what it
 * says. Paystack unreachable leaves the attempt pending (the webhook, or a reload, settles it).
 */
export async function verifyPayment(
  db: DB,
  mailer: Mailer,
  paystack: PaystackClient,
  shipment: Shipment,
  reference: string,
): Promise<Settled> {
  const attempt = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('reference', '=', reference)
    .where('shipment_id', '=', shipment.id)
    .executeTakeFirst();
  if (!attempt) throw notFound('This order has no payment with that reference.');
  if (attempt.state !== 'pending') {
    const payment = await db
      .selectFrom('payments')
      .select('receipt_number')
      .where('paystack_reference', '=', reference)
      .executeTakeFirst();
    return { state: attempt.state, receipt: payment?.receipt_number ?? null, refundOwed: false };
  }
  let transaction: PaystackTransaction | null;
  try {
    transaction = await paystack.verify(reference);
  } catch (error) {
    if (error instanceof PaystackError)
      return { state: 'pending', receipt: null, refundOwed: false };
    throw error;
  }
  if (!transaction) return { state: 'pending', receipt: null, refundOwed: false };
  return (
    (await settleCharge(mailer, transaction)) ?? {
      state: 'pending',
      receipt: null,
      refundOwed: false,
    }
  );
}

export const AMOUNT_OVER_BALANCE = (balance: number) =>
  `That is more than the ${formatNaira(balance)} outstanding on this order.`;

/**
 * Money staff received at the office: counted at once, with its receipt and mail; part payments
 * add up. Never by the member of staff who booked the order (server/orders/self-dealing.ts).
 */
export async function recordOfficePayment(
  mailer: Mailer,
  shipmentId: number,
  payment: { amount_kobo: number; method: OfficePaymentMethod; reference: string; paid_on: string },
  by: StatusChange,
): Promise<string> {
  return mailer.transaction(async (trx) => {
    const shipment = await lockShipment(trx, shipmentId);
    refuseOwnOrder(by.actor_user_id, shipment);
    if (shipment.status === 'Cancelled')
      throw conflict('This order is Cancelled: it takes no payment.');
    if (shipment.price_kobo === null)
      throw conflict(
        'There is no accepted price on this order yet: send a price and have the customer accept it first.',
      );
    const balance = balanceOf(shipment);
    if (balance <= 0) throw conflict(NOTHING_TO_PAY);
    if (payment.amount_kobo > balance)
      throw invalid({ amount_kobo: [AMOUNT_OVER_BALANCE(balance)] });
    const { receipt } = await insertPayment(
      trx,
      shipment,
      {
        amount: payment.amount_kobo,
        method: payment.method,
        office_reference: payment.reference,
        paid_on: payment.paid_on,
        paid_at: new Date(),
      },
      by,
    );
    return receipt;
  });
}
