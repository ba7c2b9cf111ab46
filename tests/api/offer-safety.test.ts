/**
 * The customer answers the price they saw, and only once the order is settled one way: accept
 * and decline name the offer (`{offer_id}`), a replaced one answers 409 with the order as it is
 * now; an accept racing a cancel (the customer's own or staff's) or a new price ends in one
 * outcome (the customer's cancel names the accepted price it saw, so it never wins over an
 * accept it did not see); staff never act on an order they booked themselves (the ops token still does).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_ID_MESSAGE, offerConflictResponse, todayInLagos } from '../../src/api/contract';
import { lastMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { opsTokenOf, signUpStaff } from '../support/staff';
import {
  get,
  inDays,
  post,
  scheduledDelivery,
  signUp,
  type Answer,
  type Customer,
} from '../support/api';

const STAFF_EMAIL = 'operations@relo.test';
const RACES = 40;

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

const book = async (owner = customer) =>
  (await post(server, 'users/schedule/delivery', scheduledDelivery(), owner.token)).body.data
    .reference_number as string;
/** Sends a price; answers the id of the new offer. */
async function offer(reference: string, amount_kobo: number, token = staff.token): Promise<number> {
  const answer = await post(
    server,
    `staff/orders/${reference}/offer`,
    { amount_kobo, valid_until: inDays(7) },
    token,
  );
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.offer.id as number;
}
const accept = (reference: string, body?: Record<string, unknown>) =>
  post(server, `users/orders/${reference}/offer/accept`, body, customer.token);
const decline = (reference: string, body: Record<string, unknown>) =>
  post(server, `users/orders/${reference}/offer/decline`, body, customer.token);
/** The customer's cancel, naming the accepted offer their page showed, if any. */
const cancel = (reference: string, offer_id?: number) =>
  post(
    server,
    `users/orders/${reference}/cancel`,
    { reason: 'Plans changed', offer_id },
    customer.token,
  );
const staffMove = (reference: string, status: string, token = staff.token) =>
  post(server, `staff/orders/${reference}/status`, { status }, token);
const order = async (reference: string) =>
  (await get(server, `users/orders/${reference}`, customer.token)).body.data;
const staffMailCount = async () =>
  (
    await server.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', STAFF_EMAIL)
      .execute()
  ).length;

describe('accept and decline name the offer the customer saw', () => {
  it('refuses an answer that names no offer, and stores nothing', async () => {
    const reference = await book();
    const shown = await offer(reference, 10_000_000);
    const mails = await staffMailCount();
    for (const body of [
      undefined,
      {},
      { offer_id: 'newest' },
      { offer_id: -1 },
      { offer_id: 1.5 },
    ]) {
      const answer = await accept(reference, body);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(OFFER_ID_MESSAGE);
      // A body without the field says it under the field; no body at all, under the form.
      expect(answer.body.errors[body ? 'offer_id' : 'form']).toEqual([OFFER_ID_MESSAGE]);
    }
    const declined = await decline(reference, { reason: 'Too dear' });
    expect(declined.status).toBe(422);
    expect(declined.body.errors.offer_id).toBeDefined();
    expect((await order(reference)).offer).toMatchObject({ id: shown, state: 'open' });
    expect(await staffMailCount()).toBe(mails);
  });

  it('answers 409 with the new price when staff replaced the one shown, and accepts nothing', async () => {
    const reference = await book();
    const shown = await offer(reference, 10_000_000);
    const replacing = await offer(reference, 900_000_000);
    const mails = await staffMailCount();

    for (const answer of [
      await accept(reference, { offer_id: shown }),
      await decline(reference, { offer_id: shown, reason: 'Too dear' }),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'The price has changed to ₦9,000,000.00. Check it before you accept.',
      );
      const parsed = offerConflictResponse.parse(answer.body);
      expect(parsed.order).toMatchObject({ reference_number: reference, status: 'ToInspect' });
      expect(parsed.order.offer).toMatchObject({
        id: replacing,
        amount_kobo: 900_000_000,
        state: 'open',
      });
    }
    const stored = await server.app.db
      .selectFrom('offers')
      .select(['id', 'state'])
      .where('shipment_id', '=', (eb) =>
        eb.selectFrom('shipments').select('id').where('reference', '=', reference),
      )
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: shown, state: 'replaced' },
      { id: replacing, state: 'open' },
    ]);
    expect(await staffMailCount()).toBe(mails);

    const accepted = await accept(reference, { offer_id: replacing });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.offer).toMatchObject({
      id: replacing,
      amount_kobo: 900_000_000,
      state: 'accepted',
    });
  });

  it("answers 409 with the current order for another order's offer", async () => {
    const reference = await book();
    const current = await offer(reference, 10_000_000);
    const elsewhere = await offer(await book(), 20_000_000);
    const answer = await accept(reference, { offer_id: elsewhere });
    expect(answer.status).toBe(409);
    expect(offerConflictResponse.parse(answer.body).order.offer).toMatchObject({
      id: current,
      state: 'open',
    });
    expect((await order(reference)).offer.state).toBe('open');
  });

  it('carries the order on every refusal of an answer, e.g. a price already accepted', async () => {
    const reference = await book();
    const shown = await offer(reference, 10_000_000);
    expect((await accept(reference, { offer_id: shown })).status).toBe(200);
    const again = await decline(reference, { offer_id: shown, reason: 'Changed my mind' });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'You already accepted this price.' },
    });
    expect(offerConflictResponse.parse(again.body).order.offer).toMatchObject({
      id: shown,
      state: 'accepted',
    });
  });
});

