/**
 * Payments over real HTTP against the built-in Paystack test gateway (docs/operations.md,
 * "Payments"), on the database the run names: starting a payment, verify on return, the signed
 * webhook (replayed, unsigned, mis-signed), amounts Paystack reports wrongly, a double charge,
 * office payments, receipts under concurrency, cancellation fees and refunds (card and office),
 * shipping unpaid, the queue's payment filter, and the secret key kept out of logs and answers.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, waitUntil } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import {
  acceptedMove,
  acceptedOrder,
  cancelAsPage,
  checkout,
  gatewayTransaction,
  pay,
  sendWebhook,
  signed,
  startPayment,
  testSecretOf,
  verify,
} from '../support/payments';
import { formatNaira, todayInLagos } from '../../src/api/contract';
import { refundsDueCount, unpaidAccepted } from '../../server/money/balances';
import { addBusinessDays } from '../../server/money/refunds';
import { get, inDays, post, scheduledDelivery, signUp, type Customer } from '../support/api';

const PRICE = 48_500_000;

let server: TestServer;
let customer: Customer;
let staff: Customer;
let secret: string;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({
    logger: true,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  customer = await signUp(server);
  staff = await signUpStaff(server);
  secret = await testSecretOf(server);
});
afterAll(async () => {
  await server?.close();
});

const order = async (reference: string) =>
  (await get(server, `users/orders/${reference}`, customer.token)).body.data;
const staffOrder = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data;
const paymentRows = (reference: string) =>
  server.app.db
    .selectFrom('payments')
    .innerJoin('shipments', 'shipments.id', 'payments.shipment_id')
    .select(['payments.amount_kobo', 'payments.receipt_number', 'payments.paystack_reference'])
    .where('shipments.reference', '=', reference)
    .execute();
/** Staff move `reference` to another status, as the order page's status form sends it. */
const moveTo = (reference: string, body: Record<string, unknown>) =>
  post(server, `staff/orders/${reference}/status`, body, staff.token);
const officePayment = (reference: string, body: Record<string, unknown>) =>
  post(
    server,
    `staff/orders/${reference}/payments`,
    { method: 'cash', reference: 'CASH-001', paid_on: inDays(0), ...body },
    staff.token,
  );

