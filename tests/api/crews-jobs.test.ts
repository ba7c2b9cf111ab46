/**
 * The crew's side of the day's work (docs/crews.md), over real HTTP: the jobs a crew member's
 * phone lists, what they record at each stop and who may, the handover code (texted through the
 * Termii test gateway, right, wrong, locked, exact under tries at once), the proof without a code
 * (its photos encoded again without metadata, behind signed links), the order's status moving as
 * its stops do, and who is coming as the customer sees it. Crews and assignments are written by
 * tests/support/crew-jobs.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crewStop,
  PROOF_PHOTO_MESSAGE,
  RECEIVER_NAME_MESSAGE,
  todayInLagos,
  type OrderStop,
} from '../../src/api/contract';
import {
  CODE_LOCKED_MESSAGE,
  UNKNOWN_STOP,
  wrongCodeMessage,
} from '../../server/crews/stop-events';
import { issueToken } from '../../server/messages/track-links';
import { CREW_ONLY_MESSAGE } from '../../server/http/auth';
import {
  assign,
  makeCrew,
  removeFromCrew,
  setStopState,
  storedStops,
  type Window,
} from '../support/crew-jobs';
import { readOutbox, waitUntil } from '../support/mail';
import { acceptedOrder } from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { textRowsOf, textsTo } from '../support/texts';
import {
  bulkDelivery,
  get,
  inDays,
  PNG,
  post,
  quote,
  scheduledDelivery,
  signUp,
  type Answer,
  type Customer,
} from '../support/api';

const GPS_PHOTO = fs.readFileSync(
  path.join(import.meta.dirname, '../support/images', 'gps-rotated.jpg'),
);

let server: TestServer;
let staff: Customer;
let customer: Customer;
/** Ada, the lead of the crew most tests use, and her crewmate. */
let lead: Customer;
let mate: Customer;
let crewId: number;
let outsider: Customer;

beforeAll(async () => {
  server = await startTestServer({
    trackingCacheMs: 0,
    texts: { retryMs: 40, pollMs: 40, giveUpMs: 60_000, timeoutMs: 2_000, perNumberHour: 1_000 },
  });
  [staff, customer, lead, mate, outsider] = await Promise.all([
    signUpStaff(server),
    signUp(server),
    signUp(server),
    signUp(server),
    signUp(server),
  ]);
  crewId = await makeCrew(server, [lead!, mate!], { plate: 'KJA-555-AA' });
  await makeCrew(server, [outsider!], { vehicle: 'motorbike' });
});
afterAll(async () => {
  await server?.close();
});

/** A number of this file's own for each receiver, so each one's texts are its order's. */
let nextNumber = 2_000_000;
const freshNumber = () => `+234805${String(nextNumber++).padStart(7, '0')}`;

async function booked(answer: Answer): Promise<string> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.reference_number as string;
}
const bookDelivery = (receiver = freshNumber()) =>
  post(
    server,
    'users/schedule/delivery',
    { ...scheduledDelivery(), receiver_phone: receiver },
    customer.token,
  ).then(booked);
const bookBulk = (receivers: string[]) => {
  const payload = bulkDelivery(receivers.length);
  payload.receiver_details.forEach((receiver, index) => (receiver.phone = receivers[index]!));
  return post(server, 'users/bulk/delivery', payload, customer.token).then(booked);
};
const bookMove = () => post(server, 'users/state-service', quote(), customer.token).then(booked);

const later = (days: number, from = '09:00', to = '11:00'): Window => ({
  date: inDays(days),
  window_start: from,
  window_end: to,
});

/** Lagos date and HH:MM of a moment. */
const lagos = (at: Date) => ({
  date: todayInLagos(at),
  time: new Date(at.getTime() + 3_600_000).toISOString().slice(11, 16),
});
/** A window starting about half an hour from now: inside the hour before it, the crew shows. */
function startingSoon(): Window {
  const start = lagos(new Date(Date.now() + 30 * 60_000));
  const end = lagos(new Date(Date.now() + 90 * 60_000));
  // Late in the evening the window ends at midnight, starting at 23:00 (already begun: still shown).
  if (end.date !== start.date)
    return { date: start.date, window_start: '23:00', window_end: '23:59' };
  return { date: start.date, window_start: start.time, window_end: end.time };
}

