/**
 * Texts on the customer's phone (docs/messages.md), over real HTTP against the built-in Termii
 * test gateway: every template's length with the longest values, the shapes both sides hold to,
 * exactly once under a retried submit, a provider that fails, refuses or hangs, the per-number
 * limit, the private link and its opt-out, the channels a customer chooses, the numbers staff
 * see masked, delivery reports, and the key kept out of logs and answers.
 */
import http from 'node:http';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OFFER_KOBO, NOT_MOBILE_MESSAGE } from '../../src/api/contract';
import { applyDeliveryReport } from '../../server/messages/reports';
import {
  deliveryReport,
  sendRequest,
  sendResponse,
  SIGNATURE_HEADER,
  signatureOf,
} from '../../server/messages/termii';
import {
  bookingReceivedText,
  crewAssignedText,
  fitsOneSegment,
  gsm7Length,
  handoverCodeText,
  nairaForText,
  paymentReceivedText,
  priceToAnswerText,
  receiverOnTheWayText,
  refundSentText,
  SITE,
  SITE_ORIGIN_BUDGET,
  statusChangedText,
  stopFailedText,
  templateNames,
  trackLinkUrl,
  type TextContent,
} from '../../server/messages/templates';
import { newToken } from '../../server/messages/track-links';
import { normaliseStoredPhones } from '../../server/db/migrations/018-texts';
import { acceptedOrder, cancelAsPage, pay } from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { waitUntil } from '../support/mail';
import {
  gatewayBehaves,
  inboxUrl,
  linkTokenIn,
  textRowsOf,
  textsTo,
  waitForTexts,
} from '../support/texts';
import {
  bulkDelivery,
  call,
  form,
  get,
  inDays,
  post,
  quote,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';

let server: TestServer;
let staff: Customer;
beforeAll(async () => {
  server = await startTestServer({
    texts: { retryMs: 40, pollMs: 40, giveUpMs: 60_000, timeoutMs: 400, perNumberHour: 6 },
  });
  staff = await signUpStaff(server);
});
afterAll(async () => {
  await server?.close();
});

/** A number of this file's own for each customer or receiver, so limits and inboxes do not mix. */
let nextNumber = 1_000_000;
const freshNumber = () => `+234803${String(nextNumber++).padStart(7, '0')}`;

/** A customer whose account's number is `phone` (set from the profile, as a customer would). */
async function customerWith(phone = freshNumber()): Promise<Customer & { phone: string }> {
  const customer = await signUp(server);
  const edited = await post(
    server,
    `users/edit/${customer.id}`,
    form({ fullname: 'Ada Obi', phone }),
    customer.token,
  );
  expect(edited.status).toBe(200);
  return { ...customer, phone };
}

const book = (customer: Customer, payload: Record<string, unknown>, key?: string) =>
  call(
    server,
    'POST',
    'users/schedule/delivery',
    payload,
    customer.token,
    key ? { 'idempotency-key': key } : {},
  );

const delivery = (sender: string, receiver = freshNumber()) => ({
  ...scheduledDelivery(),
  sender_phone: sender,
  receiver_phone: receiver,
});

const staffOrder = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data;

const moveTo = (reference: string, status: string) =>
  post(server, `staff/orders/${reference}/status`, { status, confirm_unpaid: true }, staff.token);

/** Waits until every text about the order has left the outbox (sent, delivered or failed). */
const textsSettled = (reference: string) =>
  waitUntil(`the texts of ${reference} to leave`, async () =>
    (await textRowsOf(server, reference)).every((row) => row.state !== 'queued'),
  );

describe('templates', () => {
  const site = `https://${'w'.repeat(SITE_ORIGIN_BUDGET - 'https://'.length)}`;
  const reference = 'RL-WWWWWWWWWW';
  const link = trackLinkUrl(newToken());
  const amount = MAX_OFFER_KOBO - 1;
  const everyTemplate: TextContent[] = [
    bookingReceivedText(reference, link),
    priceToAnswerText(reference, { amount_kobo: amount, valid_until: '2026-12-31' }),
    paymentReceivedText(
      reference,
      { amount_kobo: amount, receipt: 'RCT-2026-999999', test_mode: true },
      link,
    ),
    refundSentText(reference, { amount_kobo: amount, how: 'office' }, link),
    refundSentText(reference, { amount_kobo: amount, how: 'card' }, link),
    statusChangedText(reference, 'Shipped', link),
    statusChangedText(reference, 'Delivered', link),
    statusChangedText(reference, 'Cancelled', link),
    receiverOnTheWayText(reference, link),
    crewAssignedText(
      reference,
      { date: '2026-12-31', window_start: '20:00', window_end: '23:59' },
      link,
    ),
    handoverCodeText(reference, '9999', '23:59'),
    stopFailedText(reference, link),
  ];

  it.each(everyTemplate.map((content) => [content.template, content.text] as const))(
    '%s fits one GSM-7 segment with the longest values',
    (_template, text) => {
      const sent = text.replaceAll(SITE, site);
      expect(site).toHaveLength(SITE_ORIGIN_BUDGET);
      expect(gsm7Length(sent), sent).not.toBeNull();
      expect(gsm7Length(sent)!, sent).toBeLessThanOrEqual(160);
      expect(sent).not.toContain('₦');
    },
  );

  it('covers every template', () => {
    expect(new Set(everyTemplate.map((content) => content.template))).toEqual(
      new Set(templateNames),
    );
  });

  it('writes amounts as NGN, never ₦, with kobo only when there are some', () => {
    expect(nairaForText(48_500_000)).toBe('NGN 485,000');
    expect(nairaForText(48_500_050)).toBe('NGN 485,000.50');
    expect(nairaForText(MAX_OFFER_KOBO)).toBe('NGN 100,000,000');
  });

  it('counts GSM-7 as a phone does: extension characters take two, others are refused', () => {
    expect(gsm7Length('a{b}')).toBe(6);
    expect(gsm7Length('₦1')).toBeNull();
    expect(fitsOneSegment('x'.repeat(160))).toBe(true);
    expect(fitsOneSegment('x'.repeat(161))).toBe(false);
  });
});

describe('a booking', () => {
  it('texts the account and the sender it names, each with a private link, exactly once under retried submits', async () => {
    const customer = await customerWith();
    const sender = freshNumber();
    const payload = delivery(sender);
    const key = `texts-${Date.now()}`;
    const answers = await Promise.all([
      book(customer, payload, key),
      book(customer, payload, key),
      book(customer, payload, key),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const reference = answers[0]!.body.data.reference_number;
    expect(new Set(answers.map((answer) => answer.body.data.reference_number)).size).toBe(1);
    // And once more after the first answer: the first booking is answered again.
    expect((await book(customer, payload, key)).body.data.reference_number).toBe(reference);

    const [own] = await waitForTexts(server, customer.phone);
    const [named] = await waitForTexts(server, sender);
    await textsSettled(reference);
    expect(textsTo(server, customer.phone)).toHaveLength(1);
    expect(textsTo(server, sender)).toHaveLength(1);
    for (const text of [own!, named!]) {
      expect(text.sms).toContain(reference);
      expect(text.sms.startsWith('Relo Logistics:')).toBe(true);
      expect(text.sms).toContain(`${server.origin}/t/`);
      expect(text).toMatchObject({ channel: 'dnd', from: 'Relo' });
      expect(fitsOneSegment(text.sms)).toBe(true);
    }
    // Each number has its own link; the receiver is not texted before the order is on its way.
    expect(linkTokenIn(own!.sms)).not.toBe(linkTokenIn(named!.sms));
    expect(textsTo(server, payload.receiver_phone)).toHaveLength(0);
    // Held to Termii's shapes: what the gateway kept is the request the client sent.
    expect(
      sendRequest.safeParse({
        api_key: 'k',
        to: own!.to,
        from: own!.from,
        sms: own!.sms,
        type: 'plain',
        channel: own!.channel,
      }).success,
    ).toBe(true);

    const rows = await textRowsOf(server, reference);
    expect(rows.map((row) => [row.template, row.channel, row.recipient])).toEqual([
      ['booking_received', 'sms', customer.phone],
      ['booking_received', 'sms', sender],
    ]);
    // Handed over, the text's body (it held the link's token) is gone; only its hash stays.
    await waitUntil('delivery reports', async () =>
      (await textRowsOf(server, reference)).every((row) => row.state === 'delivered'),
    );
    for (const row of await textRowsOf(server, reference)) {
      expect(row).toMatchObject({ body: '', attempts: 1 });
      expect(row.provider_message_id).toMatch(/^\d+$/);
      expect(row.sent_at).not.toBeNull();
      expect(row.delivered_at).not.toBeNull();
    }
    const tokens = await server.app.db
      .selectFrom('track_link_tokens')
      .select('token_hash')
      .execute();
    expect(tokens.map((row) => row.token_hash)).not.toContain(linkTokenIn(own!.sms));
  });

  it('texts one number once when the booking names the account’s own number', async () => {
    const customer = await customerWith();
    const answer = await book(customer, delivery(customer.phone.replace('+234', '0')));
    const reference = answer.body.data.reference_number;
    await textsSettled(reference);
    expect(await textRowsOf(server, reference)).toHaveLength(1);
  });

  it('texts a quote’s contact number too', async () => {
    const customer = await customerWith();
    const contact = freshNumber();
    const answer = await post(
      server,
      'users/state-service',
      { ...quote(), mobile_phone: contact },
      customer.token,
    );
    expect(answer.status).toBe(200);
    await waitForTexts(server, contact);
    await waitForTexts(server, customer.phone);
  });
});

describe('the order’s later texts', () => {
  it('tells the customer of a price, a status, and the receivers when it is on its way; staff see them masked, newest first', async () => {
    const customer = await customerWith();
    const first = freshNumber();
    const second = freshNumber();
    const bulk = bulkDelivery(3);
    bulk.sender_number = customer.phone;
    bulk.receiver_details[0]!.phone = first;
    bulk.receiver_details[1]!.phone = second;
    // Two drop-offs to one number: one text to it.
    bulk.receiver_details[2]!.phone = second;
    const booked = await post(server, 'users/bulk/delivery', bulk, customer.token);
    const reference: string = booked.body.data.reference_number;
    await waitForTexts(server, customer.phone);

    const offer = await post(
      server,
      `staff/orders/${reference}/offer`,
      { amount_kobo: 48_500_000, note: 'Door to door', valid_until: inDays(5) },
      staff.token,
    );
    expect(offer.status).toBe(200);
    const [price] = await waitForTexts(server, customer.phone, 2);
    expect(price!.sms).toContain('NGN 485,000');
    expect(price!.sms).toContain(`${server.origin}/orders/${reference}`);

    expect((await moveTo(reference, 'Shipped')).status).toBe(200);
    const [shipped] = await waitForTexts(server, customer.phone, 3);
    expect(shipped!.sms).toContain('is on its way');
    const [toFirst] = await waitForTexts(server, first);
    await waitForTexts(server, second);
    await textsSettled(reference);
    expect(textsTo(server, second)).toHaveLength(1);
    expect(toFirst!.sms).toContain(reference);
    expect(toFirst!.channel).toBe('dnd');

    // The receiver's link shows their own drop-off: no other stop, no address, phone or price.
    const view = await get(server, `track-links/${linkTokenIn(toFirst!.sms)}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      reference_number: reference,
      audience: 'receiver',
      status: 'Shipped',
      stops: [{ kind: 'dropoff', name: 'Receiver', place: 'Area not given' }],
      phone_masked: `+234******${first.slice(-4)}`,
      opted_out: false,
      expires_at: null,
    });
    const shown = JSON.stringify(view.body);
    for (const hidden of ['Marina Road', 'Admiralty', first, customer.phone, 'price', 'amount'])
      expect(shown).not.toContain(hidden);
    // The customer's link shows the whole order.
    const [booking] = textsTo(server, customer.phone).slice(-1);
    const whole = await get(server, `track-links/${linkTokenIn(booking!.sms)}`);
    expect(whole.body.data.audience).toBe('customer');
    expect(whole.body.data.stops.map((stop: { kind: string }) => stop.kind)).toEqual([
      'pickup',
      'dropoff',
      'dropoff',
      'dropoff',
    ]);
    expect(whole.body.data.history.map((step: { status: string }) => step.status)).toEqual([
      'ToInspect',
      'Shipped',
    ]);

    const { messages } = await staffOrder(reference);
    expect(messages.map((text: { template: string }) => text.template)).toEqual([
      'receiver_on_the_way',
      'receiver_on_the_way',
      'order_shipped',
      'price_to_answer',
      'booking_received',
    ]);
    for (const text of messages) {
      expect(text.to).toMatch(/^\+234\*{6}\d{4}$/);
      expect(text.channel).toBe('sms');
      expect(['sent', 'delivered']).toContain(text.state);
      expect(Number.isNaN(Date.parse(text.at))).toBe(false);
    }
    expect(messages.map((text: { to: string }) => text.to)).toContain(
      `+234******${first.slice(-4)}`,
    );
    expect(JSON.stringify(messages)).not.toContain(first);
  });
});

describe('money', () => {
  it('tells the customer of a payment with its receipt number, and of the refund once sent', async () => {
    const customer = await customerWith();
    const reference = await acceptedOrder(server, customer, staff, 2_500_050);
    await pay(server, reference, customer);
    const [paid] = await waitForTexts(server, customer.phone, 3);
    const { receipts } = (await get(server, `users/orders/${reference}`, customer.token)).body.data;
    expect(paid!.sms).toContain(`TEST received NGN 25,000.50 for ${reference}`);
    expect(paid!.sms).toContain(`Receipt ${receipts[0].number}.`);
    expect(linkTokenIn(paid!.sms)).toHaveLength(22);

    expect((await cancelAsPage(server, reference, customer)).status).toBe(200);
    const [refunded] = await waitForTexts(server, customer.phone, 4);
    expect(refunded!.sms).toContain(`we refunded NGN 25,000.50 for ${reference} to your card`);
    await textsSettled(reference);
    // The order's sender number (scheduledDelivery's) is another one: each notice goes to both.
    expect(
      (await staffOrder(reference)).messages.map((text: { template: string }) => text.template),
    ).toEqual(
      ['refund_sent', 'payment_received', 'price_to_answer', 'booking_received'].flatMap(
        (template) => [template, template],
      ),
    );
  });
});

describe('numbers stored before', () => {
  it('are rewritten in E.164 by the migration; other text is left alone', async () => {
    const customer = await signUp(server);
    const db = server.app.db;
    for (const phone of ['08051234567', '+2348051234567', '']) {
      await db.updateTable('users').set({ phone }).where('id', '=', customer.userId).execute();
      await normaliseStoredPhones(db as unknown as Kysely<unknown>);
      const { phone: stored } = await db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', customer.userId)
        .executeTakeFirstOrThrow();
      expect(stored).toBe(phone === '' ? '' : '+2348051234567');
    }
  });
});

describe('the private link', () => {
  it('answers 404 with a message for an unknown or malformed token, never a 5xx', async () => {
    for (const token of [newToken(), 'short', 'x'.repeat(64), '%00', 'a'.repeat(80)]) {
      const answer = await get(server, `track-links/${token}`);
      expect(answer.status, token).toBe(404);
      expect(answer.body.message).toMatch(/tracking link does not work|Nothing was found/);
      expect((await post(server, `track-links/${token}/opt-out`)).status).toBe(404);
    }
  });

  it('stops working 14 days after the order is final, and says when', async () => {
    const customer = await customerWith();
    const reference = (await book(customer, delivery(customer.phone))).body.data.reference_number;
    const [text] = await waitForTexts(server, customer.phone);
    const token = linkTokenIn(text!.sms);
    expect((await moveTo(reference, 'Cancelled')).status).toBe(200);
    const open = await get(server, `track-links/${token}`);
    expect(open.body.data.status).toBe('Cancelled');
    const expires = Date.parse(open.body.data.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);

    await server.app.db
      .updateTable('shipment_status_changes')
      .set({ changed_at: new Date(Date.now() - 15 * 86_400_000) })
      .where('status', '=', 'Cancelled')
      .where('shipment_id', '=', (eb) =>
        eb.selectFrom('shipments').select('id').where('reference', '=', reference),
      )
      .execute();
    expect((await get(server, `track-links/${token}`)).status).toBe(404);
  });

  it('lets its number opt out: that number gets no more notices, the others still do', async () => {
    const customer = await customerWith();
    const sender = freshNumber();
    const reference = (await book(customer, delivery(sender))).body.data.reference_number;
    const [toSender] = await waitForTexts(server, sender);
    const token = linkTokenIn(toSender!.sms);

    const out = await post(server, `track-links/${token}/opt-out`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({
      message: 'You will get no more texts about orders on this number',
      data: { opted_out: true },
    });
    expect((await post(server, `track-links/${token}/opt-out`)).status).toBe(200);
    expect((await get(server, `track-links/${token}`)).body.data.opted_out).toBe(true);

    await moveTo(reference, 'Cancelled');
    await waitForTexts(server, customer.phone, 2);
    await textsSettled(reference);
    expect(textsTo(server, sender)).toHaveLength(1);
    // A later booking naming that number does not text it either.
    const again = (await book(customer, delivery(sender))).body.data.reference_number;
    await waitForTexts(server, customer.phone, 3);
    await textsSettled(again);
    expect(textsTo(server, sender)).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('start with SMS on and WhatsApp off, and choose the channels of the next texts', async () => {
    const customer = await customerWith();
    expect(await get(server, 'users/preferences', customer.token)).toMatchObject({
      status: 200,
      body: { message: 'Preferences found', data: { sms: true, whatsapp: false } },
    });
    const saved = await call(
      server,
      'PUT',
      'users/preferences',
      { sms: false, whatsapp: true },
      customer.token,
    );
    expect(saved.body).toEqual({
      message: 'Preferences saved',
      data: { sms: false, whatsapp: true },
    });
    const reference = (await book(customer, delivery(customer.phone))).body.data.reference_number;
    const [text] = await waitForTexts(server, customer.phone);
    expect(text!.channel).toBe('whatsapp');
    await textsSettled(reference);
    expect((await staffOrder(reference)).messages).toMatchObject([{ channel: 'whatsapp' }]);

    await call(server, 'PUT', 'users/preferences', { sms: true, whatsapp: true }, customer.token);
    const both = (await book(customer, delivery(customer.phone))).body.data.reference_number;
    await textsSettled(both);
    expect((await textRowsOf(server, both)).map((row) => row.channel).sort()).toEqual([
      'sms',
      'whatsapp',
    ]);

    await call(server, 'PUT', 'users/preferences', { sms: false, whatsapp: false }, customer.token);
    const none = (await book(customer, delivery(customer.phone))).body.data.reference_number;
    expect(await textRowsOf(server, none)).toHaveLength(0);
  });

  it('refuses a body that is not two choices, and a visitor', async () => {
    const customer = await customerWith();
    const bad = await call(server, 'PUT', 'users/preferences', { sms: 'yes' }, customer.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      sms: ['Choose whether to get texts by SMS.'],
      whatsapp: ['Choose whether to get texts on WhatsApp.'],
    });
    expect((await get(server, 'users/preferences')).status).toBe(401);
  });

  it('turning a channel on lifts an opt-out of the account’s own number', async () => {
    const customer = await customerWith();
    await book(customer, delivery(customer.phone));
    const [text] = await waitForTexts(server, customer.phone);
    await post(server, `track-links/${linkTokenIn(text!.sms)}/opt-out`);
    await call(server, 'PUT', 'users/preferences', { sms: true, whatsapp: false }, customer.token);
    await book(customer, delivery(customer.phone));
    await waitForTexts(server, customer.phone, 2);
  });
});

describe('numbers', () => {
  it.each([
    ['0803 123 4567', '+2348031234567'],
    ['+234 (0) 706-123-9876', '+2347061239876'],
    ['2349161234567', '+2349161234567'],
    ['0702.011.2345', '+2347020112345'],
  ])('stores %s as %s, wherever a number enters', async (typed, stored) => {
    const customer = await signUp(server);
    const edited = await post(
      server,
      `users/edit/${customer.id}`,
      form({ fullname: 'Ada Obi', phone: typed }),
      customer.token,
    );
    expect(edited.body.data.phone).toBe(stored);
    const booked = await book(customer, {
      ...scheduledDelivery(),
      sender_phone: typed,
      receiver_phone: typed,
    });
    const { details } = await staffOrder(booked.body.data.reference_number);
    expect(details).toMatchObject({ sender_phone: stored, receivers: [{ phone: stored }] });
  });

  it.each([
    ['receiver_phone', '01234567890'],
    ['receiver_phone', '+2348001234567'],
    ['sender_phone', '07001234567'],
    ['sender_phone', '09171234567'],
  ])('answers 422 at %s for %s, not a Nigerian mobile', async (field, typed) => {
    const customer = await customerWith();
    const answer = await book(customer, { ...scheduledDelivery(), [field]: typed });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ [field]: [NOT_MOBILE_MESSAGE] });
  });
});

describe('a provider that fails, refuses or hangs', () => {
  it.each([
    ['fails', 'fail'],
    ['refuses', 'refuse'],
    ['hangs', 'hang'],
  ] as const)(
    'when it %s, delays no answer and loses no text: it goes on a later try',
    async (_label, send) => {
      const customer = await customerWith();
      await gatewayBehaves(server, { send, times: 2 });
      const started = performance.now();
      const answer = await book(customer, delivery(customer.phone));
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(300);
      const reference = answer.body.data.reference_number;
      await waitForTexts(server, customer.phone);
      await textsSettled(reference);
      const [row] = await textRowsOf(server, reference);
      expect(row).toMatchObject({ state: expect.stringMatching(/sent|delivered/), attempts: 3 });
      expect(textsTo(server, customer.phone)).toHaveLength(1);
    },
  );

  it('gives a text up once it has failed for longer than the give-up time, keeping why', async () => {
    const customer = await customerWith();
    await gatewayBehaves(server, { send: 'refuse', times: 1 });
    const reference = (await book(customer, delivery(customer.phone))).body.data.reference_number;
    await waitUntil('a first refusal', async () =>
      (await textRowsOf(server, reference)).some((row) => row.last_error !== null),
    );
    await gatewayBehaves(server, { send: 'refuse', times: 50 });
    await server.app.db
      .updateTable('texts')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('event', 'like', 'booking:%')
      .where('recipient', '=', customer.phone)
      .execute();
    await textsSettled(reference);
    await gatewayBehaves(server, {});
    const [row] = await textRowsOf(server, reference);
    expect(row).toMatchObject({ state: 'failed', body: '' });
    expect(row!.last_error).toContain('Insufficient balance');
    expect((await staffOrder(reference)).messages).toMatchObject([{ state: 'failed' }]);
  });

  it('records a failure Termii reports after a send', async () => {
    const customer = await customerWith();
    await gatewayBehaves(server, { report: 'failed', times: 1 });
    const reference = (await book(customer, delivery(customer.phone))).body.data.reference_number;
    await waitUntil('the failure report', async () =>
      (await textRowsOf(server, reference)).every((row) => row.state === 'failed'),
    );
    const [row] = await textRowsOf(server, reference);
    expect(row!.last_error).toBe('Termii reported: Message Failed');
  });
});

describe('the limit per number', () => {
  it('texts one number at most its hourly limit; the rest are failed, for staff to see', async () => {
    const customer = await customerWith();
    const references: string[] = [];
    for (let index = 0; index < 7; index += 1)
      references.push((await book(customer, delivery(customer.phone))).body.data.reference_number);
    for (const reference of references) await textsSettled(reference);
    expect(textsTo(server, customer.phone)).toHaveLength(6);
    const states = await Promise.all(
      references.map(async (reference) => (await textRowsOf(server, reference))[0]!),
    );
    expect(states.filter((row) => row.state === 'failed')).toMatchObject([
      { last_error: 'Too many texts to this number within the hour.' },
    ]);
  });
});

describe('delivery reports', () => {
  const report = (message_id: string, status = 'Delivered') =>
    JSON.stringify({
      type: 'outbound',
      message_id,
      receiver: '2348031234567',
      sender: 'Relo',
      message: 'x',
      sent_at: '2026-11-25 10:00:00',
      cost: '3.9',
      status,
      channel: 'dnd',
    });
  const keyOf = async () =>
    `test_${Buffer.from(
      (
        await server.app.db
          .selectFrom('server_keys')
          .select('key')
          .where('name', '=', 'termii-test-key')
          .executeTakeFirstOrThrow()
      ).key,
      'base64',
    ).toString('hex')}`;
  const send = (body: string, signature?: string) =>
    call(server, 'POST', 'messages/termii/report', body, undefined, {
      'content-type': 'application/json',
      ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
    });

  it('answers 200 to a signed report for an id it does not know, and ignores it', async () => {
    const body = report('9999999999999');
    const answer = await send(body, signatureOf(await keyOf(), body));
    expect(answer).toMatchObject({ status: 200, body: { message: 'Report ignored' } });
  });

  it('refuses an unsigned or mis-signed report (401) and a body of another shape (400)', async () => {
    const body = report('1');
    expect((await send(body)).status).toBe(401);
    expect((await send(body, signatureOf('another key', body))).status).toBe(401);
    const key = await keyOf();
    for (const bad of ['{"status": "Delivered"}', 'not json', '[]'])
      expect((await send(bad, signatureOf(key, bad))).status).toBe(400);
  });

  it('reads Termii’s statuses, and never takes a delivered text back', async () => {
    expect(deliveryReport.parse(JSON.parse(report('12'))).message_id).toBe('12');
    expect(deliveryReport.parse({ message_id: 12, status: 'Delivered' }).message_id).toBe('12');
    const customer = await customerWith();
    await gatewayBehaves(server, { report: 'none', times: 1 });
    const reference = (await book(customer, delivery(customer.phone))).body.data.reference_number;
    await textsSettled(reference);
    const [row] = await textRowsOf(server, reference);
    expect(row!.state).toBe('sent');
    const id = row!.provider_message_id!;
    expect(
      await applyDeliveryReport(
        server.app.db,
        deliveryReport.parse({ message_id: id, status: 'Message Sent' }),
      ),
    ).toBe(false);
    expect(
      await applyDeliveryReport(
        server.app.db,
        deliveryReport.parse({
          message_id: id,
          status: 'DELIVERED | Message delivered to handset',
        }),
      ),
    ).toBe(true);
    expect(
      await applyDeliveryReport(
        server.app.db,
        deliveryReport.parse({ message_id: id, status: 'Expired' }),
      ),
    ).toBe(false);
    expect((await textRowsOf(server, reference))[0]!.state).toBe('delivered');
  });
});

describe('the test gateway', () => {
  it('holds its callers to Termii’s request and answers with Termii’s shapes', async () => {
    const base = inboxUrl(server).replace(/\/inbox\?.*$/, '');
    const sendCall = (body: object) =>
      fetch(`${base}/api/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const valid = {
      api_key: 'wrong',
      to: '2348031234567',
      from: 'Relo',
      sms: 'Hi',
      type: 'plain',
      channel: 'dnd',
    };
    expect((await sendCall(valid)).status).toBe(401);
    expect((await sendCall({ ...valid, channel: 'email' })).status).toBe(400);
    expect((await sendCall({ ...valid, from: 'AB' })).status).toBe(400);
    const key = `test_${Buffer.from((await server.app.db.selectFrom('server_keys').select('key').where('name', '=', 'termii-test-key').executeTakeFirstOrThrow()).key, 'base64').toString('hex')}`;
    const sent = await sendCall({ ...valid, api_key: key, to: '2348030000001' });
    expect(sent.status).toBe(200);
    expect(sendResponse.safeParse(await sent.json()).success).toBe(true);
  });

  it('lists the texts like a phone’s inbox, by number, newest first, only with its key', async () => {
    const customer = await customerWith();
    await book(customer, delivery(customer.phone));
    await post(
      server,
      'users/state-service',
      { ...quote(), mobile_phone: customer.phone },
      customer.token,
    );
    await waitForTexts(server, customer.phone, 2);
    const page = await fetch(inboxUrl(server));
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('TEST MODE');
    const shown = `+234 ${customer.phone.slice(4, 7)} ${customer.phone.slice(7, 10)} ${customer.phone.slice(10)}`;
    expect(html).toContain(shown);
    const [newest, older] = textsTo(server, customer.phone);
    expect(html.indexOf(linkTokenIn(newest!.sms))).toBeLessThan(
      html.indexOf(linkTokenIn(older!.sms)),
    );
    const one = await (
      await fetch(`${inboxUrl(server)}&to=${encodeURIComponent(customer.phone)}`)
    ).text();
    expect(one.match(/<section/g)).toHaveLength(1);
    const withoutKey = await fetch(inboxUrl(server).replace(/key=[^&]+/, 'key=wrong'));
    expect(withoutKey.status).toBe(404);
    expect(await withoutKey.text()).not.toContain(customer.phone.slice(-7));
  });
});

describe('the Termii key', () => {
  it('never reaches a log line, an error body or the browser', async () => {
    const KEY = 'TL_live_key_that_must_never_show_0123456789';
    // A Termii that refuses with the key in its message, then takes the text.
    let calls = 0;
    const termii = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        calls += 1;
        const parsed = sendRequest.parse(JSON.parse(body));
        response.setHeader('content-type', 'application/json');
        if (calls === 1) {
          response.statusCode = 401;
          response.end(JSON.stringify({ message: `Invalid api_key ${parsed.api_key}` }));
          return;
        }
        response.end(
          JSON.stringify({
            message_id: '5964465985113503103',
            message: 'Successfully Sent',
            balance: 9,
            user: 'Relo',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => termii.listen(0, '127.0.0.1', resolve));
    const { port } = termii.address() as { port: number };
    const lines: string[] = [];
    const live = await startTestServer({
      logger: true,
      logStream: { write: (line: string) => void lines.push(line) },
      termii: { apiKey: KEY, senderId: 'ReloNG', baseUrl: `http://127.0.0.1:${port}` },
      texts: { retryMs: 40, pollMs: 40, giveUpMs: 60_000, timeoutMs: 400, perNumberHour: 6 },
    });
    try {
      const customer = await signUp(live);
      const reference = (
        await post(live, 'users/schedule/delivery', scheduledDelivery(), customer.token)
      ).body.data.reference_number;
      await waitUntil('the text to go on its second try', async () =>
        (await textRowsOf(live, reference)).every((row) => row.state === 'sent'),
      );
      const [row] = await textRowsOf(live, reference);
      expect(row!.last_error).toBeNull();
      expect(lines.join('')).toContain('Invalid api_key [key]');
      // Answers a browser could see: the order (staff), a report signed with another key.
      const liveStaff = await signUpStaff(live);
      const order = await get(live, `staff/orders/${reference}`, liveStaff.token);
      const refused = await call(live, 'POST', 'messages/termii/report', '{}', undefined, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureOf('guess', '{}'),
      });
      for (const seen of [
        lines.join('\n'),
        JSON.stringify(order.body),
        JSON.stringify(refused.body),
      ])
        expect(seen).not.toContain(KEY);
      expect(live.app.textsInbox).toBeNull();
    } finally {
      await live.close();
      termii.close();
    }
  });
});