describe('paying online', () => {
  it('starts a payment of the balance from the server record, with a new reference each attempt', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    expect((await order(reference)).payment).toEqual({
      state: 'unpaid',
      price_kobo: PRICE,
      paid_kobo: 0,
      refunded_kobo: 0,
      balance_kobo: PRICE,
    });
    const first = await startPayment(server, reference, customer);
    const second = await startPayment(server, reference, customer);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Payment started');
    expect(first.body.data.authorization_url).toMatch(/\/test-paystack\/checkout\//);
    expect(first.body.data.reference).not.toBe(second.body.data.reference);
    const asked = await gatewayTransaction(server, secret, first.body.data.reference);
    expect(asked).toMatchObject({
      amount: PRICE,
      currency: 'NGN',
      status: 'ongoing',
      metadata: { order_reference: reference },
    });
    const page = await fetch(first.body.data.authorization_url);
    expect(await page.text()).toContain('TEST MODE');
  });

  it("refuses to start a payment when no price is accepted, and hides other customers' orders", async () => {
    const booked = await post(
      server,
      'users/schedule/delivery',
      { pickup_address: 'x' },
      customer.token,
    );
    expect(booked.status).toBe(422);
    const unpriced = (
      await post(server, 'users/schedule/delivery', scheduledDelivery(), customer.token)
    ).body.data.reference_number;
    expect((await order(unpriced)).payment).toBeNull();
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const stranger = await signUp(server);
    expect((await startPayment(server, reference, stranger)).status).toBe(404);
  });

  it('says why an order takes no payment, online and at the office: no accepted price, nothing left, cancelled', async () => {
    const conflict = (message: string) => ({ status: 409, body: { message } });
    const unpriced = (
      await post(server, 'users/schedule/delivery', scheduledDelivery(), customer.token)
    ).body.data.reference_number as string;
    expect(await startPayment(server, unpriced, customer)).toMatchObject(
      conflict('There is no accepted price on this order yet.'),
    );
    expect(await officePayment(unpriced, { amount_kobo: 100_000 })).toMatchObject(
      conflict(
        'There is no accepted price on this order yet: send a price and have the customer accept it first.',
      ),
    );

    const settled = await acceptedOrder(server, customer, staff, PRICE);
    expect((await officePayment(settled, { amount_kobo: PRICE })).status).toBe(200);
    expect(await startPayment(server, settled, customer)).toMatchObject(
      conflict('Nothing is left to pay on this order.'),
    );
    expect(await officePayment(settled, { amount_kobo: 100 })).toMatchObject(
      conflict('Nothing is left to pay on this order.'),
    );

    const cancelled = await acceptedOrder(server, customer, staff, PRICE);
    expect((await cancelAsPage(server, cancelled, customer)).status).toBe(200);
    expect(await startPayment(server, cancelled, customer)).toMatchObject(
      conflict('This order is Cancelled: it takes no payment.'),
    );
    expect(await officePayment(cancelled, { amount_kobo: 100 })).toMatchObject(
      conflict('This order is Cancelled: it takes no payment.'),
    );
  });

  it('counts a payment once verified on return, with a receipt, its mail and a history line', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const started = await startPayment(server, reference, customer);
    const back = await checkout(started.body.data.authorization_url, 'pay');
    expect(back.status).toBe(303);
    const returned = new URL(back.location!);
    expect(returned.pathname).toBe(`/orders/${reference}`);
    expect(returned.searchParams.get('reference')).toBe(started.body.data.reference);
    expect(returned.searchParams.get('trxref')).toBe(started.body.data.reference);

    const verified = await verify(server, reference, started.body.data.reference, customer);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      state: 'paid',
      paid: true,
      payment: { state: 'paid', balance_kobo: 0, paid_kobo: PRICE },
    });
    expect(verified.body.data.receipt).toMatch(/^RCT-\d{4}-\d{6}$/);
    // Verify again, and the gateway's webhook: still one payment.
    await verify(server, reference, started.body.data.reference, customer);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await paymentRows(reference)).toHaveLength(1);

    const seen = await order(reference);
    expect(seen.receipts).toEqual([
      {
        number: verified.body.data.receipt,
        amount_kobo: PRICE,
        method: 'card',
        paid_at: expect.any(String),
        // The test server pays through its built-in test gateway: no real money.
        test_mode: true,
      },
    ]);
    expect(
      seen.history.find((line: { event: string }) => line.event === 'payment_received'),
    ).toMatchObject({ by: 'customer' });
    expect(await verify(server, reference, `${reference}-00000000`, customer)).toMatchObject({
      status: 404,
      body: { message: 'This order has no payment with that reference.' },
    });
    expect(seen.cancellation).toEqual({ fee_kobo: 0, refund_kobo: PRICE });
    await waitUntil('receipt mail', async () =>
      (await readOutbox(server)).some((mail) => mail.subject.includes(verified.body.data.receipt)),
    );

    const receipt = await get(
      server,
      `users/orders/${reference}/receipts/${verified.body.data.receipt}`,
      customer.token,
    );
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      number: verified.body.data.receipt,
      amount_kobo: PRICE,
      method: 'card',
      payment_reference: started.body.data.reference,
      company: {
        name: expect.stringMatching(/\S/),
        registration: expect.stringMatching(/^RC \d+$/),
        address: expect.stringMatching(/\S/),
      },
      customer: { email: customer.email, fullname: expect.any(String), phone: expect.any(String) },
      order: { reference_number: reference, price_kobo: PRICE },
    });
    // "25 November 2026, 14:05 WAT", on the 24-hour clock.
    expect(receipt.body.data.paid_at_lagos).toMatch(
      /^\d{1,2} [A-Z][a-z]+ \d{4}(,| at) \d{2}:\d{2} WAT$/,
    );
    // The number as a person types it from the paper; a number the order does not have is not found.
    const typed = await get(
      server,
      `users/orders/${reference}/receipts/${verified.body.data.receipt.toLowerCase()}`,
      customer.token,
    );
    expect(typed.body.data?.number).toBe(verified.body.data.receipt);
    const spaced = await get(
      server,
      `users/orders/${reference}/receipts/%20${verified.body.data.receipt}%20`,
      customer.token,
    );
    expect(spaced.body.data?.number).toBe(verified.body.data.receipt);
    expect(
      (await get(server, `users/orders/${reference}/receipts/RCT-1999-000001`, customer.token))
        .status,
    ).toBe(404);
    expect(
      (
        await get(
          server,
          `users/orders/${reference}/receipts/${verified.body.data.receipt}`,
          staff.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await get(
          server,
          `users/orders/${reference}/receipts/${verified.body.data.receipt}`,
          (await signUp(server)).token,
        )
      ).status,
    ).toBe(404);
    expect((await startPayment(server, reference, customer)).status).toBe(409);
  });

  it('a declined payment counts nothing and can be tried again with a new reference', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const declined = await pay(server, reference, customer, 'decline');
    const verdict = await verify(server, reference, declined, customer);
    expect(verdict.body.data).toMatchObject({
      state: 'failed',
      paid: false,
      payment: { state: 'unpaid' },
    });
    // Settled as failed: it is not asked about again as a pending attempt.
    const attempt = await server.app.db
      .selectFrom('payment_attempts')
      .select('state')
      .where('reference', '=', declined)
      .executeTakeFirstOrThrow();
    expect(attempt.state).toBe('failed');
    const retried = await pay(server, reference, customer);
    expect(retried).not.toBe(declined);
    expect((await verify(server, reference, retried, customer)).body.data.state).toBe('paid');
  });

  it("the gateway's charge.success alone marks the order paid, and 5 replays change nothing", async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const paystackReference = await pay(server, reference, customer);
    await waitUntil('the webhook', async () => (await paymentRows(reference)).length === 1);
    const body = JSON.stringify({
      event: 'charge.success',
      data: await gatewayTransaction(server, secret, paystackReference),
    });
    for (let replay = 0; replay < 5; replay++) {
      const answer = await sendWebhook(server, body, signed(secret, body));
      expect(answer.status).toBe(200);
    }
    expect(await paymentRows(reference)).toHaveLength(1);
    expect((await order(reference)).payment.state).toBe('paid');
    expect((await verify(server, reference, paystackReference, customer)).body.data.state).toBe(
      'paid',
    );
    // A charge of another shop on the same Paystack account: acknowledged, never counted.
    const foreign = JSON.stringify({
      event: 'charge.success',
      data: {
        ...(await gatewayTransaction(server, secret, paystackReference)),
        reference: 'ANOTHER-SHOP-42',
      },
    });
    expect((await sendWebhook(server, foreign, signed(secret, foreign))).status).toBe(200);
    expect(
      await server.app.db
        .selectFrom('payments')
        .select('id')
        .where('paystack_reference', '=', 'ANOTHER-SHOP-42')
        .execute(),
    ).toEqual([]);
  });

  it('verify and the webhook arriving at the same moment count each payment once', async () => {
    const orders = await Promise.all(
      Array.from({ length: 8 }, () => acceptedOrder(server, customer, staff, PRICE)),
    );
    await Promise.all(
      orders.map(async (reference) => {
        const started = await startPayment(server, reference, customer);
        await checkout(started.body.data.authorization_url, 'pay');
        const body = JSON.stringify({
          event: 'charge.success',
          data: await gatewayTransaction(server, secret, started.body.data.reference),
        });
        const answers = await Promise.all([
          verify(server, reference, started.body.data.reference, customer),
          sendWebhook(server, body, signed(secret, body)),
          verify(server, reference, started.body.data.reference, customer),
          sendWebhook(server, body, signed(secret, body)),
        ]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        const [payment] = await paymentRows(reference);
        for (const verified of [answers[0], answers[2]])
          expect(verified.body.data).toMatchObject({
            state: 'paid',
            receipt: payment!.receipt_number,
          });
      }),
    );
    for (const reference of orders) {
      expect(await paymentRows(reference)).toHaveLength(1);
      expect((await order(reference)).payment).toMatchObject({ state: 'paid', paid_kobo: PRICE });
    }
  });

  it('refuses unsigned and mis-signed events with 401, changing nothing', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const started = await startPayment(server, reference, customer);
    const forged = JSON.stringify({
      event: 'charge.success',
      data: {
        ...(await gatewayTransaction(server, secret, started.body.data.reference)),
        status: 'success',
        gateway_response: 'Successful',
        paid_at: new Date().toISOString(),
      },
    });
    expect((await sendWebhook(server, forged, null)).status).toBe(401);
    expect((await sendWebhook(server, forged, signed('sk_test_wrong', forged))).status).toBe(401);
    expect((await sendWebhook(server, forged, 'abc')).status).toBe(401);
    // The right signature with more after it: only the 128 hex digits themselves are a signature.
    expect((await sendWebhook(server, forged, `${signed(secret, forged)}zz`)).status).toBe(401);
    // Signed over other bytes than those sent: the same event, re-serialised with a space.
    expect(
      (await sendWebhook(server, forged.replace(':', ': '), signed(secret, forged))).status,
    ).toBe(401);
    expect(await paymentRows(reference)).toHaveLength(0);
    expect((await order(reference)).payment.state).toBe('unpaid');
    // The same bytes, rightly signed, count.
    expect((await sendWebhook(server, forged, signed(secret, forged))).status).toBe(200);
    expect(await paymentRows(reference)).toHaveLength(1);
  });

  it('another amount or currency than asked is recorded for staff and never counted as paid', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const short = await pay(server, reference, customer, 'pay', { amount: String(PRICE - 100) });
    expect((await verify(server, reference, short, customer)).body.data).toMatchObject({
      state: 'mismatch',
      paid: false,
    });
    const dollars = await pay(server, reference, customer, 'pay', { currency: 'USD' });
    expect((await verify(server, reference, dollars, customer)).body.data.state).toBe('mismatch');
    expect(await paymentRows(reference)).toHaveLength(0);
    const seen = await staffOrder(reference);
    expect(seen.payment_state).toBe('unpaid');
    expect(seen.payment_mismatches).toEqual([
      expect.objectContaining({
        paystack_reference: short,
        asked_kobo: PRICE,
        reported_kobo: PRICE - 100,
        reported_currency: 'NGN',
      }),
      expect.objectContaining({
        paystack_reference: dollars,
        asked_kobo: PRICE,
        reported_kobo: PRICE,
        reported_currency: 'USD',
      }),
    ]);
    expect(
      seen.history.filter((line: { event: string }) => line.event === 'payment_mismatch'),
    ).toHaveLength(2);
    expect(
      (await order(reference)).history.some(
        (line: { event: string }) => line.event === 'payment_mismatch',
      ),
    ).toBe(false);
    // Decided: a later event for the same reference with the amount asked does not count it.
    const later = JSON.stringify({
      event: 'charge.success',
      data: { ...(await gatewayTransaction(server, secret, short)), amount: PRICE },
    });
    expect((await sendWebhook(server, later, signed(secret, later))).status).toBe(200);
    expect(await paymentRows(reference)).toHaveLength(0);
    expect((await staffOrder(reference)).payment_state).toBe('unpaid');
  });

  it('a second successful charge is an overpayment: refunded to the card, the order paid once', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const first = await startPayment(server, reference, customer);
    const second = await startPayment(server, reference, customer);
    await checkout(first.body.data.authorization_url, 'pay');
    await checkout(second.body.data.authorization_url, 'pay');
    await verify(server, reference, first.body.data.reference, customer);
    await verify(server, reference, second.body.data.reference, customer);
    expect(await paymentRows(reference)).toHaveLength(2);
    const seen = await staffOrder(reference);
    expect(seen.refunds).toEqual([
      expect.objectContaining({ amount_kobo: PRICE, fee_kobo: 0, route: 'card' }),
    ]);
    // Sent to Paystack, then refund.processed from the gateway: the order is paid, once.
    await waitUntil(
      'refund.processed',
      async () => (await staffOrder(reference)).refunds[0].state === 'done',
    );
    expect((await order(reference)).payment).toEqual({
      state: 'paid',
      price_kobo: PRICE,
      paid_kobo: 2 * PRICE,
      refunded_kobo: PRICE,
      balance_kobo: 0,
    });
    // Cancelled now: what the order still holds, once (the second charge is back already).
    expect((await order(reference)).cancellation).toEqual({ fee_kobo: 0, refund_kobo: PRICE });
    const cancelled = await cancelAsPage(server, reference, customer);
    expect(
      cancelled.body.data.refunds.map((refund: { amount_kobo: number }) => refund.amount_kobo),
    ).toEqual([PRICE, PRICE]);
    const reasons = await server.app.db
      .selectFrom('refunds')
      .innerJoin('shipments', 'shipments.id', 'refunds.shipment_id')
      .select(['refunds.reason', 'refunds.actor'])
      .where('shipments.reference', '=', reference)
      .orderBy('refunds.id')
      .execute();
    expect(reasons).toEqual([
      { reason: 'overpayment', actor: 'customer' },
      { reason: 'cancellation', actor: 'customer' },
    ]);
  });

  it('a payment that lands after the order was cancelled is refunded in full', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const started = await startPayment(server, reference, customer);
    expect((await cancelAsPage(server, reference, customer)).status).toBe(200);
    await checkout(started.body.data.authorization_url, 'pay');
    const verified = await verify(server, reference, started.body.data.reference, customer);
    expect(verified.body.data.state).toBe('paid');
    expect((await staffOrder(reference)).refunds).toEqual([
      expect.objectContaining({ amount_kobo: PRICE, fee_kobo: 0, route: 'card' }),
    ]);
  });
});

