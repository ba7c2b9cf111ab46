/**
 * The customer's own order over HTTP: its page, cancelling and moving its dates while it is To
 * Inspect (staff are mailed, the history shows it), 404 for anyone else's reference on every
 * call, and public tracking that never shows a price, a name, an address or a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '../../src/api/contract';
import { lastMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import {
  bulkDelivery,
  call,
  form,
  get,
  inDays,
  instantDelivery,
  post,
  quote,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';

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

const book = async (
  path = 'users/schedule/delivery',
  body: Record<string, unknown> | FormData = scheduledDelivery(),
  owner = customer,
) => (await post(server, path, body, owner.token)).body.data.reference_number as string;
const order = (reference: string, owner = customer) =>
  get(server, `users/orders/${reference}`, owner.token);
const cancel = (reference: string, body: Record<string, unknown>, owner = customer) =>
  post(server, `users/orders/${reference}/cancel`, body, owner.token);
const reschedule = (reference: string, body: Record<string, unknown>, owner = customer) =>
  post(server, `users/orders/${reference}/reschedule`, body, owner.token);
const track = (reference: string) =>
  post(server, 'users/tracking/status', form({ reference_id: reference }));

const ownerCalls = (Object.keys(calls) as CallName[]).filter((name) =>
  calls[name].path.startsWith('users/orders/{id}'),
);
const validBodies: Partial<Record<CallName, Record<string, unknown>>> = {
  acceptOffer: { offer_id: 1 },
  declineOffer: { offer_id: 1, reason: 'no' },
  cancelOrder: { reason: 'no' },
  rescheduleOrder: { pickup_date: inDays(2), delivery_date: inDays(3) },
};

describe('whose order it is', () => {
  it.each(ownerCalls)(
    "%s answers 404 for another customer's reference and for an unknown one, 401 without a session",
    async (name) => {
      const reference = await book();
      const other = await signUp(server);
      const { method } = calls[name];
      const body = validBodies[name];
      for (const path of [reference, 'RL-ZZZZZZZZZZ']) {
        const answer = await call(
          server,
          method,
          calls[name].path.replace('{id}', path),
          body,
          other.token,
        );
        expect(answer.status).toBe(404);
        expect(answer.body.message).toMatch(/No package was found/);
      }
      expect(
        (await call(server, method, calls[name].path.replace('{id}', reference), body)).status,
      ).toBe(401);
      // Nothing happened to the owner's order.
      const mine = (await order(reference)).body.data;
      expect(mine.status).toBe('ToInspect');
      expect(mine.history).toHaveLength(1);
    },
  );
});

describe('the order page', () => {
  it('My bookings of a customer who has booked nothing is an empty list', async () => {
    const newcomer = await signUp(server);
    const answer = await get(server, 'users/orders', newcomer.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
  });

  it('shows a delivery as sent, its history and no offer yet', async () => {
    const reference = await book();
    const answer = await order(reference.toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Order found');
    expect(answer.body.data).toMatchObject({
      reference_number: reference,
      service_type: 'scheduled_delivery',
      status: 'ToInspect',
      offer: null,
      details: {
        kind: 'delivery',
        pickup_address: '12 Admiralty Way, Lekki, Lagos',
        sender_fullname: 'Ada Obi',
        pickup_date: inDays(1),
        receivers: [
          {
            address: '4 Aminu Kano Crescent, Wuse 2, Abuja',
            name: 'Chinedu Eze',
            phone: '+2348051234567',
            delivery_date: inDays(3),
          },
        ],
      },
      history: [
        { event: 'status', status: 'ToInspect', by: 'customer', by_name: null, note: null },
      ],
    });
    expect(answer.body.data).not.toHaveProperty('customer');
    expect(answer.body.data).not.toHaveProperty('offers');
  });
});

describe('cancelling', () => {
  it('needs a reason', async () => {
    const reference = await book();
    for (const body of [{}, { reason: '' }, { reason: '  ' }]) {
      const answer = await cancel(reference, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.reason).toEqual(['Please tell us why you are cancelling.']);
    }
    expect((await order(reference)).body.data.status).toBe('ToInspect');
  });

  it('cancels while To Inspect: the history shows it, staff are mailed, tracking says Cancelled', async () => {
    const reference = await book();
    const answer = await cancel(reference, { reason: 'We found a cheaper mover' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Order cancelled');
    expect(answer.body.data.status).toBe('Cancelled');
    expect(answer.body.data.history.at(-1)).toMatchObject({
      event: 'status',
      status: 'Cancelled',
      by: 'customer',
      note: 'We found a cheaper mover',
    });
    const mail = (await lastMailTo(server, STAFF_EMAIL))!;
    expect(mail.subject).toBe(`${reference}: the customer cancelled the order`);
    expect(mail.text).toContain('Reason: We found a cheaper mover');
    expect(mail.text).toContain(customer.email);
    const tracked = await track(reference);
    expect(tracked.body.data).toMatchObject({ status: 'Cancelled' });
    expect(tracked.body.data.history.map((step: { status: string }) => step.status)).toEqual([
      'ToInspect',
      'Cancelled',
    ]);

    expect(await cancel(reference, { reason: 'again' })).toMatchObject({
      status: 409,
      body: {
        message:
          'This order is Cancelled: it can no longer be cancelled. Call us if something must change.',
      },
    });
    expect(
      (await reschedule(reference, { pickup_date: inDays(2), delivery_date: inDays(3) })).status,
    ).toBe(409);
  });

  it('refuses once the order has shipped', async () => {
    const reference = await book();
    await post(server, `staff/orders/${reference}/status`, { status: 'Shipped' }, staff.token);
    const answer = await cancel(reference, { reason: 'Too late?' });
    expect(answer).toMatchObject({
      status: 409,
      body: {
        message: expect.stringMatching(/^This order is Shipped: it can no longer be cancelled/),
      },
    });
  });
});

describe('changing dates', () => {
  it('moves a scheduled delivery, shows it in the history and mails staff', async () => {
    const reference = await book();
    const answer = await reschedule(reference, {
      pickup_date: inDays(4),
      delivery_date: inDays(6),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Dates changed');
    expect(answer.body.data.details).toMatchObject({
      pickup_date: inDays(4),
      receivers: [{ delivery_date: inDays(6) }],
    });
    expect(answer.body.data.history.at(-1)).toMatchObject({
      event: 'rescheduled',
      status: 'ToInspect',
      by: 'customer',
      note: `Pickup ${inDays(4)}, delivery ${inDays(6)}.`,
    });
    const mail = (await lastMailTo(server, STAFF_EMAIL))!;
    expect(mail.subject).toBe(`${reference}: the customer changed the dates`);
    expect(mail.text).toContain(`Pickup ${inDays(4)}, delivery ${inDays(6)}.`);
  });

  it('gives every receiver of a bulk delivery the new delivery date', async () => {
    const reference = await book('users/bulk/delivery', bulkDelivery(3));
    const answer = await reschedule(reference, {
      pickup_date: inDays(2),
      delivery_date: inDays(5),
    });
    expect(
      answer.body.data.details.receivers.map(
        (receiver: { delivery_date: string }) => receiver.delivery_date,
      ),
    ).toEqual([inDays(5), inDays(5), inDays(5)]);
  });

  it.each([
    [
      { pickup_date: inDays(-1), delivery_date: inDays(3) },
      'pickup_date',
      'Pick today or a later date.',
    ],
    [
      { pickup_date: inDays(4), delivery_date: inDays(3) },
      'delivery_date',
      'Delivery cannot be before pickup.',
    ],
    [{ delivery_date: inDays(3) }, 'pickup_date', 'Please choose a pickup date.'],
    [{ pickup_date: inDays(3) }, 'delivery_date', 'Please choose a delivery date.'],
    [
      { pickup_date: '2026-02-31x', delivery_date: inDays(3) },
      'pickup_date',
      'Pick a date from the calendar.',
    ],
    [
      { date_of_inspection: inDays(3), moving_date: inDays(4) },
      'pickup_date',
      'Please choose a pickup date.',
    ],
  ])('refuses delivery dates %j', async (body, field, message) => {
    const reference = await book();
    const answer = await reschedule(reference, body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([message]);
    expect((await order(reference)).body.data.details.pickup_date).toBe(inDays(1));
  });

  it('moves a quote under its own field names; a date not sent stays as stored', async () => {
    const reference = await book('users/state-service', quote());
    const answer = await reschedule(reference, {
      date_of_inspection: inDays(8),
      moving_date: inDays(12),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.details).toMatchObject({
      date_of_inspection: inDays(8),
      moving_date: inDays(12),
    });
    // Issue 33, item 1: a reschedule never clears a date it was not given (a move with no
    // moving date would never pay the cancellation fee).
    const onlyMoving = await reschedule(reference, { moving_date: inDays(20) });
    expect(onlyMoving.body.data.details).toMatchObject({
      date_of_inspection: inDays(8),
      moving_date: inDays(20),
    });
    expect(onlyMoving.body.data.history.at(-1).note).toBe(
      `Inspection ${inDays(8)}, moving ${inDays(20)}.`,
    );
    const onlyInspection = await reschedule(reference, { date_of_inspection: inDays(9) });
    expect(onlyInspection.body.data.details).toMatchObject({
      date_of_inspection: inDays(9),
      moving_date: inDays(20),
    });
    // The pair as stored must still hold: the inspection sent alone cannot pass the moving date.
    const late = await reschedule(reference, { date_of_inspection: inDays(21) });
    expect(late.status).toBe(422);
    expect(late.body.errors.date_of_inspection).toEqual([
      'The inspection must be on or before the moving date.',
    ]);
  });

  it.each([
    [{}, 'date_of_inspection', 'Please choose an inspection date or a moving date.'],
    [
      { date_of_inspection: inDays(9), moving_date: inDays(8) },
      'date_of_inspection',
      'The inspection must be on or before the moving date.',
    ],
    [{ moving_date: inDays(-2) }, 'moving_date', 'Pick today or a later date.'],
  ])('refuses quote dates %j', async (body, field, message) => {
    const reference = await book('users/state-service', quote());
    const answer = await reschedule(reference, body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([message]);
  });

  it('has no dates to change on an instant delivery', async () => {
    const reference = await book('users/StoreDilivery', instantDelivery());
    const answer = await reschedule(reference, {
      pickup_date: inDays(1),
      delivery_date: inDays(2),
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { message: 'An instant delivery is picked up at once: it has no dates to change.' },
    });
  });

  it('refuses once the order has shipped', async () => {
    const reference = await book();
    await post(server, `staff/orders/${reference}/status`, { status: 'Shipped' }, staff.token);
    const answer = await reschedule(reference, {
      pickup_date: inDays(2),
      delivery_date: inDays(3),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(
      /^This order is Shipped: it can no longer be moved to other dates/,
    );
  });
});

describe('anonymous tracking', () => {
  it('shows status and timeline only: no price, name, address, phone, note or reason', async () => {
    const reference = await book(
      'users/Local-service',
      form({ ...quote(), full_name: 'Zainab Quote-Contact', mobile_phone: '07012345678' }),
    );
    const sent = await post(
      server,
      `staff/orders/${reference}/offer`,
      { amount_kobo: 18_500_000, note: 'Secret staff note', valid_until: inDays(5) },
      staff.token,
    );
    await post(
      server,
      `users/orders/${reference}/offer/decline`,
      { offer_id: sent.body.data.offer.id, reason: 'Private decline reason' },
      customer.token,
    );
    await reschedule(reference, { date_of_inspection: inDays(6), moving_date: inDays(9) });
    await cancel(reference, { reason: 'Private cancel reason' });

    const tracked = await track(reference);
    expect(tracked.status).toBe(200);
    expect(Object.keys(tracked.body.data).sort()).toEqual([
      'ProgressBar',
      'date created',
      'date updated',
      'history',
      'reference_number',
      'service_type',
      'status',
    ]);
    expect(
      tracked.body.data.history.every(
        (step: object) => Object.keys(step).sort().join() === 'date,status',
      ),
    ).toBe(true);
    const text = JSON.stringify(tracked.body);
    // The price as kobo or naira, never the bare "185", which a timestamp's milliseconds can hold.
    for (const secret of [
      '18500000',
      '185000',
      '185,000',
      '₦',
      'kobo',
      'Secret staff note',
      'Private decline reason',
      'Private cancel reason',
      'Zainab',
      'Ada',
      'Obi',
      '0701',
      '0803',
      'Ikoyi',
      'Maitama',
      customer.email,
      staff.email,
      'amount',
      'offer',
      'note',
      'reason',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