/** An order assigned to Ada's crew, with its stops' public ids. */
async function assigned(reference: string, window = later(0), crew = crewId) {
  await assign(server, reference, crew, window);
  const stops = await storedStops(server, reference);
  return { reference, stops, ids: stops.map((stop) => stop.public_id) };
}

const send = (member: Customer, stopId: string, body: Record<string, unknown>) =>
  post(server, `crew/stops/${stopId}/events`, body, member.token);

function sendForm(
  member: Customer,
  stopId: string,
  fields: Record<string, string>,
  photos: Buffer[],
): Promise<Answer> {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const photo of photos) data.append('photos', new Blob([new Uint8Array(photo)]), 'photo.jpg');
  return post(server, `crew/stops/${stopId}/events`, data, member.token);
}

async function ok(answer: Promise<Answer>): Promise<Answer> {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  return settled;
}

/** Picks up the order's goods (its first stop). */
async function pickUp(stopId: string, member = lead) {
  await ok(send(member, stopId, { type: 'on_the_way' }));
  await ok(send(member, stopId, { type: 'picked_up' }));
}

const CODE_IN_TEXT = /due by \d\d:\d\d\. Your handover code is (\d{4})/;
/** The handover codes texted to `receiver`, newest first. */
const codesTo = (receiver: string) =>
  textsTo(server, receiver).flatMap((text) => CODE_IN_TEXT.exec(text.sms)?.[1] ?? []);

/** Starts a drop-off and answers the code texted to its receiver (its `nth` code). */
async function startHandover(stopId: string, receiver: string, nth = 1): Promise<string> {
  await ok(send(lead, stopId, { type: 'on_the_way' }));
  await waitUntil(`code ${nth} to ${receiver}`, () => codesTo(receiver).length >= nth);
  return codesTo(receiver)[0]!;
}
const wrongOf = (code: string) => (code === '0000' ? '1111' : '0000');

const ownerView = async (reference: string) =>
  (await get(server, `users/orders/${reference}`, customer.token)).body.data;
