/**
 * Landmark notes (issue 37): optional beside every address a customer books (a delivery's pickup
 * and receivers, a move's two homes), kept with the order, copied onto its stops when staff
 * first assign it, and shown to the crew, the owner and staff. Too long is a 422 at its field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDMARK_MAX, LANDMARK_MESSAGE } from '../../src/api/contract';
import {
  bulkDelivery,
  form,
  get,
  inDays,
  instantDelivery,
  post,
  quote,
  receiverDetail,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';
import { assign, makeCrew } from '../support/crews';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';

let server: TestServer;
let customer: Customer;
let staff: Customer;
let crewMember: Customer;
let crewId: string;

beforeAll(async () => {
  server = await startTestServer();
  [customer, staff, crewMember] = await Promise.all([
    signUp(server),
    signUpStaff(server),
    signUp(server),
  ]);
  crewId = (await makeCrew(server, staff.token, { members: [crewMember.email] })).id;
}, 120_000);
afterAll(() => server?.close());

const PICKUP = 'Opposite Total filling station, blue gate';
const DROPOFF = 'Behind Shoprite, the yellow building';
const tooLong = 'x'.repeat(LANDMARK_MAX + 1);

async function book(route: string, payload: Parameters<typeof post>[2]): Promise<string> {
  const answer = await post(server, route, payload, customer.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.reference_number;
}

const ownerOrder = async (reference: string) =>
  (await get(server, `users/orders/${reference}`, customer.token)).body.data;
const staffOrder = async (reference: string) =>
  (await get(server, `staff/orders/${reference}`, staff.token)).body.data;

/** Staff give the order to the crew for tomorrow morning: its stops are written then. */
async function assignTomorrow(reference: string) {
  const answer = await assign(server, staff.token, reference, crewId, {
    date: inDays(1),
    window_start: '09:00',
    window_end: '11:00',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The stops of the order as the crew's phone gets them. */
async function crewStops(reference: string) {
  const answer = await get(server, `crew/jobs?date=${inDays(1)}`, crewMember.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const job = answer.body.data.find(
    (entry: { reference: string }) => entry.reference === reference,
  );
  return job.stops as Array<{ kind: string; address: string; landmark: string | null }>;
}

describe('a landmark note with each address', () => {
  it('is kept with a scheduled delivery, trimmed, shown with the order, and carried by its stops to the crew', async () => {
    const payload = {
      ...scheduledDelivery(),
      pickup_landmark: `  ${PICKUP}  `,
      delivery_landmark: DROPOFF,
    };
    const reference = await book('users/schedule/delivery', payload);
    const stored = await server.app.db
      .selectFrom('shipments')
      .innerJoin('deliveries', 'deliveries.shipment_id', 'shipments.id')
      .innerJoin('delivery_receivers', 'delivery_receivers.shipment_id', 'shipments.id')
      .select(['pickup_landmark', 'landmark'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ pickup_landmark: PICKUP, landmark: DROPOFF });

    for (const order of [await ownerOrder(reference), await staffOrder(reference)]) {
      expect(order.details).toMatchObject({
        pickup_address: payload.pickup_address,
        pickup_landmark: PICKUP,
        receivers: [{ address: payload.delivery_address, landmark: DROPOFF }],
      });
      expect(order.stops).toEqual([]);
    }

    await assignTomorrow(reference);
    const expected = [
      { kind: 'pickup', address: payload.pickup_address, landmark: PICKUP },
      { kind: 'dropoff', address: payload.delivery_address, landmark: DROPOFF },
    ];
    expect(await crewStops(reference)).toMatchObject(expected);
    expect((await ownerOrder(reference)).stops).toMatchObject(expected);
    expect((await staffOrder(reference)).stops).toMatchObject(expected);
  });

  it('is kept with an instant delivery; one left out or empty is none (null)', async () => {
    const given = await book('users/StoreDilivery', {
      ...instantDelivery(),
      delivery_landmark: DROPOFF,
      pickup_landmark: '   ',
    });
    expect((await ownerOrder(given)).details).toMatchObject({
      pickup_landmark: null,
      receivers: [{ landmark: DROPOFF }],
    });
    const none = await book('users/StoreDilivery', instantDelivery());
    expect((await ownerOrder(none)).details).toMatchObject({
      pickup_landmark: null,
      receivers: [{ landmark: null }],
    });
    await assignTomorrow(none);
    expect((await crewStops(none)).map((stop) => stop.landmark)).toEqual([null, null]);
  });

  it("is kept with a bulk delivery's pickup and each receiver, in order", async () => {
    const payload = {
      ...bulkDelivery(0),
      pickup_landmark: PICKUP,
      receiver_details: [
        { ...receiverDetail(0), landmark: DROPOFF },
        receiverDetail(1),
        { ...receiverDetail(2), landmark: 'Near the mosque' },
      ],
    };
    const reference = await book('users/bulk/delivery', payload);
    expect((await ownerOrder(reference)).details.receivers).toMatchObject([
      { landmark: DROPOFF },
      { landmark: null },
      { landmark: 'Near the mosque' },
    ]);
    await assignTomorrow(reference);
    expect((await crewStops(reference)).map((stop) => [stop.kind, stop.landmark])).toEqual([
      ['pickup', PICKUP],
      ['dropoff', DROPOFF],
      ['dropoff', null],
      ['dropoff', 'Near the mosque'],
    ]);
  });

  it("is kept with a move's two homes, as JSON or as a form, and goes to its loading and unloading", async () => {
    const json = await book('users/state-service', {
      ...quote(),
      moving_from_landmark: PICKUP,
      moving_to_landmark: DROPOFF,
    });
    const multipart = await book(
      'users/Local-service',
      form({ ...quote(), moving_from_landmark: '', moving_to_landmark: DROPOFF }),
    );
    expect((await staffOrder(json)).details).toMatchObject({
      moving_from_landmark: PICKUP,
      moving_to_landmark: DROPOFF,
    });
    expect((await ownerOrder(multipart)).details).toMatchObject({
      moving_from_landmark: null,
      moving_to_landmark: DROPOFF,
    });
    await assignTomorrow(json);
    expect((await crewStops(json)).map((stop) => [stop.kind, stop.landmark])).toEqual([
      ['loading', PICKUP],
      ['unloading', DROPOFF],
    ]);
  });

  it.each([
    ['users/StoreDilivery', { ...instantDelivery(), pickup_landmark: tooLong }, 'pickup_landmark'],
    [
      'users/schedule/delivery',
      { ...scheduledDelivery(), delivery_landmark: tooLong },
      'delivery_landmark',
    ],
    [
      'users/bulk/delivery',
      {
        ...bulkDelivery(0),
        receiver_details: [receiverDetail(0), { ...receiverDetail(1), landmark: tooLong }],
      },
      'receiver_details.1.landmark',
    ],
    ['users/state-service', { ...quote(), moving_to_landmark: tooLong }, 'moving_to_landmark'],
    [
      'users/Office-service',
      form({ ...quote(), moving_from_landmark: tooLong }),
      'moving_from_landmark',
    ],
  ])(
    'longer than it may be is refused at its field by %s, and nothing is stored',
    async (route, payload, field) => {
      const before = await server.app.db
        .selectFrom('shipments')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', customer.userId)
        .executeTakeFirstOrThrow();
      const answer = await post(server, route, payload, customer.token);
      expect(answer.status).toBe(422);
      // Under `errors`, and also under `data` for the deliveries (docs/product.md).
      expect(answer.body.errors).toEqual({ [field]: [LANDMARK_MESSAGE] });
      if (!route.includes('service')) expect(answer.body.data).toEqual(answer.body.errors);
      const after = await server.app.db
        .selectFrom('shipments')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', customer.userId)
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
    },
  );

  it('takes exactly its longest, spaces around it not counted', async () => {
    const longest = 'y'.repeat(LANDMARK_MAX);
    const reference = await book('users/schedule/delivery', {
      ...scheduledDelivery(),
      pickup_landmark: ` ${longest} `,
    });
    expect((await ownerOrder(reference)).details.pickup_landmark).toBe(longest);
  });

  it("goes with the account's other personal details when the customer deletes it", async () => {
    const leaving = await signUp(server);
    const answer = await post(
      server,
      'users/schedule/delivery',
      { ...scheduledDelivery(), pickup_landmark: PICKUP, delivery_landmark: DROPOFF },
      leaving.token,
    );
    const reference = answer.body.data.reference_number;
    await assignTomorrow(reference);
    const deleted = await post(
      server,
      'users/DeleteUser',
      { password: leaving.password, Reason: 'Moving abroad' },
      leaving.token,
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const landmarks = await server.app.db
      .selectFrom('shipments')
      .innerJoin('deliveries', 'deliveries.shipment_id', 'shipments.id')
      .innerJoin('delivery_receivers', 'delivery_receivers.shipment_id', 'shipments.id')
      .innerJoin('stops', 'stops.shipment_id', 'shipments.id')
      .select(['pickup_landmark', 'delivery_receivers.landmark as receiver', 'stops.landmark'])
      .where('reference', '=', reference)
      .execute();
    expect(landmarks).toHaveLength(2);
    for (const row of landmarks)
      expect(row).toEqual({ pickup_landmark: null, receiver: null, landmark: null });
  });
});