describe('paying at the office', () => {
  it('adds up part payments to paid, each in the history with who and when', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const part = await officePayment(reference, {
      amount_kobo: 20_000_000,
      method: 'bank_transfer',
      reference: 'TRF-778',
    });
    expect(part.status).toBe(200);
    expect(part.body.message).toMatch(/^₦200,000\.00 recorded as receipt RCT-\d{4}-\d{6}/);
    const partReceipt = /RCT-\d{4}-\d{6}/.exec(part.body.message)![0];
    expect(
      (await get(server, `users/orders/${reference}/receipts/${partReceipt}`, customer.token)).body
        .data,
    ).toMatchObject({ method: 'bank_transfer', payment_reference: 'TRF-778' });
    await waitUntil('the part receipt mail', async () =>
      (await readOutbox(server)).some(
        (mail) =>
          mail.subject.startsWith(`Receipt ${partReceipt} `) &&
          mail.text.includes('Still to pay: ₦285,000.00'),
      ),
    );
    expect(part.body.data.payment_state).toBe('part_paid');
    const over = await officePayment(reference, { amount_kobo: PRICE });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount_kobo[0]).toContain('₦285,000.00');
    const rest = await officePayment(reference, { amount_kobo: PRICE - 20_000_000 });
    expect(rest.body.data.payment).toEqual({
      state: 'paid',
      price_kobo: PRICE,
      paid_kobo: PRICE,
      refunded_kobo: 0,
      balance_kobo: 0,
    });
    const lines = rest.body.data.history.filter(
      (line: { event: string }) => line.event === 'payment_received',
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ by: 'staff', by_name: expect.any(String) });
    expect(lines.map((line: { note: string }) => line.note)).toContainEqual(
      expect.stringContaining(`(reference TRF-778, received ${inDays(0)})`),
    );
    expect(rest.body.data.receipts.map((receipt: { method: string }) => receipt.method)).toEqual([
      'bank_transfer',
      'cash',
    ]);
  });

  it('checks dates and fields: no future day, no 30 February, a method from the list', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const future = await officePayment(reference, { amount_kobo: 10_000, paid_on: inDays(2) });
    expect(future.status).toBe(422);
    expect(future.body.errors.paid_on).toEqual([
      'The day the money was received cannot be in the future.',
    ]);
    expect(
      (await officePayment(reference, { amount_kobo: 10_000, paid_on: '2025-02-30' })).body.errors
        .paid_on[0],
    ).toMatch(/February 2025 has 28 days/);
    expect((await officePayment(reference, { amount_kobo: 10_000, method: 'card' })).status).toBe(
      422,
    );
    expect((await officePayment(reference, { amount_kobo: 10_000, reference: ' ' })).status).toBe(
      422,
    );
    expect(
      (
        await post(
          server,
          `staff/orders/${reference}/payments`,
          { amount_kobo: 10_000, method: 'cash', reference: 'x', paid_on: inDays(0) },
          customer.token,
        )
      ).status,
    ).toBe(403);
    expect(await paymentRows(reference)).toHaveLength(0);
  });

  it('gives 50 payments at once 50 distinct receipt numbers with no gaps', async () => {
    const references = await Promise.all(
      Array.from({ length: 50 }, () => acceptedOrder(server, customer, staff, PRICE)),
    );
    const answers = await Promise.all(
      references.map((reference) => officePayment(reference, { amount_kobo: PRICE })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const numbers = answers
      .map((answer) => answer.body.message.match(/RCT-\d{4}-(\d{6})/)![1])
      .map(Number)
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
    const all = (await server.app.db.selectFrom('payments').select('receipt_number').execute())
      .map((row) => Number(row.receipt_number.slice(-6)))
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });
});