const staffView = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data;
const jobs = async (member: Customer, date?: string) => {
  const answer = await get(server, `crew/jobs${date ? `?date=${date}` : ''}`, member.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Array<Record<string, any>>;
};
const eventsOf = (reference: string) =>
  server.app.db
    .selectFrom('stop_events')
    .innerJoin('shipments', 'shipments.id', 'stop_events.shipment_id')
    .selectAll('stop_events')
    .where('shipments.reference', '=', reference)
    .orderBy('stop_events.id')
    .execute();

describe('the crew’s jobs', () => {
  it('lists today’s and tomorrow’s jobs of the member’s crew in window order, with stops and never a code', async () => {
    const member = await signUp(server);
    const crew = await makeCrew(server, [member]);
    const afternoon = await bookDelivery();
    const morning = await acceptedOrder(server, customer, staff, 500_000);
    const paid = await post(
      server,
      `staff/orders/${morning}/payments`,
      { method: 'cash', reference: 'CASH-CREW', paid_on: inDays(0), amount_kobo: 500_000 },
      staff.token,
    );
    expect(paid.status).toBe(200);
    const tomorrow = await bookDelivery();
    const tomorrowMove = await bookMove();
    const inThreeDays = await bookDelivery();
    const cancelled = await bookDelivery();
    await assigned(afternoon, later(0, '13:00', '15:00'), crew);
    await assigned(morning, later(0, '09:00', '11:00'), crew);
    await assigned(tomorrow, later(1, '08:00', '10:00'), crew);
    await assigned(tomorrowMove, later(1, '12:00', '16:00'), crew);
    await assigned(inThreeDays, later(3), crew);
    await assigned(cancelled, later(0, '07:00', '08:00'), crew);
    expect(
      (await post(server, `staff/orders/${cancelled}/status`, { status: 'Cancelled' }, staff.token))
        .status,
    ).toBe(200);

    const listed = await jobs(member);
    expect(listed.map((job) => job.reference)).toEqual([
      morning,
      afternoon,
      tomorrow,
      tomorrowMove,
    ]);
    const [first, second, , move] = listed;
    expect(first).toMatchObject({
      date: inDays(0),
      window_start: '09:00',
      window_end: '11:00',
      paid: true,
    });
    expect(second).toMatchObject({
      service_type: 'scheduled_delivery',
      description: 'Two boxes of books',
      paid: false,
    });
    expect(second!.stops).toEqual([
      expect.objectContaining({
        kind: 'pickup',
        address: '12 Admiralty Way, Lekki, Lagos',
        contact_name: 'Ada Obi',
        state: 'pending',
        code_locked: false,
      }),
      expect.objectContaining({
        kind: 'dropoff',
        contact_name: 'Chinedu Eze',
        state: 'pending',
        code_locked: false,
      }),
    ]);
    expect(move).toMatchObject({ description: 'Fragile piano' });
    expect(move!.stops.map((stop: { kind: string }) => stop.kind)).toEqual([
      'loading',
      'unloading',
    ]);
    expect((await jobs(member, inDays(3))).map((job) => job.reference)).toEqual([inThreeDays]);
    // Another crew's member sees none of them.
    expect((await jobs(outsider)).map((job) => job.reference)).not.toContain(morning);

    // Once a code exists, it is still nowhere in the list: only whether it is locked.
    const [pickup, dropoff] = second!.stops.map((stop: { id: string }) => stop.id);
    await pickUp(pickup, member);
    const receiver = (await storedStops(server, afternoon))[1]!.contact_phone;
    await ok(send(member, dropoff, { type: 'on_the_way' }));
    await waitUntil('the code’s text', () => codesTo(receiver).length === 1);
    const code = codesTo(receiver)[0]!;
    const again = await get(server, 'crew/jobs', member.token);
    for (const job of again.body.data)
      for (const stop of job.stops)
        expect(Object.keys(stop).sort()).toEqual(Object.keys(crewStop.shape).sort());
    expect(JSON.stringify(again.body)).not.toContain('code_hash');
    expect(JSON.stringify(again.body.data[1].stops)).not.toContain(code);
  });

  it('is for crew members only: a customer and a removed member are refused', async () => {
    expect((await get(server, 'crew/jobs', customer.token)).status).toBe(403);
    const removed = await signUp(server);
    await makeCrew(server, [removed]);
    expect((await get(server, 'crew/jobs', removed.token)).status).toBe(200);
    await removeFromCrew(server, removed);
    const answer = await get(server, 'crew/jobs', removed.token);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(CREW_ONLY_MESSAGE);
    expect((await get(server, 'crew/jobs?date=tomorrow', lead.token)).status).toBe(422);
  });
});

describe('events at a stop', () => {
  it('are refused to anyone but the assigned crew’s members, and for stops that are not there', async () => {
    const reference = await bookDelivery();
    const { ids } = await assigned(reference);
    const removed = await signUp(server);
    await makeCrew(server, [removed]);
    await removeFromCrew(server, removed);
    const outsiderAnswer = await send(outsider, ids[0]!, { type: 'on_the_way' });
    expect(outsiderAnswer.status).toBe(404);
    expect(outsiderAnswer.body.message).toBe(UNKNOWN_STOP);
    expect((await send(customer, ids[0]!, { type: 'on_the_way' })).status).toBe(403);
    expect((await send(removed, ids[0]!, { type: 'on_the_way' })).status).toBe(403);
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '1', "1'%20or%201=1"])
      expect((await send(lead, bad, { type: 'on_the_way' })).status, bad).toBe(404);
    // Nothing was recorded; a crewmate may act.
    expect(await eventsOf(reference)).toHaveLength(0);
    await ok(send(mate, ids[0]!, { type: 'on_the_way' }));
  });

  it('follow the stop’s order, with a clear 409 otherwise', async () => {
    const { ids } = await assigned(await bookDelivery());
    const [pickup, dropoff] = ids as [string, string];
    const early = await send(lead, pickup, { type: 'arrived' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Arrived comes after “On the way”: this stop is not started.');
    const dropFirst = await send(lead, dropoff, { type: 'on_the_way' });
    expect(dropFirst.status).toBe(409);
    expect(dropFirst.body.message).toBe(
      'Pick up the goods first: this order’s pickup is not done yet.',
    );
    await ok(send(lead, pickup, { type: 'on_the_way' }));
    expect((await send(lead, pickup, { type: 'delivered', code: '1234' })).status).toBe(409);
    expect((await send(lead, pickup, { type: 'on_the_way' })).status).toBe(409);
    const photosTooEarly = await sendForm(lead, pickup, { type: 'arrived' }, [PNG]);
    expect(photosTooEarly.status).toBe(422);
    expect(Object.keys(photosTooEarly.body.errors)).toEqual(['photos']);
    await ok(send(lead, pickup, { type: 'arrived' }));
    await ok(send(lead, pickup, { type: 'picked_up' }));
    const twice = await send(lead, pickup, { type: 'picked_up' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This stop is already done.');
    await ok(send(lead, dropoff, { type: 'on_the_way' }));
    expect((await send(lead, dropoff, { type: 'picked_up' })).status).toBe(409);
    const noReason = await send(lead, dropoff, { type: 'failed' });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    const noNote = await send(lead, dropoff, { type: 'failed', reason: 'other' });
    expect(Object.keys(noNote.body.errors)).toEqual(['note']);
    const noName = await send(lead, dropoff, { type: 'delivered' });
    expect(noName.body.errors).toEqual({ receiver_name: [RECEIVER_NAME_MESSAGE] });
  });

  it('record who, when, why and where; two taps at once record one event', async () => {
    const receiver = freshNumber();
    const reference = await bookDelivery(receiver);
    const { ids, stops } = await assigned(reference);
    const [pickup, dropoff] = ids as [string, string];
    await ok(send(lead, pickup, { type: 'on_the_way', lat: 6.4281, lng: 3.4219, accuracy_m: 12 }));
    const taps = await Promise.all([
      send(lead, pickup, { type: 'arrived' }),
      send(mate, pickup, { type: 'arrived' }),
    ]);
    expect(taps.map((tap) => tap.status).sort()).toEqual([200, 409]);
    await ok(send(lead, pickup, { type: 'picked_up' }));
    await startHandover(dropoff, receiver);
    const failed = await send(lead, dropoff, {
      type: 'failed',
      reason: 'other',
      note: 'Gate locked, no answer',
      lat: 6.5,
      lng: 3.3,
    });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ id: dropoff, state: 'failed' });

    const events = await eventsOf(reference);
    expect(events.map((event) => [event.type, event.stop_id])).toEqual([
      ['on_the_way', stops[0]!.id],
      ['arrived', stops[0]!.id],
      ['picked_up', stops[0]!.id],
      ['on_the_way', stops[1]!.id],
      ['failed', stops[1]!.id],
    ]);
    expect(events[0]).toMatchObject({
      user_id: lead.userId,
      lat: 6.4281,
      lng: 3.4219,
      accuracy_m: 12,
    });
    expect(events[1]!.at).toBeInstanceOf(Date);
    expect(events[4]).toMatchObject({ reason: 'other', note: 'Gate locked, no answer', lat: 6.5 });
    // The customer is told, by mail and by text.
    await waitUntil('the failed stop’s text to be queued', async () =>
      (await textRowsOf(server, reference)).some((row) => row.template === 'stop_failed'),
    );
    const mail = (await readOutbox(server)).find(
      (each) => each.subject === `${reference}: our crew could not complete a stop`,
    );
    expect(mail?.to).toContain(customer.email);
    expect(mail?.text).toContain('What happened: Other');
    expect(mail?.text).not.toContain('Gate locked');

    // A failed stop waits for staff; once they set it pending again, it starts with a new code.
    const refused = await send(lead, dropoff, { type: 'on_the_way' });
    expect(refused.status).toBe(409);
    await setStopState(server, stops[1]!.id, 'pending');
    const code = await startHandover(dropoff, receiver, 2);
    await ok(send(lead, dropoff, { type: 'delivered', code }));
  });
});

describe('handover codes', () => {
  it('are texted to the receiver (even one who opted out) and take the delivery; a wrong one says how many tries are left', async () => {
    const receiver = freshNumber();
    await server.app.db.insertInto('text_opt_outs').values({ recipient: receiver }).execute();
    const reference = await bookDelivery(receiver);
    const { ids, stops } = await assigned(reference);
    await pickUp(ids[0]!);
    const code = await startHandover(ids[1]!, receiver);
    const row = (await textRowsOf(server, reference)).find(
      (text) => text.template === 'handover_code',
    );
    expect(row).toMatchObject({ recipient: receiver, essential: true, channel: 'sms' });
    // Only the hash is kept, and the text's body is emptied once sent.
    const stored = (await storedStops(server, reference))[1]!;
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain(code);
    await waitUntil('the code’s text to be emptied', async () =>
      (await textRowsOf(server, reference)).every(
        (text) => text.template !== 'handover_code' || text.body === '',
      ),
    );

    const wrong = await send(lead, ids[1]!, { type: 'delivered', code: wrongOf(code) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [wrongCodeMessage(4)] });
    const right = await ok(send(lead, ids[1]!, { type: 'delivered', code, lat: 6.45, lng: 3.39 }));
    expect(right.body.data).toMatchObject({ state: 'done', code_locked: false });
    const done = (await storedStops(server, reference))[1]!;
    expect(done).toMatchObject({ without_code: false, done_by: lead.userId, code_tries: 1 });
    expect(done.done_at).toBeInstanceOf(Date);
    expect(stops[1]!.state).toBe('pending');
    const view = await ownerView(reference);
    expect(view.status).toBe('Delivered');
    expect(view.stops[1].proof).toMatchObject({ with_code: true, receiver_name: null, photos: [] });
  });

  it('lock after exactly five wrong tries, however many come at once; then the crew delivers without it', async () => {
    const receiver = freshNumber();
    const reference = await bookDelivery(receiver);
    const { ids } = await assigned(reference);
    await pickUp(ids[0]!);
    const code = await startHandover(ids[1]!, receiver);
    const tries = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(lead, ids[1]!, { type: 'delivered', code: wrongOf(code) }),
      ),
    );
    const statuses = tries.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(4);
    expect(statuses.filter((status) => status === 423)).toHaveLength(16);
    expect(tries.find((answer) => answer.status === 423)!.body.message).toBe(CODE_LOCKED_MESSAGE);
    const stored = (await storedStops(server, reference))[1]!;
    expect(stored.code_tries).toBe(5);
    expect(stored.code_locked_at).toBeInstanceOf(Date);
    expect(stored.state).toBe('on_the_way');

    expect((await send(lead, ids[1]!, { type: 'delivered', code })).status).toBe(423);
    const listed = (await jobs(lead)).find((job) => job.reference === reference)!;
    expect(listed.stops[1]).toMatchObject({ code_locked: true });
    await ok(sendForm(lead, ids[1]!, { type: 'delivered', receiver_name: 'Chinedu Eze' }, [PNG]));
    expect((await storedStops(server, reference))[1]).toMatchObject({
      without_code: true,
      state: 'done',
    });
  });
});

