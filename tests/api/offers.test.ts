/**
 * Price offers over HTTP: amounts at and beyond their bounds, validity dates, the customer's
 * mail (outbox and a real SMTP server), replacement, acceptance as final, decline with a
 * reason, expiry, and offers on final orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira, nairaAmount } from '../../src/api/contract';
import { codeFrom, lastMailTo, mailDelivered, referenceFrom } from '../support/mail';
import { startSmtpServer, type TestSmtp } from '../support/smtp';
import { startTestServer, type TestServer } from '../support/server';
import { opsTokenOf, signUpStaff } from '../support/staff';
import {
  get,
  inDays,
  PASSWORD,
  post,
  register,
  scheduledDelivery,
  signUp,
  uniqueEmail,
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

const book = async (target = server, owner = customer) =>
  (await post(target, 'users/schedule/delivery', scheduledDelivery(), owner.token)).body.data
    .reference_number as string;
const offer = (
  reference: string,
  body: Record<string, unknown>,
  target = server,
  token = staff.token,
) => post(target, `staff/orders/${reference}/offer`, { valid_until: inDays(7), ...body }, token);
const order = async (reference: string) =>
  (await get(server, `users/orders/${reference}`, customer.token)).body.data;
/** Answers name the offer the order shows (as the order page does); 1 when it shows none. */
const shownOffer = async (reference: string): Promise<number> =>
  (await order(reference)).offer?.id ?? 1;
const accept = async (reference: string, owner = customer) =>
  post(
    server,
    `users/orders/${reference}/offer/accept`,
    { offer_id: await shownOffer(reference) },
    owner.token,
  );
const decline = async (reference: string, body: unknown, owner = customer) =>
  post(
    server,
    `users/orders/${reference}/offer/decline`,
    { offer_id: await shownOffer(reference), ...(body as Record<string, unknown>) },
    owner.token,
  );

describe('amounts', () => {
  it('formats naira the Nigerian way', () => {
    expect(formatNaira(18_500_000)).toBe('₦185,000.00');
    expect(formatNaira(10_000)).toBe('₦100.00');
    expect(formatNaira(10_000_000_000)).toBe('₦100,000,000.00');
  });

  it.each([
    ['185000', 18_500_000],
    ['185,000.50', 18_500_050],
    ['₦ 185 000.5', 18_500_050],
    ['100', 10_000],
    ['100000000', 10_000_000_000],
    ['0.29', null],
    ['99.99', null],
    ['100000000.01', null],
    ['185000.505', null],
    ['1e5', null],
    ['-500', null],
    ['', null],
    ['abc', null],
  ])('reads %j typed in naira as %s kobo', (typed, kobo) => {
    const parsed = nairaAmount.safeParse(typed);
    expect(parsed.success ? parsed.data : null).toBe(kobo);
  });

  it.each([
    [10_000, 200],
    [10_000_000_000, 200],
    [9_999, 422],
    [10_000_000_001, 422],
    [0, 422],
    [-10_000, 422],
    [18_500_000.5, 422],
    ['18500000', 422],
    [null, 422],
  ])('takes amount_kobo %j with %i', async (amount_kobo, status) => {
    const answer = await offer(await book(), { amount_kobo });
    expect(answer.status).toBe(status);
    if (status === 422) expect(answer.body.errors.amount_kobo[0]).toMatch(/amount/);
  });

  it('needs the amount', async () => {
    const answer = await offer(await book(), {});
    expect(answer.status).toBe(422);
    expect(answer.body.errors.amount_kobo).toEqual(['Please enter the amount in naira.']);
  });

  it.each([
    [inDays(-1), 'Pick today or a later date.'],
    ['2026-13-01', 'Pick a date from the calendar.'],
    ['next week', 'Pick a date from the calendar.'],
    ['', 'Please choose the last day the offer is valid.'],
  ])('refuses valid_until %j', async (valid_until, message) => {
    const answer = await offer(await book(), { amount_kobo: 18_500_000, valid_until });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.valid_until).toEqual([message]);
  });

  it('takes today as the last valid day', async () => {
    expect(
      (await offer(await book(), { amount_kobo: 18_500_000, valid_until: inDays(0) })).status,
    ).toBe(200);
  });
});

