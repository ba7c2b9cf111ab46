/**
 * A crew member's actions sent later (docs/crews.md, "Actions sent later"), over real HTTP: the
 * phone's `taken_at` is the event's time (the history, the proof, the status it moves), within
 * bounds (422 at `taken_at`), read on the server's clock by the phone's `sent_at`, so the phone's
 * clock does not matter; when it arrived is kept for staff; the Idempotency-Key makes an
 * action sent again answered, not recorded twice; the events of a stop keep their order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENT_AT_MESSAGE, TAKEN_AT_MESSAGE } from '../../src/api/contract';
import {
  SENT_BEFORE_TAKEN,
  TAKEN_BEFORE_ASSIGNMENT,
  TAKEN_IN_FUTURE,
  TAKEN_TOO_LONG_AGO,
  takenBeforeLast,
} from '../../server/crews/stop-events';
import { KEY_REUSED } from '../../server/orders/idempotency';
import { assign, makeCrew, storedStops } from '../support/crew-jobs';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import {
  call,
  get,
  inDays,
  PNG,
  post,
  scheduledDelivery,
  signUp,
  type Answer,
  type Customer,
} from '../support/api';

let server: TestServer;
let staff: Customer;
let customer: Customer;
let lead: Customer;
let crewId: number;
let otherCrewId: number;

beforeAll(async () => {
  server = await startTestServer({ trackingCacheMs: 0 });
  [staff, customer, lead] = await Promise.all([
    signUpStaff(server),
    signUp(server),
    signUp(server),
  ]);
  const other = await signUp(server);
  crewId = await makeCrew(server, [lead!]);
  otherCrewId = await makeCrew(server, [other]);
});
afterAll(async () => {
  await server?.close();
});

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

/** A delivery booked (two hours ago, unless `bookedNow`) and given to the crew today: its pickup's and drop-off's public ids. */
async function assignedDelivery({ bookedNow = false } = {}) {
  const booked = await post(server, 'users/schedule/delivery', scheduledDelivery(), customer.token);
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  const reference = booked.body.data.reference_number as string;
  await assign(server, reference, crewId, {
    date: inDays(0),
    window_start: '00:00',
    window_end: '03:00',
  });
  const stops = await storedStops(server, reference);
  if (!bookedNow)
    await server.app.db
      .updateTable('shipment_status_changes')
      .set({ changed_at: ago(120) })
      .where('shipment_id', '=', stops[0]!.shipment_id)
      .execute();
  return { reference, pickup: stops[0]!.public_id, dropoff: stops[1]!.public_id };
}

const send = (stopId: string, body: Record<string, unknown> | FormData, key?: string) =>
  call(
    server,
    'POST',
    `crew/stops/${stopId}/events`,
    body,
    lead.token,
    key ? { 'idempotency-key': key } : {},
  );