describe('proof without a code', () => {
  it('takes the receiver’s name and a photo, kept without metadata behind signed links', async () => {
    const reference = await bookDelivery();
    const { ids } = await assigned(reference);
    await pickUp(ids[0]!);
    await ok(send(lead, ids[1]!, { type: 'on_the_way' }));
    await ok(send(lead, ids[1]!, { type: 'arrived' }));
    const noPhoto = await send(lead, ids[1]!, { type: 'delivered', receiver_name: 'Chinedu Eze' });
    expect(noPhoto.status).toBe(422);
    expect(noPhoto.body.errors).toEqual({ photos: [PROOF_PHOTO_MESSAGE] });
    const tooMany = await sendForm(lead, ids[1]!, { type: 'delivered', receiver_name: 'C' }, [
      PNG,
      PNG,
      PNG,
      PNG,
    ]);
    expect(tooMany.status).toBe(413);
    const notAnImage = await sendForm(lead, ids[1]!, { type: 'delivered', receiver_name: 'C' }, [
      Buffer.from('hello'),
    ]);
    expect(notAnImage.status).toBe(422);
    expect(Object.keys(notAnImage.body.errors)).toEqual(['photos']);

    await ok(
      sendForm(
        lead,
        ids[1]!,
        {
          type: 'delivered',
          receiver_name: 'Chinedu Eze',
          lat: '6.4412',
          lng: '3.4105',
          accuracy_m: '8',
        },
        [GPS_PHOTO, PNG],
      ),
    );
    const delivered = (await eventsOf(reference)).at(-1)!;
    expect(delivered).toMatchObject({ type: 'delivered', lat: 6.4412, lng: 3.4105, accuracy_m: 8 });

    const view = await ownerView(reference);
    const proof = view.stops[1].proof;
    expect(proof).toMatchObject({ with_code: false, receiver_name: 'Chinedu Eze' });
    expect(Date.parse(proof.delivered_at)).not.toBeNaN();
    expect(proof.photos).toHaveLength(2);
    const photo = await fetch(`${server.origin}${proof.photos[0]}`);
    expect(photo.status).toBe(200);
    const bytes = Buffer.from(await photo.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes('Relo Test Camera')).toBe(false);
    expect([metadata.width, metadata.height]).toEqual([24, 48]);
    // Without its signature, the photo is not there.
    const unsigned = await fetch(`${server.origin}${proof.photos[0].split('?')[0]}`);
    expect(unsigned.status).toBe(404);
    // Staff see the same proof, marked as waiting for their review; the owner never is.
    expect(proof).not.toHaveProperty('to_review');
    const staffProof = (await staffView(reference)).stops[1].proof;
    expect({ ...staffProof, photos: staffProof.photos.length }).toEqual({
      ...proof,
      photos: 2,
      to_review: true,
    });
  });
});