describe('cancelling a paid order', () => {
  it('keeps the fee within 3 days of the pickup date and refunds the rest to the card', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE, 2);
    const paystackReference = await pay(server, reference, customer);
    await verify(server, reference, paystackReference, customer);
    const fee = PRICE / 10;
    expect((await order(reference)).cancellation).toEqual({
      fee_kobo: fee,
      refund_kobo: PRICE - fee,
    });
    const cancelled = await cancelAsPage(server, reference, customer);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.payment).toMatchObject({
      state: 'refund_due',
      balance_kobo: -(PRICE - fee),
    });
    expect(cancelled.body.data.refunds).toEqual([
      expect.objectContaining({
        amount_kobo: PRICE - fee,
        fee_kobo: fee,
        route: 'card',
        overdue: false,
      }),
    ]);
    expect(cancelled.body.data.refunds[0].due_by > inDays(7)).toBe(true);
    const owedMail = (await readOutbox(server)).find(
      (mail) => mail.subject === `Your refund of ${formatNaira(PRICE - fee)} for ${reference}`,
    );
    expect(owedMail?.text).toContain(`Cancellation fee kept: ${formatNaira(fee)}`);
    expect(owedMail?.text).toContain(
      `You will have it by: ${cancelled.body.data.refunds[0].due_by} at the latest.`,
    );
    await waitUntil(
      'the card refund',
      async () => (await order(reference)).payment.state === 'refunded',
    );
    const refundedBy = (amount: number) => `Refund of ${formatNaira(amount)} for ${reference}`;
    await waitUntil('the card refund mail', async () =>
      (await readOutbox(server)).some(
        (mail) =>
          mail.subject === refundedBy(PRICE - fee) &&
          mail.text.includes('to the card you paid with'),
      ),
    );
    expect((await order(reference)).payment).toEqual({
      state: 'refunded',
      price_kobo: PRICE,
      paid_kobo: PRICE,
      refunded_kobo: PRICE - fee,
      balance_kobo: 0,
    });
    const sent = await server.app.db
      .selectFrom('refunds')
      .select('paystack_refund_id')
      .where('id', '=', cancelled.body.data.refunds[0].id)
      .executeTakeFirstOrThrow();
    expect(sent.paystack_refund_id).toMatch(/^\d+$/);
  });

  /** What cancelling would cost once `book`'s order, `daysAhead` from today, is paid by card. */
  const cancellationOnceCardPaid = async (book: typeof acceptedMove, daysAhead: number) => {
    const reference = await book(server, customer, staff, PRICE, daysAhead);
    await verify(server, reference, await pay(server, reference, customer), customer);
    return (await order(reference)).cancellation;
  };
  const withFee = { fee_kobo: PRICE / 10, refund_kobo: PRICE - PRICE / 10 };
  const noFee = { fee_kobo: 0, refund_kobo: PRICE };

  it('keeps the fee 3 days ahead, and none further', async () => {
    expect(await cancellationOnceCardPaid(acceptedOrder, 3)).toEqual(withFee);
    expect(await cancellationOnceCardPaid(acceptedOrder, 4)).toEqual(noFee);
  });

  it('counts the fee on a move from its moving date', async () => {
    expect(await cancellationOnceCardPaid(acceptedMove, 2)).toEqual(withFee);
    expect(await cancellationOnceCardPaid(acceptedMove, 12)).toEqual(noFee);
  });

  it('a card refund Paystack refuses stays due for staff; refund.processed counts only the right refund, once', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const paystackReference = await pay(server, reference, customer);
    await verify(server, reference, paystackReference, customer);
    // Part of the charge refunded at Paystack directly (its dashboard): the whole refund no longer fits.
    const direct = await fetch(`${server.origin}/test-paystack/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: paystackReference, amount: 100 }),
    });
    expect(direct.status).toBe(200);
    expect((await cancelAsPage(server, reference, customer)).status).toBe(200);
    const [owed] = (await staffOrder(reference)).refunds;
    await waitUntil('the refused refund logged', async () =>
      logLines.some(
        (line) =>
          line.includes('a card refund could not be sent to Paystack') &&
          line.includes(`"refund":${owed.id}`),
      ),
    );
    const refundRow = () =>
      server.app.db
        .selectFrom('refunds')
        .select(['state', 'sent_at', 'paystack_refund_id', 'reference', 'done_actor'])
        .where('id', '=', owed.id)
        .executeTakeFirstOrThrow();
    expect(await refundRow()).toEqual({
      state: 'due',
      sent_at: null,
      paystack_refund_id: null,
      reference: null,
      done_actor: null,
    });
    expect((await order(reference)).payment.state).toBe('refund_due');

    const processed = (transaction_reference: string, amount: number) =>
      JSON.stringify({
        event: 'refund.processed',
        data: {
          status: 'processed',
          transaction_reference,
          refund_reference: 'TRF-BY-HAND',
          amount,
          currency: 'NGN',
        },
      });
    for (const body of [
      processed(`${paystackReference}x`, PRICE),
      processed(paystackReference, PRICE - 1),
    ]) {
      expect((await sendWebhook(server, body, signed(secret, body))).status).toBe(200);
      expect((await refundRow()).state).toBe('due');
    }
    // Refunded at Paystack by hand: its event settles the refund, and a replay changes nothing.
    const settled = processed(paystackReference, PRICE);
    for (let replay = 0; replay < 2; replay++)
      expect((await sendWebhook(server, settled, signed(secret, settled))).status).toBe(200);
    expect(await refundRow()).toMatchObject({
      state: 'done',
      reference: 'TRF-BY-HAND',
      done_actor: 'ops',
    });
    expect((await order(reference)).payment).toMatchObject({
      state: 'refunded',
      refunded_kobo: PRICE,
      balance_kobo: 0,
    });
    const refundMails = (await readOutbox(server)).filter(
      (mail) => mail.subject === `Refund of ${formatNaira(PRICE)} for ${reference}`,
    );
    expect(refundMails.map((mail) => mail.to)).toEqual([customer.email]);
    expect(refundMails[0]!.text).toContain('to the card you paid with');
  });

  it('takes the fee from the oldest payments first, and refunds a bank transfer at the office', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE, 2);
    await officePayment(reference, { amount_kobo: 1_000_000 });
    await officePayment(reference, { amount_kobo: PRICE - 1_000_000, method: 'bank_transfer' });
    const cancelled = await moveTo(reference, { status: 'Cancelled', confirm_accepted: true });
    expect(cancelled.status).toBe(200);
    // The ₦10,000.00 in cash all went to the fee: nothing of it to give back.
    expect(cancelled.body.data.refunds).toEqual([
      expect.objectContaining({
        amount_kobo: PRICE - PRICE / 10,
        fee_kobo: PRICE / 10 - 1_000_000,
        route: 'office',
      }),
    ]);
  });

  it('an office payment is refunded by staff with their reference', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    await officePayment(reference, { amount_kobo: PRICE });
    const refused = await moveTo(reference, { status: 'Cancelled' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('₦485,000.00');
    const cancelled = await moveTo(reference, { status: 'Cancelled', confirm_accepted: true });
    expect(cancelled.body.data.payment_state).toBe('refund_due');
    const [refund] = cancelled.body.data.refunds;
    expect(refund).toMatchObject({ route: 'office', state: 'due', amount_kobo: PRICE });
    const waiting = await get(server, 'staff/refunds', staff.token);
    expect(waiting.body.data.some((row: { id: number }) => row.id === refund.id)).toBe(true);
    expect(
      (
        await post(
          server,
          `staff/orders/${reference}/refunds/${refund.id}/done`,
          { reference: '' },
          staff.token,
        )
      ).status,
    ).toBe(422);
    const done = await post(
      server,
      `staff/orders/${reference}/refunds/${refund.id}/done`,
      { reference: 'TRF-REFUND-9' },
      staff.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.data.payment_state).toBe('refunded');
    await waitUntil('the refund mail', async () =>
      (await readOutbox(server)).some(
        (mail) =>
          mail.subject === `Refund of ₦485,000.00 for ${reference}` &&
          mail.text.includes('by our office, as agreed with you'),
      ),
    );
    expect(
      await post(
        server,
        `staff/orders/${reference}/refunds/${refund.id}/done`,
        { reference: 'again' },
        staff.token,
      ),
    ).toMatchObject({ status: 409, body: { message: 'This refund is already marked paid.' } });
    expect(
      await post(
        server,
        `staff/orders/${reference}/refunds/${refund.id + 1000}/done`,
        { reference: 'TRF-REFUND-10' },
        staff.token,
      ),
    ).toMatchObject({ status: 404, body: { message: 'This order has no such refund.' } });
  });
});

describe('shipping and the queue', () => {
  it('moving an unpaid order to Shipped needs a confirmation naming the amount outstanding', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    await officePayment(reference, { amount_kobo: 8_500_000 });
    const refused = await moveTo(reference, { status: 'Shipped' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('₦400,000.00');
    const shipped = await moveTo(reference, { status: 'Shipped', confirm_unpaid: true });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.history.at(-1).note).toContain('Shipped with ₦400,000.00 unpaid');
    // The note is for staff: the customer's own view of the order leaves it out (issue 35).
    const owned = await order(reference);
    expect(owned.history.at(-1)).toMatchObject({ event: 'status', status: 'Shipped', note: null });
    expect(JSON.stringify(owned.history)).not.toContain('unpaid');
    const delivered = await moveTo(reference, { status: 'Delivered', confirm_unpaid: true });
    expect(delivered.status).toBe(200);
    expect(await startPayment(server, reference, customer)).toMatchObject({
      status: 409,
      body: { message: 'This order is Delivered: it takes no payment.' },
    });
  });

  it('filters the queue by payment state', async () => {
    const unpaid = await acceptedOrder(server, customer, staff, PRICE);
    const paid = await acceptedOrder(server, customer, staff, PRICE);
    await officePayment(paid, { amount_kobo: PRICE });
    const rows = (await get(server, 'staff/orders?payment_state=paid&limit=50', staff.token)).body
      .data;
    expect(rows.every((row: { payment_state: string }) => row.payment_state === 'paid')).toBe(true);
    expect(rows.some((row: { reference_number: string }) => row.reference_number === paid)).toBe(
      true,
    );
    expect(rows.some((row: { reference_number: string }) => row.reference_number === unpaid)).toBe(
      false,
    );
    // `owing` (the overview's unpaid count) is unpaid or part paid.
    const owing = (await get(server, 'staff/orders?payment_state=owing&limit=50', staff.token)).body
      .data;
    expect(
      owing.every((row: { payment_state: string }) =>
        ['unpaid', 'part_paid'].includes(row.payment_state),
      ),
    ).toBe(true);
    expect(owing.some((row: { reference_number: string }) => row.reference_number === unpaid)).toBe(
      true,
    );
    expect((await get(server, 'staff/orders?payment_state=nonsense', staff.token)).status).toBe(
      422,
    );
  });

  it("keeps every order's totals equal to the sums of its rows", async () => {
    // Its own money rows, also when this test runs alone: two part payments at the office, and a
    // card payment cancelled inside the fee window and refunded.
    const partPaid = await acceptedOrder(server, customer, staff, PRICE);
    await officePayment(partPaid, { amount_kobo: 10_000_000 });
    await officePayment(partPaid, { amount_kobo: 5_000_000 });
    const refunded = await acceptedOrder(server, customer, staff, PRICE, 2);
    await verify(server, refunded, await pay(server, refunded, customer), customer);
    await cancelAsPage(server, refunded, customer);
    await waitUntil(
      'the card refund',
      async () => (await order(refunded)).payment.state === 'refunded',
    );
    const rows = await server.app.db
      .selectFrom('shipments')
      .select((eb) => [
        'shipments.reference',
        'shipments.paid_kobo',
        'shipments.refunded_kobo',
        eb.fn
          .coalesce(
            eb
              .selectFrom('payments')
              .select((p) => p.fn.sum<string>('amount_kobo').as('s'))
              .whereRef('payments.shipment_id', '=', 'shipments.id'),
            eb.lit(0),
          )
          .as('paid_sum'),
        eb.fn
          .coalesce(
            eb
              .selectFrom('refunds')
              .select((r) => r.fn.sum<string>('amount_kobo').as('s'))
              .whereRef('refunds.shipment_id', '=', 'shipments.id')
              .where('refunds.state', '=', 'done'),
            eb.lit(0),
          )
          .as('refunded_sum'),
      ])
      .execute();
    const totals = (reference: string) => {
      const row = rows.find((candidate) => candidate.reference === reference)!;
      return [Number(row.paid_kobo), Number(row.refunded_kobo)];
    };
    expect(totals(partPaid)).toEqual([15_000_000, 0]);
    expect(totals(refunded)).toEqual([PRICE, PRICE - PRICE / 10]);
    for (const row of rows) {
      expect(Number(row.paid_kobo)).toBe(Number(row.paid_sum));
      expect(Number(row.refunded_kobo)).toBe(Number(row.refunded_sum));
    }
  });

  it('counts unpaid accepted orders and refunds due for a staff overview, from the same columns', async () => {
    const db = server.app.db;
    const counted = async () =>
      Number(
        (
          await db
            .selectFrom('shipments')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where(unpaidAccepted)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await counted();
    // Counted: unpaid and waiting; part paid and shipped. Not: paid, cancelled.
    await acceptedOrder(server, customer, staff, PRICE);
    const shipped = await acceptedOrder(server, customer, staff, PRICE);
    await officePayment(shipped, { amount_kobo: 10_000_000 });
    await moveTo(shipped, { status: 'Shipped', confirm_unpaid: true });
    await officePayment(await acceptedOrder(server, customer, staff, PRICE), {
      amount_kobo: PRICE,
    });
    const dropped = await acceptedOrder(server, customer, staff, PRICE);
    await cancelAsPage(server, dropped, customer);
    expect(await counted()).toBe(before + 2);
    // A refund paid back is no longer waiting.
    const refunded = await acceptedOrder(server, customer, staff, PRICE);
    await officePayment(refunded, { amount_kobo: PRICE });
    const [refund] = (await moveTo(refunded, { status: 'Cancelled', confirm_accepted: true })).body
      .data.refunds;
    await post(
      server,
      `staff/orders/${refunded}/refunds/${refund.id}/done`,
      { reference: 'TRF-COUNTED' },
      staff.token,
    );
    const unpaid = await db
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(unpaidAccepted)
      .executeTakeFirstOrThrow();
    const expected = (
      await db.selectFrom('shipments').select(['payment_state', 'status']).execute()
    ).filter(
      (row) =>
        (row.payment_state === 'unpaid' || row.payment_state === 'part_paid') &&
        (row.status === 'ToInspect' || row.status === 'Shipped'),
    ).length;
    expect(Number(unpaid.n)).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    const open = await db
      .selectFrom('refunds')
      .select('due_by')
      .where('state', '!=', 'done')
      .execute();
    expect(await refundsDueCount(db, todayInLagos())).toEqual({ due: open.length, overdue: 0 });
    expect(await refundsDueCount(db, '2999-01-01')).toEqual({
      due: open.length,
      overdue: open.length,
    });
  });

  it('gives refunds 7 business days, Monday to Friday', () => {
    expect(addBusinessDays('2026-11-27', 7)).toBe('2026-12-08');
    expect(addBusinessDays('2026-11-28', 7)).toBe('2026-12-08');
    expect(addBusinessDays('2026-11-30', 7)).toBe('2026-12-09');
  });
});

describe('while Paystack has not decided, says no, or cannot be reached', () => {
  // A stand-in Paystack whose verify answers each reference as the test says: a transaction in
  // that state, `short` of the amount asked, "not found" (404), or down (502). Its initialize can
  // be down too; it takes refunds and never says they are processed.
  let paystack: FastifyInstance;
  let shop: TestServer;
  let buyer: Customer;
  let seller: Customer;
  const says = new Map<string, string>();
  let initializeDown = false;
  beforeAll(async () => {
    paystack = Fastify();
    paystack.post('/transaction/initialize', async (request, reply) => {
      if (initializeDown) return reply.code(502).send('Bad gateway');
      const { reference } = request.body as { reference: string };
      return {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.example/${reference}`,
          access_code: 'x',
          reference,
        },
      };
    });
    paystack.get<{ Params: { reference: string } }>(
      '/transaction/verify/:reference',
      async (request, reply) => {
        const { reference } = request.params;
        const state = says.get(reference) ?? 'ongoing';
        if (state === 'down') return reply.code(502).send('Bad gateway');
        if (state === 'unknown')
          return reply
            .code(404)
            .send({ status: false, message: 'Transaction reference not found' });
        const attempt = await shop.app.db
          .selectFrom('payment_attempts')
          .select('amount_kobo')
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow();
        return {
          status: true,
          message: 'Verification successful',
          data: {
            id: 1,
            domain: 'test',
            status: state === 'short' ? 'success' : state,
            reference,
            amount: Number(attempt.amount_kobo) - (state === 'short' ? 100 : 0),
            gateway_response: state,
            paid_at: state === 'success' ? new Date().toISOString() : null,
            created_at: new Date().toISOString(),
            channel: 'card',
            currency: 'NGN',
            metadata: null,
          },
        };
      },
    );
    paystack.post('/refund', async (request) => {
      const { transaction, amount } = request.body as { transaction: string; amount: number };
      return {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: { id: 1, reference: transaction, amount, currency: 'NGN' },
          amount,
          currency: 'NGN',
          status: 'pending',
          id: 777,
        },
      };
    });
    const base = await paystack.listen({ port: 0, host: '127.0.0.1' });
    shop = await startTestServer({ paystack: { secretKey: 'sk_test_stand_in', baseUrl: base } });
    buyer = await signUp(shop);
    seller = await signUpStaff(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await paystack?.close();
  });

  const attemptOf = async (paystackReference: string) =>
    (
      await shop.app.db
        .selectFrom('payment_attempts')
        .select('state')
        .where('reference', '=', paystackReference)
        .executeTakeFirstOrThrow()
    ).state;
  const attempt = async () => {
    const reference = await acceptedOrder(shop, buyer, seller, PRICE);
    const started = await startPayment(shop, reference, buyer);
    expect(started.status).toBe(200);
    return { reference, paystackReference: started.body.data.reference as string };
  };

  it('answers pending, and asks again next time, while Paystack is undecided, unaware or down', async () => {
    for (const state of ['ongoing', 'unknown', 'down']) {
      const { reference, paystackReference } = await attempt();
      says.set(paystackReference, state);
      const verdict = await verify(shop, reference, paystackReference, buyer);
      expect(verdict.status).toBe(200);
      expect(verdict.body.data).toMatchObject({
        state: 'pending',
        paid: false,
        receipt: null,
        payment: { state: 'unpaid', paid_kobo: 0 },
      });
      expect(await attemptOf(paystackReference)).toBe('pending');
      says.set(paystackReference, 'success');
      const later = await verify(shop, reference, paystackReference, buyer);
      expect(later.body.data).toMatchObject({ state: 'paid', payment: { state: 'paid' } });
      expect(later.body.data.receipt).toMatch(/^RCT-\d{4}-\d{6}$/);
    }
  });

  it('ends an abandoned or reversed attempt as failed, and a new attempt can pay', async () => {
    for (const state of ['abandoned', 'reversed', 'failed']) {
      const { reference, paystackReference } = await attempt();
      says.set(paystackReference, state);
      const verdict = await verify(shop, reference, paystackReference, buyer);
      expect(verdict.body.data).toMatchObject({ state: 'failed', paid: false, receipt: null });
      expect(await attemptOf(paystackReference)).toBe('failed');
      // Decided: Paystack is not asked again, whatever it would say now.
      says.set(paystackReference, 'success');
      expect((await verify(shop, reference, paystackReference, buyer)).body.data.state).toBe(
        'failed',
      );
      const again = await startPayment(shop, reference, buyer);
      says.set(again.body.data.reference, 'success');
      expect(
        (await verify(shop, reference, again.body.data.reference, buyer)).body.data.state,
      ).toBe('paid');
    }
  });

  it('settles a short amount on return as a mismatch, for good', async () => {
    const { reference, paystackReference } = await attempt();
    says.set(paystackReference, 'short');
    expect((await verify(shop, reference, paystackReference, buyer)).body.data).toMatchObject({
      state: 'mismatch',
      paid: false,
      receipt: null,
      payment: { state: 'unpaid' },
    });
    says.set(paystackReference, 'success');
    expect((await verify(shop, reference, paystackReference, buyer)).body.data.state).toBe(
      'mismatch',
    );
  });

  it('a refund Paystack took is marked paid only by Paystack, and not owed twice', async () => {
    const reference = await acceptedOrder(shop, buyer, seller, PRICE);
    const first = await startPayment(shop, reference, buyer);
    const second = await startPayment(shop, reference, buyer);
    for (const started of [first, second]) {
      says.set(started.body.data.reference, 'success');
      await verify(shop, reference, started.body.data.reference, buyer);
    }
    const refundOf = async () =>
      (await get(shop, `staff/orders/${reference}`, seller.token)).body.data.refunds[0];
    await waitUntil('the refund sent', async () => (await refundOf()).state === 'processing');
    const sent = await shop.app.db
      .selectFrom('refunds')
      .select('paystack_refund_id')
      .where('id', '=', (await refundOf()).id)
      .executeTakeFirstOrThrow();
    expect(sent.paystack_refund_id).toBe('777');
    // Paid twice, the second on its way back: a cancellation gives back the first only.
    expect(
      (await get(shop, `users/orders/${reference}`, buyer.token)).body.data.cancellation,
    ).toEqual({ fee_kobo: 0, refund_kobo: PRICE });
    expect(
      await post(
        shop,
        `staff/orders/${reference}/refunds/${(await refundOf()).id}/done`,
        { reference: 'TRF-TOO-SOON' },
        seller.token,
      ),
    ).toMatchObject({
      status: 409,
      body: {
        message:
          'Paystack is returning this refund to the card: it is marked paid when Paystack says so.',
      },
    });
  });

  it('cannot start a payment while Paystack is down, and says so', async () => {
    const reference = await acceptedOrder(shop, buyer, seller, PRICE);
    initializeDown = true;
    const refused = await startPayment(shop, reference, buyer).finally(() => {
      initializeDown = false;
    });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(
      'Online payment is not available right now: please try again in a few minutes, or pay at our office.',
    );
    const attempts = await shop.app.db
      .selectFrom('payment_attempts')
      .innerJoin('shipments', 'shipments.id', 'payment_attempts.shipment_id')
      .select('payment_attempts.state')
      .where('shipments.reference', '=', reference)
      .execute();
    expect(attempts).toEqual([{ state: 'failed' }]);
  });
});

describe('the secret key', () => {
  it('never reaches a log line or an answer', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const started = await startPayment(server, reference, customer);
    const answers = [
      started,
      await verify(server, reference, started.body.data.reference, customer),
      await sendWebhook(server, '{"event":"charge.success"}', 'f'.repeat(128)),
      await get(server, 'openapi.json'),
    ];
    const page = await (await fetch(started.body.data.authorization_url)).text();
    const hexOnly = secret.replace('sk_test_', '');
    for (const text of [
      ...answers.map((answer) => JSON.stringify(answer.body)),
      page,
      logLines.join('\n'),
    ]) {
      expect(text).not.toContain(hexOnly);
    }
    expect(logLines.length).toBeGreaterThan(10);
  });
});
