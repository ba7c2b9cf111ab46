/**
 * Issue 33, items 1 and F6 (docs/decisions/cancellation-fee.md): the cancellation fee cannot be
 * dodged by moving the date after paying, by a quote reschedule that drops the moving date, or
 * on an instant delivery; the page's preview and the cancel follow the one rule. And staff
 * correct an accepted price, which the customer accepts (the money follows) or declines (the
 * price accepted before stands). One server for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerConflictResponse } from '../../src/api/contract';
import { lastMailTo } from '../support/mail';
import { acceptedMove, acceptedOrder, cancelAsPage } from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { opsTokenOf, signUpStaff } from '../support/staff';
import {
  get,
  inDays,
  instantDelivery,
  post,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';

const PRICE = 45_000_000;
const FEE = PRICE / 10;
const STAFF_EMAIL = 'operations@relo.test';

let server: TestServer;
let customer: Customer;
let staff: Customer;
beforeAll(async () => {
  server = await startTestServer({ staffEmail: STAFF_EMAIL });
  customer = await signUp(server);
  staff = await signUpStaff(server);
});
afterAll(async () => {
  await server?.close();
});

const order = async (reference: string) =>
  (await get(server, `users/orders/${reference}`, customer.token)).body.data;
const staffOrder = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data;
const paidCash = async (reference: string, amount_kobo = PRICE) => {
  const paid = await post(
    server,
    `staff/orders/${reference}/payments`,
    { method: 'cash', reference: 'CASH-9', paid_on: inDays(0), amount_kobo },
    staff.token,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
};
const reschedule = (reference: string, body: Record<string, unknown>) =>
  post(server, `users/orders/${reference}/reschedule`, body, customer.token);
const newPickup = (days: number) => ({
  pickup_date: inDays(days),
  delivery_date: inDays(days + 1),
});
const withFee = { fee_kobo: FEE, refund_kobo: PRICE - FEE };
const noFee = { fee_kobo: 0, refund_kobo: PRICE };

describe('the cancellation fee cannot be dodged', () => {
  it('a reschedule made inside the fee window keeps it: moving the pickup 60 days out and cancelling still pays the fee', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE, 2);
    await paidCash(reference);
    expect((await order(reference)).cancellation).toEqual(withFee);
    const moved = await reschedule(reference, newPickup(60));
    expect(moved.status).toBe(200);
    // The page's preview and the cancel ask the same rule.
    expect(moved.body.data.cancellation).toEqual(withFee);
    const cancelled = await cancelAsPage(server, reference, customer);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.refunds).toMatchObject([
      { amount_kobo: PRICE - FEE, fee_kobo: FEE, route: 'office' },
    ]);
    expect(cancelled.body.data.payment).toMatchObject({ state: 'refund_due' });
  });

  it('a reschedule made well ahead of the window moves it with the date, both ways', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE, 10);
    await paidCash(reference);
    expect((await reschedule(reference, newPickup(60))).body.data.cancellation).toEqual(noFee);
    expect((await reschedule(reference, newPickup(2))).body.data.cancellation).toEqual(withFee);
    // Once inside the window, moving out again keeps it.
    expect((await reschedule(reference, newPickup(30))).body.data.cancellation).toEqual(withFee);
  });

  it('tells staff what a cancel leaves to refund, and the fee kept when there is one', async () => {
    const inWindow = await acceptedOrder(server, customer, staff, PRICE, 2);
    await paidCash(inWindow);
    expect((await cancelAsPage(server, inWindow, customer)).status).toBe(200);
    expect((await lastMailTo(server, STAFF_EMAIL))!.text).toContain(
      '₦405,000.00 to refund, ₦45,000.00 kept as the fee.',
    );
    const aheadOfIt = await acceptedOrder(server, customer, staff, PRICE, 10);
    await paidCash(aheadOfIt);
    expect((await cancelAsPage(server, aheadOfIt, customer)).status).toBe(200);
    const mail = (await lastMailTo(server, STAFF_EMAIL))!.text;
    expect(mail).toContain(aheadOfIt);
    expect(mail).toContain('₦450,000.00 to refund.');
    expect(mail).not.toContain('kept as the fee');
  });

  it('a quote reschedule with only the inspection date keeps the moving date, and the fee', async () => {
    const reference = await acceptedMove(server, customer, staff, PRICE, 3);
    await paidCash(reference);
    expect((await order(reference)).cancellation).toEqual(withFee);
    const moved = await reschedule(reference, { date_of_inspection: inDays(1) });
    expect(moved.status).toBe(200);
    expect(moved.body.data.details).toMatchObject({
      date_of_inspection: inDays(1),
      moving_date: inDays(3),
    });
    expect(moved.body.data.cancellation).toEqual(withFee);
    expect((await cancelAsPage(server, reference, customer)).body.data.refunds).toMatchObject([
      { amount_kobo: PRICE - FEE, fee_kobo: FEE },
    ]);
  });

  it('an instant delivery is in its fee window from the day it was booked, once paid', async () => {
    const booked = await post(
      server,
      'users/StoreDilivery',
      {
        ...instantDelivery(),
        pickup_state: 'Lagos',
        pickup_lga: 'Ikeja',
        delivery_state: 'Lagos',
        delivery_lga: 'Eti-Osa',
      },
      customer.token,
    );
    expect(booked.status).toBe(200);
    const reference = booked.body.data.reference_number as string;
    const price = (await order(reference)).payment.price_kobo as number;
    expect((await order(reference)).cancellation).toEqual({ fee_kobo: 0, refund_kobo: 0 });
    await paidCash(reference, price);
    const fee = Math.floor(price / 10);
    expect((await order(reference)).cancellation).toEqual({
      fee_kobo: fee,
      refund_kobo: price - fee,
    });
    expect((await cancelAsPage(server, reference, customer)).body.data.refunds).toMatchObject([
      { amount_kobo: price - fee, fee_kobo: fee },
    ]);
  });

  it('a reschedule racing a cancel: one outcome, the fee kept either way, never a 500', async () => {
    const references = await Promise.all(
      Array.from({ length: 6 }, () => acceptedOrder(server, customer, staff, PRICE, 2)),
    );
    for (const reference of references) await paidCash(reference);
    const answers = await Promise.all(
      references.map((reference) =>
        Promise.all([
          reschedule(reference, newPickup(60)),
          cancelAsPage(server, reference, customer),
        ]),
      ),
    );
    for (const [index, [moved, cancelled]] of answers.entries()) {
      expect(cancelled.status).toBe(200);
      expect([200, 409]).toContain(moved.status);
      expect((await order(references[index]!)).refunds).toMatchObject([
        { amount_kobo: PRICE - FEE, fee_kobo: FEE },
      ]);
    }
  });
});

describe('staff correct an accepted price (F6)', () => {
  const correct = (reference: string, body: Record<string, unknown>, token = staff.token) =>
    post(server, `staff/orders/${reference}/offer`, { valid_until: inDays(7), ...body }, token);
  const answer = (reference: string, action: 'accept' | 'decline', body: Record<string, unknown>) =>
    post(server, `users/orders/${reference}/offer/${action}`, body, customer.token);

  it('needs a reason, an accepted price, another amount, and a colleague', async () => {
    const unpriced = await acceptedOrder(server, customer, staff, PRICE);
    // Without a reason an accepted price stays final, as before.
    expect(await correct(unpriced, { amount_kobo: PRICE - 100_000 })).toMatchObject({
      status: 409,
    });
    expect(
      (await correct(unpriced, { amount_kobo: PRICE - 100_000, correction: '   ' })).body.errors
        .correction,
    ).toEqual(['Please say why the accepted price is corrected.']);
    expect(
      (await correct(unpriced, { amount_kobo: PRICE, correction: 'Same' })).body.errors.amount_kobo,
    ).toEqual(['This is the price the customer accepted already.']);
    // A price not accepted yet is replaced by an offer, not corrected.
    const booked = await post(
      server,
      'users/schedule/delivery',
      scheduledDelivery(),
      customer.token,
    );
    expect(
      await correct(booked.body.data.reference_number, {
        amount_kobo: PRICE,
        correction: 'Wrong place',
      }),
    ).toMatchObject({
      status: 409,
      body: {
        message:
          'The customer has not accepted a price for this order: send an offer, not a correction.',
      },
    });
    // A member of staff never corrects their own order; the ops token does.
    const own = await acceptedOrder(server, staff, await signUpStaff(server), PRICE);
    expect(
      (await correct(own, { amount_kobo: PRICE - 100_000, correction: 'Wrong place' })).status,
    ).toBe(403);
    expect(
      (
        await correct(
          own,
          { amount_kobo: PRICE - 100_000, correction: 'Wrong place' },
          opsTokenOf(server),
        )
      ).status,
    ).toBe(200);
  });

  it('accepted: the new price is the order price, and what was paid beyond it is owed back', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    await paidCash(reference);
    const lower = PRICE - 5_000_000;
    const sent = await correct(reference, {
      amount_kobo: lower,
      correction: 'The pickup is in Ikeja, not Lekki',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await lastMailTo(server, customer.email))!.text).toContain(
      'Why: The pickup is in Ikeja, not Lekki',
    );
    const shown = await order(reference);
    // Until answered, the accepted price stands; the correction is the price to answer.
    expect(shown.payment).toMatchObject({ price_kobo: PRICE, state: 'paid' });
    expect(shown.offer).toMatchObject({ amount_kobo: lower, state: 'open' });
    expect(shown.offer.correction.reason).toBe('The pickup is in Ikeja, not Lekki');
    const history = (await staffOrder(reference)).history as {
      note: string;
      by: string;
      by_name: string;
    }[];
    expect(history.at(-1)).toMatchObject({
      note: expect.stringMatching(/^Price correction: .*Reason: The pickup is in Ikeja, not Lekki/),
      by: 'staff',
      by_name: expect.any(String),
    });

    const accepted = await answer(reference, 'accept', { offer_id: shown.offer.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.payment).toMatchObject({
      price_kobo: lower,
      state: 'refund_due',
      balance_kobo: -5_000_000,
    });
    expect(accepted.body.data.refunds).toMatchObject([
      { amount_kobo: 5_000_000, fee_kobo: 0, route: 'office', state: 'due' },
    ]);
    expect((await lastMailTo(server, STAFF_EMAIL))!.text).toContain('owed back');
    // A cancel now names the corrected price; what is left is held and refunded.
    const cancelled = await cancelAsPage(server, reference, customer);
    expect(cancelled.status).toBe(200);
  });

  it('declined: the price accepted before stands and staff are mailed; a cancel names that price', async () => {
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const before = (await order(reference)).offer;
    const sent = await correct(reference, {
      amount_kobo: PRICE + 5_000_000,
      correction: 'The drop-off is in Ajah',
    });
    expect(sent.status).toBe(200);
    const correction = (await order(reference)).offer;
    // The page named the accepted price under the open correction: the cancel is refused once
    // the correction it did not see is accepted.
    const declined = await answer(reference, 'decline', {
      offer_id: correction.id,
      reason: 'The address is right',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.data.offer).toMatchObject({ id: before.id, state: 'accepted' });
    expect(declined.body.data.payment).toMatchObject({ price_kobo: PRICE });
    expect((await lastMailTo(server, STAFF_EMAIL))!.text).toContain(`The price accepted before`);
    const corrected = await correct(reference, {
      amount_kobo: PRICE + 1_000_000,
      correction: 'Checked again',
    });
    expect(corrected.status).toBe(200);
    const shownId = before.id;
    expect(
      (await answer(reference, 'accept', { offer_id: (await order(reference)).offer.id })).status,
    ).toBe(200);
    const refused = await post(
      server,
      `users/orders/${reference}/cancel`,
      { reason: 'Too dear', offer_id: shownId },
      customer.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^You accepted ₦460,000\.00 for this order meanwhile/);
    expect(offerConflictResponse.parse(refused.body).order.status).toBe('ToInspect');
  });

  it('an accept of a correction racing a cancel that names the price accepted before: exactly one wins', async () => {
    const orders = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const reference = await acceptedOrder(server, customer, staff, PRICE);
        const shownId = (await order(reference)).offer.id as number;
        await correct(reference, { amount_kobo: PRICE + 1_000_000, correction: 'Ajah, not Lekki' });
        return { reference, shownId, correctionId: (await order(reference)).offer.id as number };
      }),
    );
    const answers = await Promise.all(
      orders.map(({ reference, shownId, correctionId }) =>
        Promise.all([
          answer(reference, 'accept', { offer_id: correctionId }),
          post(
            server,
            `users/orders/${reference}/cancel`,
            { reason: 'Plans changed', offer_id: shownId },
            customer.token,
          ),
        ]),
      ),
    );
    for (const [index, [accepted, cancelled]] of answers.entries()) {
      expect([accepted.status, cancelled.status].sort()).toEqual([200, 409]);
      const settled = await order(orders[index]!.reference);
      if (accepted.status === 200) {
        expect(settled).toMatchObject({
          status: 'ToInspect',
          payment: { price_kobo: PRICE + 1_000_000 },
        });
        expect(cancelled.body.message).toMatch(
          /^You accepted ₦460,000\.00 for this order meanwhile/,
        );
      } else {
        expect(settled.status).toBe('Cancelled');
        expect(accepted.body.message).toBe(
          'This order is Cancelled: its offer can no longer be answered.',
        );
      }
    }
  });
});