describe('the order’s status', () => {
  it('moves to Shipped with the first pickup (noting an unpaid price) and to Delivered after the last drop-off', async () => {
    const receivers = [freshNumber(), freshNumber()];
    const reference = await acceptedOrder(server, customer, staff, 300_000);
    expect((await ownerView(reference)).status).toBe('ToInspect');
    const bulk = await bookBulk(receivers);
    const { ids } = await assigned(bulk);
    expect(ids).toHaveLength(3);
    await pickUp(ids[0]!);
    expect((await ownerView(bulk)).status).toBe('Shipped');
    const shipped = (await staffView(bulk)).history.find(
      (entry: { event: string; status: string }) =>
        entry.event === 'status' && entry.status === 'Shipped',
    );
    expect(shipped).toMatchObject({ by: 'crew' });

    const first = await startHandover(ids[1]!, receivers[0]!);
    await ok(send(lead, ids[1]!, { type: 'delivered', code: first }));
    expect((await ownerView(bulk)).status).toBe('Shipped');
    const second = await startHandover(ids[2]!, receivers[1]!);
    await ok(send(mate, ids[2]!, { type: 'delivered', code: second }));
    expect((await ownerView(bulk)).status).toBe('Delivered');
    expect(
      (await get(server, `crew/jobs`, lead.token)).body.data.find(
        (job: { reference: string }) => job.reference === bulk,
      ),
    ).toBeDefined();
    // Nothing more is recorded on a delivered order.
    expect((await send(lead, ids[2]!, { type: 'arrived' })).status).toBe(409);

    // A priced order not paid: the crew is not asked to confirm, the history says so.
    const { ids: priced } = await assigned(reference);
    await pickUp(priced[0]!);
    const note = (await staffView(reference)).history.find(
      (entry: { event: string; status: string }) =>
        entry.event === 'status' && entry.status === 'Shipped',
    ).note;
    expect(note).toBe('Picked up by the crew with ₦3,000.00 unpaid.');
  });

  it('of a move follows its loading (with condition photos) and its unloading', async () => {
    const reference = await bookMove();
    const { ids, stops } = await assigned(reference);
    const token = await issueToken(
      server.app.db,
      stops[0]!.shipment_id,
      '+2348031234567',
      'customer',
    );
    const linkStops = async () => (await get(server, `track-links/${token}`)).body.data.stops;
    await ok(send(lead, ids[0]!, { type: 'on_the_way' }));
    await ok(sendForm(lead, ids[0]!, { type: 'picked_up' }, [PNG, GPS_PHOTO]));
    const shipped = await ownerView(reference);
    expect(shipped.status).toBe('Shipped');
    // Staff see the loading's condition photos at once; the owner and the link after delivery.
    expect((await staffView(reference)).stops[0].condition_photos).toHaveLength(2);
    expect(shipped.stops[0]).not.toHaveProperty('condition_photos');
    expect((await linkStops())[0]).not.toHaveProperty('condition_photos');

    const code = await startHandover(ids[1]!, stops[1]!.contact_phone);
    await ok(sendForm(lead, ids[1]!, { type: 'delivered', code }, [PNG]));
    const delivered = await ownerView(reference);
    expect(delivered.status).toBe('Delivered');
    const [loading, unloading] = delivered.stops;
    expect(loading.condition_photos).toHaveLength(2);
    expect(loading.proof).toBeNull();
    expect(unloading.condition_photos).toHaveLength(1);
    expect(unloading.proof).toMatchObject({ with_code: true, photos: [] });
    const linked = await linkStops();
    expect(linked.map((stop: OrderStop) => stop.condition_photos?.length)).toEqual([2, 1]);
    // Private as the proof: signed links, re-encoded without the camera's metadata.
    const photo = await fetch(`${server.origin}${loading.condition_photos[1]}`);
    expect(photo.status).toBe(200);
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const unsigned = await fetch(`${server.origin}${loading.condition_photos[1].split('?')[0]}`);
    expect(unsigned.status).toBe(404);
    const photos = await server.app.db
      .selectFrom('stop_photos')
      .select(['stop_id', 'purpose'])
      .where(
        'stop_id',
        'in',
        stops.map((stop) => stop.id),
      )
      .orderBy('event_id')
      .execute();
    expect(photos).toEqual([
      { stop_id: stops[0]!.id, purpose: 'condition' },
      { stop_id: stops[0]!.id, purpose: 'condition' },
      { stop_id: stops[1]!.id, purpose: 'condition' },
    ]);
  });
});