describe('sending an offer', () => {
  it('mails the customer the reference and the amount, and shows it on the order and in My bookings', async () => {
    const reference = await book();
    const answer = await offer(reference, {
      amount_kobo: 18_500_000,
      note: 'Two men and a van, packing included',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Offer of ₦185,000.00 sent; the customer was mailed.');
    const mail = (await lastMailTo(server, customer.email))!;
    expect(mail.subject).toBe(`Your price for ${reference}: ₦185,000.00`);
    expect(referenceFrom(mail.text)).toBe(reference);
    expect(mail.text).toContain('₦185,000.00');
    expect(mail.text).toContain('Two men and a van, packing included');

    expect((await order(reference)).offer).toMatchObject({
      amount_kobo: 18_500_000,
      state: 'open',
      valid_until: inDays(7),
      note: 'Two men and a van, packing included',
    });
    const mine = (await get(server, 'users/orders', customer.token)).body.data.find(
      (row: { reference_number: string }) => row.reference_number === reference,
    );
    expect(mine.offer).toMatchObject({ amount_kobo: 18_500_000, state: 'open' });

    const history = (await get(server, `staff/orders/${reference}`, staff.token)).body.data.history;
    expect(history.at(-1)).toMatchObject({
      event: 'offer_sent',
      status: 'ToInspect',
      by: 'staff',
      by_name: 'Ada Obi',
      note: `₦185,000.00, valid through ${inDays(7)}. Two men and a van, packing included`,
    });
    // The customer sees the history without staff names.
    expect((await order(reference)).history.at(-1)).toMatchObject({
      event: 'offer_sent',
      by: 'staff',
      by_name: null,
    });
  });

  it('replaces an open offer with a new one', async () => {
    const reference = await book();
    await offer(reference, { amount_kobo: 20_000_000 });
    await offer(reference, { amount_kobo: 18_000_000 });
    const { offers, offer: current } = (await get(server, `staff/orders/${reference}`, staff.token))
      .body.data;
    expect(
      offers.map((sent: { amount_kobo: number; state: string }) => [sent.amount_kobo, sent.state]),
    ).toEqual([
      [20_000_000, 'replaced'],
      [18_000_000, 'open'],
    ]);
    expect(current.amount_kobo).toBe(18_000_000);
    // Neither price is answered yet: the history has the two sent, and no answer.
    expect((await order(reference)).history.map((entry: { event: string }) => entry.event)).toEqual(
      ['status', 'offer_sent', 'offer_sent'],
    );
    expect((await accept(reference)).body.data.offer).toMatchObject({
      amount_kobo: 18_000_000,
      state: 'accepted',
    });
  });

  it('makes an accepted price final: no new offer, no second answer', async () => {
    const reference = await book();
    await offer(reference, { amount_kobo: 18_500_000 });
    const accepted = await accept(reference);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('Offer accepted');
    expect(accepted.body.data.offer.decided_at).not.toBeNull();
    const staffMail = (await lastMailTo(server, STAFF_EMAIL))!;
    expect(staffMail.subject).toBe(`${reference}: the customer accepted the price of ₦185,000.00`);

    const again = await offer(reference, { amount_kobo: 10_000_000 });
    expect(again).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/accepted a price for this order: it is final/) },
    });
    expect(await accept(reference)).toMatchObject({
      status: 409,
      body: { message: 'You already accepted this price.' },
    });
    expect((await decline(reference, { reason: 'changed my mind' })).status).toBe(409);
    expect((await order(reference)).history.map((entry: { event: string }) => entry.event)).toEqual(
      ['status', 'offer_sent', 'offer_accepted'],
    );
  });

  it('asks a reason to decline, then lets staff send a new price', async () => {
    const reference = await book();
    await offer(reference, { amount_kobo: 30_000_000 });
    for (const body of [{}, { reason: '   ' }, { reason: 42 }]) {
      const refused = await decline(reference, body);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.reason).toEqual(['Please tell us why you are declining.']);
    }
    const declined = await decline(reference, { reason: 'Too expensive for us' });
    expect(declined.status).toBe(200);
    expect(declined.body.data.offer).toMatchObject({
      state: 'declined',
      decline_reason: 'Too expensive for us',
    });
    expect((await lastMailTo(server, STAFF_EMAIL))!.text).toContain('Reason: Too expensive for us');
    expect((await decline(reference, { reason: 'again' })).body.message).toMatch(
      /already declined/,
    );

    expect((await offer(reference, { amount_kobo: 25_000_000 })).status).toBe(200);
    // My bookings shows the new price, not the declined one.
    const listed = (await get(server, 'users/orders', customer.token)).body.data.find(
      (mine: { reference_number: string }) => mine.reference_number === reference,
    );
    expect(listed.offer).toMatchObject({ amount_kobo: 25_000_000, state: 'open' });
    const accepted = (await accept(reference)).body.data.offer;
    expect(accepted).toMatchObject({
      amount_kobo: 25_000_000,
      state: 'accepted',
    });
    const cancelled = await post(
      server,
      `users/orders/${reference}/cancel`,
      // The cancel names the accepted price the page showed.
      { reason: 'Found a cheaper mover', offer_id: accepted.id },
      customer.token,
    );
    expect(cancelled.status).toBe(200);
    // The history in the order things happened, each answer with what the customer said.
    const history = (await order(reference)).history as {
      event: string;
      status: string;
      note: string | null;
    }[];
    expect(history.map(({ event, status }) => [event, status])).toEqual([
      ['status', 'ToInspect'],
      ['offer_sent', 'ToInspect'],
      ['offer_declined', 'ToInspect'],
      ['offer_sent', 'ToInspect'],
      ['offer_accepted', 'ToInspect'],
      ['status', 'Cancelled'],
    ]);
    expect(history[2]!.note).toBe('Too expensive for us');
    expect(history[4]!.note).toBe('₦250,000.00');
  });

  it('cannot accept or decline an expired offer', async () => {
    const reference = await book();
    await offer(reference, { amount_kobo: 18_500_000, valid_until: inDays(0) });
    // A day passes: the offer was valid through yesterday.
    await server.app.db
      .updateTable('offers')
      .set({ valid_until: inDays(-1) })
      .where('shipment_id', '=', (eb) =>
        eb.selectFrom('shipments').select('id').where('reference', '=', reference),
      )
      .execute();
    expect((await order(reference)).offer.state).toBe('expired');
    const accepted = await accept(reference);
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toBe(
      `This offer was valid through ${inDays(-1)} and has expired: ask us for a new price.`,
    );
    expect((await decline(reference, { reason: 'late' })).status).toBe(409);
    expect((await offer(reference, { amount_kobo: 19_000_000 })).status).toBe(200);
    expect((await accept(reference)).status).toBe(200);
  });

  it('answers 409 to accept when there is no offer', async () => {
    const answer = await accept(await book());
    expect(answer).toMatchObject({
      status: 409,
      body: { message: 'There is no price offer on this order yet.' },
    });
  });

  it('sends no offer on a delivered or cancelled order, and answers none there', async () => {
    const delivered = await book();
    await offer(delivered, { amount_kobo: 18_500_000 });
    await post(server, `staff/orders/${delivered}/status`, { status: 'Shipped' }, staff.token);
    await post(server, `staff/orders/${delivered}/status`, { status: 'Delivered' }, staff.token);
    expect(await offer(delivered, { amount_kobo: 18_500_000 })).toMatchObject({
      status: 409,
      body: { message: 'This order is Delivered: no offer can be sent.' },
    });
    expect((await accept(delivered)).body.message).toBe(
      'This order is Delivered: its offer can no longer be answered.',
    );

    const cancelled = await book();
    await post(
      server,
      `users/orders/${cancelled}/cancel`,
      { reason: 'Moving later' },
      customer.token,
    );
    expect((await offer(cancelled, { amount_kobo: 18_500_000 })).status).toBe(409);
  });

  it('lets only the owner answer: another customer gets 404', async () => {
    const reference = await book();
    await offer(reference, { amount_kobo: 18_500_000 });
    const other = await signUp(server);
    expect((await accept(reference, other)).status).toBe(404);
    expect((await decline(reference, { reason: 'not mine' }, other)).status).toBe(404);
    expect((await order(reference)).offer.state).toBe('open');
  });
});