/** Runs `pairs` pairs of calls on orders of their own at once; answers each order and its two answers. */
async function race(
  first: (reference: string, offerId: number) => Promise<Answer>,
  second: (reference: string, offerId: number) => Promise<Answer>,
  pairs = RACES,
) {
  const orders = await Promise.all(
    Array.from({ length: pairs }, async () => {
      const reference = await book();
      return { reference, offerId: await offer(reference, 10_000_000) };
    }),
  );
  // The second call of each pair starts 0 to 21 ms after the first, so either may reach the order first.
  const answers = await Promise.all(
    orders.map(({ reference, offerId }, index) =>
      Promise.all([
        first(reference, offerId),
        delay((index % 8) * 3).then(() => second(reference, offerId)),
      ]),
    ),
  );
  return Promise.all(
    orders.map(async ({ reference, offerId }, index) => ({
      reference,
      offerId,
      answers: answers[index]!,
      order: await order(reference),
    })),
  );
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

describe('one outcome when the customer and staff act at once', () => {
  it("an accept racing the same customer's cancel: exactly one wins, the other is told why in words, never a 500", async () => {
    // The page showed an open offer, so the cancel names no accepted one (issue 33, item 4).
    const results = await race(
      (reference, offerId) => accept(reference, { offer_id: offerId }),
      (reference) => cancel(reference),
      RACES / 2,
    );
    const winners = { accept: 0, cancel: 0 };
    for (const { answers, order: settled } of results) {
      const [accepted, cancelled] = answers;
      expect(statuses(answers)).toEqual([200, 409]);
      if (accepted!.status === 200) {
        winners.accept += 1;
        expect(settled).toMatchObject({ status: 'ToInspect', offer: { state: 'accepted' } });
        expect(cancelled!.body.message).toBe(
          'You accepted ₦100,000.00 for this order meanwhile: check the fee and refund before you cancel.',
        );
        // The refusal carries the order as it is now, the accepted price on it.
        expect(offerConflictResponse.parse(cancelled!.body).order).toMatchObject({
          status: 'ToInspect',
          offer: { state: 'accepted' },
        });
      } else {
        winners.cancel += 1;
        expect(settled).toMatchObject({ status: 'Cancelled', offer: { state: 'open' } });
        expect(accepted!.body.message).toBe(
          'This order is Cancelled: its offer can no longer be answered.',
        );
      }
    }
    expect(winners.accept + winners.cancel).toBe(RACES / 2);
  });

  it('an accept racing a cancel by staff: cancelled with no accepted price, or accepted and not cancelled', async () => {
    const results = await race(
      (reference, offerId) => accept(reference, { offer_id: offerId }),
      (reference) => staffMove(reference, 'Cancelled'),
    );
    for (const { answers, order: settled } of results) {
      // One call wins, the other is told why not; never a 500.
      expect(statuses(answers)).toEqual([200, 409]);
      const [accepted] = answers;
      if (accepted!.status === 200)
        expect(settled).toMatchObject({ status: 'ToInspect', offer: { state: 'accepted' } });
      else expect(settled).toMatchObject({ status: 'Cancelled', offer: { state: 'open' } });
    }
  });

  it('an accept racing a new price: the price accepted is the one named, or the new one stays open', async () => {
    const results = await race(
      (reference, offerId) => accept(reference, { offer_id: offerId }),
      (reference) =>
        post(
          server,
          `staff/orders/${reference}/offer`,
          { amount_kobo: 900_000_000, valid_until: inDays(7) },
          staff.token,
        ),
    );
    for (const { offerId, answers, order: settled } of results) {
      expect(statuses(answers)).toEqual([200, 409]);
      if (answers[0]!.status === 200)
        expect(settled.offer).toMatchObject({
          id: offerId,
          amount_kobo: 10_000_000,
          state: 'accepted',
        });
      else expect(settled.offer).toMatchObject({ amount_kobo: 900_000_000, state: 'open' });
    }
  });

  it('a decline, a cancel or new dates racing staff moves: one outcome each, never a 500', async () => {
    const results = await race(
      (reference, offerId) => decline(reference, { offer_id: offerId, reason: 'Too dear' }),
      (reference) => staffMove(reference, 'Cancelled'),
      RACES / 2,
    );
    for (const { answers, order: settled } of results) {
      expect(answers.every((answer) => answer.status < 500)).toBe(true);
      expect(settled.status).toBe('Cancelled');
    }
    const moves = await race(cancel, (reference) => staffMove(reference, 'Shipped'), RACES / 2);
    for (const { answers, order: settled } of moves) {
      expect(statuses(answers)).toEqual([200, 409]);
      expect(settled.status).toBe(answers[0]!.status === 200 ? 'Cancelled' : 'Shipped');
      // The call that lost is told why, in words.
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.body.message).toMatch(/^(The order changed meanwhile|This order is|An order)/);
    }
    const dates = await race(
      (reference) =>
        post(
          server,
          `users/orders/${reference}/reschedule`,
          { pickup_date: inDays(3), delivery_date: inDays(5) },
          customer.token,
        ),
      (reference) => staffMove(reference, 'Shipped'),
      RACES / 2,
    );
    for (const { answers } of dates)
      expect(answers.every((answer) => answer.status < 500)).toBe(true);
  });

  it('lets staff cancel an accepted order only when they say they saw the accepted price', async () => {
    const reference = await book();
    await accept(reference, { offer_id: await offer(reference, 10_000_000) });
    const blind = await staffMove(reference, 'Cancelled');
    expect(blind).toMatchObject({
      status: 409,
      body: {
        message:
          'The customer accepted ₦100,000.00 for this order: confirm that you cancel it anyway.',
      },
    });
    expect((await order(reference)).status).toBe('ToInspect');
    const confirmed = await post(
      server,
      `staff/orders/${reference}/status`,
      { status: 'Cancelled', confirm_accepted: true },
      staff.token,
    );
    expect(confirmed.status).toBe(200);
    expect((await order(reference)).status).toBe('Cancelled');
  });

  it('names what was paid too when staff cancel a paid order blind', async () => {
    const reference = await book();
    await accept(reference, { offer_id: await offer(reference, 10_000_000) });
    const paid = await post(
      server,
      `staff/orders/${reference}/payments`,
      { method: 'cash', reference: 'CASH-17', paid_on: todayInLagos(), amount_kobo: 2_500_000 },
      staff.token,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.data.payment_state).toBe('part_paid');
    expect((await staffMove(reference, 'Cancelled')).body.message).toBe(
      'The customer accepted ₦100,000.00 and paid ₦25,000.00 for this order: confirm that you cancel it anyway.',
    );
  });

  it('lets the customer cancel an order whose price they accepted (the page shows the fee and refund first)', async () => {
    const reference = await book();
    const shown = await offer(reference, 10_000_000);
    await accept(reference, { offer_id: shown });
    expect((await order(reference)).cancellation).toEqual({ fee_kobo: 0, refund_kobo: 0 });
    // A cancel that does not name the accepted price is refused, and changes nothing.
    expect(await cancel(reference)).toMatchObject({
      status: 409,
      body: {
        message:
          'You accepted ₦100,000.00 for this order meanwhile: check the fee and refund before you cancel.',
      },
    });
    expect((await cancel(reference, shown + 1000)).status).toBe(409);
    expect((await order(reference)).status).toBe('ToInspect');
    expect((await cancel(reference, shown)).status).toBe(200);
    expect((await order(reference)).status).toBe('Cancelled');
  });
});