function ok(answer: Answer): Answer {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

const eventsOf = (reference: string) =>
  server.app.db
    .selectFrom('stop_events')
    .innerJoin('shipments', 'shipments.id', 'stop_events.shipment_id')
    .select(['stop_events.type', 'stop_events.at', 'stop_events.received_at'])
    .where('shipments.reference', '=', reference)
    .orderBy('stop_events.id')
    .execute();

const staffView = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data;

describe('taken_at', () => {
  it('is the event’s time in the history, the proof and the status it moves; staff see when it came', async () => {
    const { reference, pickup, dropoff } = await assignedDelivery();
    const times = [ago(30), ago(20), ago(15), ago(10)];
    ok(await send(pickup, { type: 'on_the_way', taken_at: times[0]!.toISOString() }));
    ok(await send(pickup, { type: 'picked_up', taken_at: times[1]!.toISOString() }));
    // A phone's own offset is read as the same moment.
    const lagosTime = new Date(times[2]!.getTime() + 3_600_000).toISOString().slice(0, 23);
    ok(await send(dropoff, { type: 'on_the_way', taken_at: `${lagosTime}+01:00` }));
    // Delivered without the code, as a form with its photo: the proof's time is when it was taken.
    const form = new FormData();
    form.append('type', 'delivered');
    form.append('receiver_name', 'Chidi Okafor');
    form.append('taken_at', times[3]!.toISOString());
    form.append('photos', new Blob([new Uint8Array(PNG)]), 'photo.png');
    ok(await send(dropoff, form));

    const events = await eventsOf(reference);
    expect(events.map((event) => [event.type, event.at.toISOString()])).toEqual([
      ['on_the_way', times[0]!.toISOString()],
      ['picked_up', times[1]!.toISOString()],
      ['on_the_way', times[2]!.toISOString()],
      ['delivered', times[3]!.toISOString()],
    ]);
    for (const event of events)
      expect(Date.now() - event.received_at.getTime()).toBeLessThan(MINUTE);

    const order = await staffView(reference);
    const line = (event: string) => order.history.find((entry: any) => entry.event === event);
    expect(line('on_the_way').at).toBe(times[0]!.toISOString());
    expect(line('on_the_way').note).toMatch(/\. Received at \d\d:\d\d \(taken without network\)$/);
    expect(line('picked_up').at).toBe(times[1]!.toISOString());
    // The statuses the crew moved, at the times the actions were taken, in their order.
    const statuses = order.history.filter((entry: any) => entry.event === 'status');
    expect(statuses.map((entry: any) => [entry.status, entry.by])).toEqual([
      ['ToInspect', 'customer'],
      ['Shipped', 'crew'],
      ['Delivered', 'crew'],
    ]);
    expect(statuses[1].at).toBe(times[1]!.toISOString());
    expect(statuses[2].at).toBe(times[3]!.toISOString());
    const times_ = order.history.map((entry: any) => entry.at);
    expect(times_).toEqual([...times_].sort());
    expect(order.stops[1].proof.delivered_at).toBe(times[3]!.toISOString());
    // The owner reads the same times, without when they came.
    const owned = (await get(server, `users/orders/${reference}`, customer.token)).body.data;
    const owners = owned.history.find((entry: any) => entry.event === 'on_the_way');
    expect(owners.at).toBe(times[0]!.toISOString());
    expect(owners.note).not.toContain('Received');
  });

  it('without it, the event’s time is when it arrived, and staff read no note of it', async () => {
    const { reference, pickup } = await assignedDelivery();
    ok(await send(pickup, { type: 'on_the_way' }));
    const [event] = await eventsOf(reference);
    expect(event!.at.getTime()).toBe(event!.received_at.getTime());
    const order = await staffView(reference);
    expect(order.history.at(-1).note).not.toContain('Received');
  });

  it('is refused at the field when later than now, a day old, before the job was the crew’s, or before the stop’s last event', async () => {
    const { reference, pickup } = await assignedDelivery();
    const refusal = async (taken_at: string) => {
      const answer = await send(pickup, { type: 'on_the_way', taken_at });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return answer.body.errors.taken_at;
    };
    expect(await refusal('yesterday at two')).toEqual([TAKEN_AT_MESSAGE]);
    expect(await refusal(new Date(Date.now() + 5 * MINUTE).toISOString())).toEqual([
      TAKEN_IN_FUTURE,
    ]);
    expect(await refusal(ago(25 * 60).toISOString())).toEqual([TAKEN_TOO_LONG_AGO]);
    // The job was another crew's, then given to this one 40 minutes ago.
    const shipment = await server.app.db
      .selectFrom('shipments')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const change = { shipment_id: shipment.id, date: inDays(0), window_start: '00:00' };
    await server.app.db
      .insertInto('assignment_changes')
      .values([
        { ...change, crew_id: crewId, window_end: '02:00', actor: 'staff', changed_at: ago(120) },
        {
          ...change,
          crew_id: otherCrewId,
          window_end: '02:00',
          actor: 'staff',
          changed_at: ago(90),
        },
        { ...change, crew_id: crewId, window_end: '03:00', actor: 'staff', changed_at: ago(40) },
        { ...change, crew_id: crewId, window_end: '03:30', actor: 'staff', changed_at: ago(30) },
      ])
      .execute();
    expect(await refusal(ago(45).toISOString())).toEqual([TAKEN_BEFORE_ASSIGNMENT]);
    expect(await eventsOf(reference)).toEqual([]);
    // Since then (a later change of window keeps it the crew's), and a phone a minute ahead, pass.
    const onTheWay = ago(35);
    ok(await send(pickup, { type: 'on_the_way', taken_at: onTheWay.toISOString() }));
    expect(await eventsOf(reference).then((events) => events.length)).toBe(1);
    const before = await send(pickup, { type: 'arrived', taken_at: ago(36).toISOString() });
    expect(before.status).toBe(422);
    expect(before.body.errors.taken_at).toEqual([takenBeforeLast('on_the_way', onTheWay)]);
    expect(before.body.errors.taken_at[0]).toMatch(/\(On the way at \d\d:\d\d\)\.$/);
    ok(
      await send(pickup, {
        type: 'arrived',
        taken_at: new Date(Date.now() + MINUTE).toISOString(),
      }),
    );
    expect((await eventsOf(reference)).map((event) => event.type)).toEqual([
      'on_the_way',
      'arrived',
    ]);
  });

  it('moves the order’s status never before its last status', async () => {
    const { reference, pickup } = await assignedDelivery({ bookedNow: true });
    const booked = (await staffView(reference)).history[0].at;
    ok(await send(pickup, { type: 'on_the_way', taken_at: ago(10).toISOString() }));
    ok(await send(pickup, { type: 'picked_up', taken_at: ago(9).toISOString() }));
    const statuses = (await staffView(reference)).history.filter(
      (entry: any) => entry.event === 'status',
    );
    expect(statuses.map((entry: any) => [entry.status, entry.at])).toEqual([
      ['ToInspect', booked],
      ['Shipped', booked],
    ]);
  });
});

const HOUR = 60 * MINUTE;

/** On a phone whose clock is `skewMs` off the server's: taken `minutesBefore` sending, sent now. */
function phoneTimes(skewMs: number, minutesBefore: number) {
  const sent = Date.now() + skewMs;
  return {
    taken_at: new Date(sent - minutesBefore * MINUTE).toISOString(),
    sent_at: new Date(sent).toISOString(),
  };
}

describe('sent_at: the phone’s clock does not matter', () => {
  it.each([
    ['an hour fast', HOUR],
    ['an hour slow', -HOUR],
    ['right', 0],
  ])(
    'a phone %s: an action taken 10 minutes before sending is recorded 10 minutes before it arrived',
    async (_, skew) => {
      const { reference, pickup } = await assignedDelivery();
      const before = Date.now();
      ok(await send(pickup, { type: 'on_the_way', ...phoneTimes(skew, 10) }));
      const after = Date.now();
      ok(await send(pickup, { type: 'arrived', ...phoneTimes(skew, 0) }));
      const [onTheWay, arrived] = await eventsOf(reference);
      expect(onTheWay!.received_at.getTime() - onTheWay!.at.getTime()).toBe(10 * MINUTE);
      expect(onTheWay!.at.getTime()).toBeGreaterThanOrEqual(before - 10 * MINUTE);
      expect(onTheWay!.at.getTime()).toBeLessThanOrEqual(after - 10 * MINUTE);
      // Taken as it was sent: recorded as it arrived.
      expect(arrived!.at.getTime()).toBe(arrived!.received_at.getTime());
      const staffLine = (await staffView(reference)).history.find(
        (entry: any) => entry.event === 'on_the_way',
      );
      expect(staffLine.at).toBe(onTheWay!.at.toISOString());
      expect(staffLine.note).toContain('(taken without network)');
    },
  );

  it('the bounds apply to the time read on the server’s clock', async () => {
    const { reference, pickup } = await assignedDelivery();
    // An hour fast, taken 25 hours before sending: a day old on any clock.
    const old = await send(pickup, { type: 'on_the_way', ...phoneTimes(HOUR, 25 * 60) });
    expect(old.status).toBe(422);
    expect(old.body.errors.taken_at).toEqual([TAKEN_TOO_LONG_AGO]);
    expect(await eventsOf(reference)).toEqual([]);
  });

  it('is refused at its field when not a time, or before the time taken', async () => {
    const { reference, pickup } = await assignedDelivery();
    const badFormat = await send(pickup, {
      type: 'on_the_way',
      taken_at: ago(1).toISOString(),
      sent_at: 'now',
    });
    expect(badFormat.status).toBe(422);
    expect(badFormat.body.errors.sent_at).toEqual([SENT_AT_MESSAGE]);
    // The shape of a time, but no day or hour that exists.
    const noSuchTime = await send(pickup, { type: 'on_the_way', taken_at: '2026-13-45T99:99Z' });
    expect(noSuchTime.status).toBe(422);
    expect(noSuchTime.body.errors.taken_at).toEqual([TAKEN_AT_MESSAGE]);
    const noSuchSend = await send(pickup, {
      type: 'on_the_way',
      taken_at: ago(1).toISOString(),
      sent_at: '2026-02-30T25:00:00+01:00',
    });
    expect(noSuchSend.status).toBe(422);
    expect(noSuchSend.body.errors.sent_at).toEqual([SENT_AT_MESSAGE]);
    const backwards = await send(pickup, {
      type: 'on_the_way',
      taken_at: ago(1).toISOString(),
      sent_at: ago(2).toISOString(),
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.sent_at).toEqual([SENT_BEFORE_TAKEN]);
    expect(await eventsOf(reference)).toEqual([]);
  });

  it('changes on every try of the same request: answered as the first, recorded once', async () => {
    const { reference, pickup } = await assignedDelivery();
    const taken_at = new Date(Date.now() + HOUR - 10 * MINUTE).toISOString();
    const first = ok(
      await send(
        pickup,
        { type: 'on_the_way', taken_at, sent_at: phoneTimes(HOUR, 0).sent_at },
        'try-key',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = ok(
      await send(
        pickup,
        { type: 'on_the_way', taken_at, sent_at: phoneTimes(HOUR, 0).sent_at },
        'try-key',
      ),
    );
    expect(again.body).toEqual(first.body);
    expect(await eventsOf(reference)).toHaveLength(1);
  });

  it('goes in the form with photos too', async () => {
    const { reference, pickup, dropoff } = await assignedDelivery();
    ok(await send(pickup, { type: 'on_the_way', ...phoneTimes(-HOUR, 10) }));
    ok(await send(pickup, { type: 'picked_up', ...phoneTimes(-HOUR, 8) }));
    ok(await send(dropoff, { type: 'on_the_way', ...phoneTimes(-HOUR, 6) }));
    const form = new FormData();
    form.append('type', 'delivered');
    form.append('receiver_name', 'Chidi Okafor');
    const times = phoneTimes(-HOUR, 3);
    form.append('taken_at', times.taken_at);
    form.append('sent_at', times.sent_at);
    form.append('photos', new Blob([new Uint8Array(PNG)]), 'photo.png');
    ok(await send(dropoff, form));
    const delivered = (await eventsOf(reference)).at(-1)!;
    expect(delivered.type).toBe('delivered');
    expect(delivered.received_at.getTime() - delivered.at.getTime()).toBe(3 * MINUTE);
  });
});

describe('an action sent again with its Idempotency-Key', () => {
  it('is answered as the first time and recorded once; the same key for another request is refused', async () => {
    const { reference, pickup } = await assignedDelivery();
    const onTheWay = { type: 'on_the_way', taken_at: ago(10).toISOString(), lat: 6.45, lng: 3.4 };
    const first = ok(await send(pickup, onTheWay, 'phone-key-1'));
    const again = ok(await send(pickup, onTheWay, 'phone-key-1'));
    expect(again.body).toEqual(first.body);
    expect(first.body.data.state).toBe('on_the_way');
    expect(await eventsOf(reference)).toHaveLength(1);
    // Another request under the same key.
    const reused = await send(pickup, { ...onTheWay, type: 'arrived' }, 'phone-key-1');
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe(KEY_REUSED);
    // The next action in order, then the first one once more (its answer was lost): still once.
    ok(await send(pickup, { type: 'arrived', taken_at: ago(5).toISOString() }, 'phone-key-2'));
    const late = ok(await send(pickup, onTheWay, 'phone-key-1'));
    expect(late.body.data.state).toBe('arrived');
    expect((await eventsOf(reference)).map((event) => event.type)).toEqual([
      'on_the_way',
      'arrived',
    ]);
    // Without the key, the same request is a new one, refused as out of order.
    expect((await send(pickup, onTheWay)).status).toBe(409);
  });

  it('keeps a stop’s order: an action whose predecessor has not arrived is refused, then goes once it has', async () => {
    const { reference, pickup } = await assignedDelivery();
    const onTheWay = { type: 'on_the_way', taken_at: ago(8).toISOString() };
    const arrived = { type: 'arrived', taken_at: ago(6).toISOString() };
    const early = await send(pickup, arrived, 'order-2');
    expect(early.status).toBe(409);
    ok(await send(pickup, onTheWay, 'order-1'));
    ok(await send(pickup, arrived, 'order-2'));
    const events = await eventsOf(reference);
    expect(events.map((event) => [event.type, event.at.toISOString()])).toEqual([
      ['on_the_way', onTheWay.taken_at],
      ['arrived', arrived.taken_at],
    ]);
  });
});