describe('over real SMTP', () => {
  let smtp: TestSmtp;
  let mailed: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailed = await startTestServer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      staffEmail: STAFF_EMAIL,
    });
  });
  afterAll(async () => {
    await mailed?.close();
    await smtp?.close();
  });

  it('mails the offer to the customer and the answer to staff', async () => {
    const email = uniqueEmail('smtp');
    await register(mailed, email);
    await mailDelivered(mailed);
    await post(mailed, 'verify-email', {
      verification_token: codeFrom(smtp.received.find((mail) => mail.to.includes(email))!.text),
      email,
    });
    const owner = {
      token: (await post(mailed, 'login', { email, password: PASSWORD })).body.token,
    } as Customer;
    const reference = await book(mailed, owner);
    expect(
      (await offer(reference, { amount_kobo: 18_500_000 }, mailed, opsTokenOf(mailed))).status,
    ).toBe(200);
    await mailDelivered(mailed);
    const offerMail = smtp.received.filter((mail) => mail.to.includes(email)).at(-1)!;
    expect(offerMail.subject).toBe(`Your price for ${reference}: ₦185,000.00`);
    expect(offerMail.text).toContain('₦185,000.00');
    const shown = (await get(mailed, `users/orders/${reference}`, owner.token)).body.data.offer.id;
    await post(
      mailed,
      `users/orders/${reference}/offer/decline`,
      { offer_id: shown, reason: 'Too dear' },
      owner.token,
    );
    await mailDelivered(mailed);
    expect(smtp.received.at(-1)).toMatchObject({
      to: STAFF_EMAIL,
      subject: `${reference}: the customer declined the price of ₦185,000.00`,
    });
  });
});