describe('staff and their own orders', () => {
  it('refuses a staff member pricing or moving an order they booked as a customer; the ops token and other staff may', async () => {
    const own = await book(staff);
    const refusal = {
      status: 403,
      body: {
        message: 'You booked this order yourself: another member of staff must handle it.',
      },
    };
    expect(
      await post(
        server,
        `staff/orders/${own}/offer`,
        { amount_kobo: 10_000_000, valid_until: inDays(7) },
        staff.token,
      ),
    ).toMatchObject(refusal);
    expect(await staffMove(own, 'Shipped')).toMatchObject(refusal);
    const stored = await server.app.db
      .selectFrom('offers')
      .select('id')
      .where('shipment_id', '=', (eb) =>
        eb.selectFrom('shipments').select('id').where('reference', '=', own),
      )
      .execute();
    expect(stored).toEqual([]);
    // Reading it stays allowed.
    expect((await get(server, `staff/orders/${own}`, staff.token)).status).toBe(200);

    expect(
      (
        await post(
          server,
          `staff/orders/${own}/offer`,
          { amount_kobo: 10_000_000, valid_until: inDays(7) },
          opsTokenOf(server),
        )
      ).status,
    ).toBe(200);
    const colleague = await signUpStaff(server);
    expect((await staffMove(own, 'Shipped', colleague.token)).status).toBe(200);
    expect((await lastMailTo(server, staff.email))!.subject).toMatch(/Shipped/);
  });
});