describe('what the customer sees', () => {
  it('shows the crew from an hour before the window until delivery; anonymous tracking only the window', async () => {
    const receiver = freshNumber();
    const reference = await bookDelivery(receiver);
    const { ids, stops } = await assigned(reference, later(2));
    const shipmentId = stops[0]!.shipment_id;
    const token = await issueToken(server.app.db, shipmentId, '+2348031234567', 'customer');
    const link = async () => (await get(server, `track-links/${token}`)).body.data;
    const tracking = async () =>
      (await post(server, 'users/tracking/status', { reference_id: reference })).body.data;

    const before = await ownerView(reference);
    expect(before.crew).toBeNull();
    expect(before.stops).toEqual([
      {
        id: ids[0],
        kind: 'pickup',
        address: '12 Admiralty Way, Lekki, Lagos',
        // The booking gave no landmark note (issue 37, tests/api/landmarks.test.ts).
        landmark: null,
        state: 'pending',
        proof: null,
      },
      expect.objectContaining({ id: ids[1], kind: 'dropoff', state: 'pending', proof: null }),
    ]);
    expect((await link()).crew).toBeNull();
    expect((await tracking()).window).toEqual(later(2));

    const soon = startingSoon();
    await assign(server, reference, crewId, soon);
    const crew = {
      first_name: 'Ada',
      photo_url: null,
      vehicle: 'van',
      plate: 'KJA-555-AA',
      phone: '+2348031234567',
      ...soon,
    };
    expect((await ownerView(reference)).crew).toEqual(crew);
    expect((await staffView(reference)).crew).toEqual(crew);
    const linked = await link();
    expect(linked.crew).toEqual(crew);
    expect(linked.stops.map((stop: { state: string }) => stop.state)).toEqual([
      'pending',
      'pending',
    ]);
    const anonymous = await tracking();
    expect(anonymous.window).toEqual(soon);
    expect(Object.keys(anonymous)).not.toContain('crew');
    expect(JSON.stringify(anonymous)).not.toMatch(/Ada|8031234567|uploads|KJA/);

    await pickUp(ids[0]!);
    const code = await startHandover(ids[1]!, receiver);
    await ok(send(lead, ids[1]!, { type: 'delivered', code }));
    const after = await ownerView(reference);
    expect(after.status).toBe('Delivered');
    expect(after.crew).toBeNull();
    expect(after.stops[1].proof).toMatchObject({ with_code: true });
    const linkedAfter = await link();
    expect(linkedAfter.crew).toBeNull();
    expect(linkedAfter.stops[1]).toMatchObject({ state: 'done', proof: { with_code: true } });
    expect(JSON.stringify(await tracking())).not.toMatch(/Ada|8031234567|uploads|KJA/);
  });

  it('shows a bulk receiver’s link their own drop-off’s state and proof only', async () => {
    const receivers = [freshNumber(), freshNumber()];
    const reference = await bookBulk(receivers);
    const { ids, stops } = await assigned(reference);
    const token = await issueToken(server.app.db, stops[0]!.shipment_id, receivers[1]!, 'receiver');
    await pickUp(ids[0]!);
    const code = await startHandover(ids[2]!, receivers[1]!);
    await ok(send(lead, ids[2]!, { type: 'delivered', code }));
    const view = (await get(server, `track-links/${token}`)).body.data;
    expect(view.stops).toEqual([
      {
        kind: 'dropoff',
        place: 'Area not given',
        name: 'Receiver',
        state: 'done',
        proof: expect.objectContaining({ with_code: true }),
      },
    ]);
    expect(view.status).toBe('Shipped');
  });
});
