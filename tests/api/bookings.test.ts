/** Quotes and deliveries: stored, referenced, mailed; tracked publicly; listed for their customer; moved by staff. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, referenceFrom } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import {
  bulkDelivery,
  call,
  form,
  get,
  inDays,
  instantDelivery,
  ops,
  pngBlob,
  post,
  quote,
  receiverDetail,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';

let server: TestServer;
let customer: Customer;
let opsToken: string;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
  opsToken = fs.readFileSync(path.join(server.dataDir, 'ops-token'), 'utf8').trim();
});
afterAll(async () => {
  await server?.close();
});

const track = (reference: string) =>
  post(server, 'users/tracking/status', form({ reference_id: reference }));

describe('quotes', () => {
  it('stores a JSON state-service quote with all its fields and mails the reference', async () => {
    const answer = await post(server, 'users/state-service', quote(), customer.token);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('State service created successfully');
    const reference = answer.body.data.reference_number;
    expect(reference).toMatch(/^RL-[2-9A-HJ-NP-Z]{10}$/);
    expect(referenceFrom((await lastMailTo(server, customer.email))!.text)).toBe(reference);

    const stored = await server.app.db
      .selectFrom('quotes')
      .innerJoin('shipments', 'shipments.id', 'quotes.shipment_id')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      service_type: 'state_service',
      user_id: customer.userId,
      moving_from_apartment_type: 'Duplex',
      from_floor: '1st',
      to_floor: 'Ground',
      services: 'packing_and_loading,just_moving',
      moving_date: quote().moving_date,
      description: 'Fragile piano',
      image: null,
    });
  });

  it.each([
    ['users/state-service', 'State service created successfully', 'state_service'],
    ['users/Local-service', 'Local service created successfully', 'local_service'],
    ['users/Office-service', 'Office service created successfully', 'office_service'],
  ])('takes %s as multipart with an image file', async (route, message, serviceType) => {
    const answer = await post(server, route, form(quote(), { file: pngBlob() }), customer.token);
    expect(answer).toMatchObject({ status: 200, body: { message } });
    const stored = await server.app.db
      .selectFrom('quotes')
      .innerJoin('shipments', 'shipments.id', 'quotes.shipment_id')
      .select(['image', 'service_type'])
      .where('reference', '=', answer.body.data.reference_number)
      .executeTakeFirstOrThrow();
    expect(stored.service_type).toBe(serviceType);
    expect(stored.image).toMatch(/^[0-9a-f]{32}\.png$/);
  });

  it('refuses a file that is not an image, whatever it is called, and stores nothing', async () => {
    const before = await server.app.db
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const fake = new Blob(['<script>alert(1)</script>'], { type: 'image/png' });
    const answer = await post(
      server,
      'users/Local-service',
      form(quote(), { file: fake }),
      customer.token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors.file[0]).toMatch(/image/);
    const after = await server.app.db
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('answers 413 to a file over 1 MB', async () => {
    const big = new Blob(
      [Buffer.concat([Buffer.from(await pngBlob().arrayBuffer()), Buffer.alloc(1_048_577)])],
      { type: 'image/png' },
    );
    const answer = await post(
      server,
      'users/Office-service',
      form(quote(), { file: big }),
      customer.token,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/1 MB/);
  });

  it('needs a session', async () => {
    expect((await post(server, 'users/state-service', quote())).status).toBe(401);
  });
});

describe('a booking whose session has ended', () => {
  it('is refused with 401 and stores nothing, whatever else is wrong with it', async () => {
    const leaving = await signUp(server);
    expect((await get(server, 'users/logout', leaving.token)).status).toBe(200);
    const refusals = [
      await post(server, 'users/schedule/delivery', scheduledDelivery(), leaving.token),
      await post(server, 'users/bulk/delivery', bulkDelivery(2), leaving.token),
      await post(server, 'users/Local-service', form(quote(), { file: pngBlob() }), leaving.token),
      // The session is checked before the fields and the key, as on every other signed-in call.
      await post(
        server,
        'users/schedule/delivery',
        { ...scheduledDelivery(), pickup_date: 'soon' },
        leaving.token,
      ),
      await call(server, 'POST', 'users/StoreDilivery', instantDelivery(), leaving.token, {
        'idempotency-key': 'bad key with spaces',
      }),
      await post(
        server,
        'users/schedule/delivery',
        scheduledDelivery(),
        'a-token-nobody-was-given',
      ),
    ];
    for (const refused of refusals)
      expect(refused).toMatchObject({
        status: 401,
        body: { message: 'Please log in again: your session has ended.' },
      });
    expect(
      await server.app.db
        .selectFrom('shipments')
        .select('id')
        .where('user_id', '=', leaving.userId)
        .execute(),
    ).toEqual([]);
    // The booking mail is queued by the statement that stores the shipment, so none was queued either.
    expect(
      await server.app.db
        .selectFrom('files')
        .select('name')
        .where('owner_id', '=', leaving.userId)
        .execute(),
    ).toEqual([]);
  });
});

describe('deliveries', () => {
  it.each([
    ['users/StoreDilivery', instantDelivery, 'Delivery created successfully', 'instant_delivery'],
    [
      'users/schedule/delivery',
      scheduledDelivery,
      'Delivery created successfully',
      'scheduled_delivery',
    ],
    [
      'users/bulk/delivery',
      () => bulkDelivery(3),
      'Bulk Delivery created successfully',
      'bulk_delivery',
    ],
  ])(
    'books %s, stores it and mails the reference',
    async (route, payload, message, serviceType) => {
      const answer = await post(server, route, payload(), customer.token);
      expect(answer).toMatchObject({ status: 200, body: { message } });
      const reference = answer.body.data.reference_number;
      const mail = (await lastMailTo(server, customer.email))!;
      expect(referenceFrom(mail.text)).toBe(reference);
      const shipment = await server.app.db
        .selectFrom('shipments')
        .selectAll()
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      expect(shipment.service_type).toBe(serviceType);
      const receivers = await server.app.db
        .selectFrom('delivery_receivers')
        .selectAll()
        .where('shipment_id', '=', shipment.id)
        .orderBy('position')
        .execute();
      expect(receivers).toHaveLength(serviceType === 'bulk_delivery' ? 3 : 1);
    },
  );

  it('stores every field of a scheduled delivery', async () => {
    const payload = scheduledDelivery();
    const answer = await post(server, 'users/schedule/delivery', payload, customer.token);
    const stored = await server.app.db
      .selectFrom('shipments')
      .innerJoin('deliveries', 'deliveries.shipment_id', 'shipments.id')
      .innerJoin('delivery_receivers', 'delivery_receivers.shipment_id', 'shipments.id')
      .selectAll()
      .where('reference', '=', answer.body.data.reference_number)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      pickup_address: payload.pickup_address,
      sender_fullname: payload.sender_fullname,
      // Numbers are kept in E.164, whatever form they were typed in (docs/messages.md).
      sender_phone: '+2348031234567',
      pickup_date: payload.pickup_date,
      description: payload.description,
      address: payload.delivery_address,
      name: payload.receiver_fullname,
      phone: payload.receiver_phone,
      delivery_date: payload.delivery_date,
    });
  });

  it.each([
    ['no receivers', 0],
    ['51 receivers', 51],
  ])('refuses a bulk delivery with %s, with the messages under data too', async (_label, count) => {
    const answer = await post(server, 'users/bulk/delivery', bulkDelivery(count), customer.token);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.receiver_details[0]).toMatch(/receiver/);
    expect(answer.body.data).toEqual(answer.body.errors);
  });

  it('names the receiver whose field is wrong', async () => {
    const payload = {
      ...bulkDelivery(1),
      receiver_details: [receiverDetail(0), { ...receiverDetail(1), phone: '123' }],
    };
    const answer = await post(server, 'users/bulk/delivery', payload, customer.token);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.data)).toEqual(['receiver_details.1.phone']);
  });

  it('refuses a delivery before its pickup', async () => {
    const answer = await post(
      server,
      'users/schedule/delivery',
      { ...scheduledDelivery(), pickup_date: inDays(2), delivery_date: inDays(1) },
      customer.token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.data).toEqual({ delivery_date: ['Delivery cannot be before pickup.'] });
  });

  it('keeps an optional declared value in kobo on a delivery or a move, and refuses one that is not an amount', async () => {
    const declared = await post(
      server,
      'users/schedule/delivery',
      { ...scheduledDelivery(), declared_value: '250,000.50' },
      customer.token,
    );
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    const reference = declared.body.data.reference_number;
    expect(
      (await get(server, `users/orders/${reference}`, customer.token)).body.data
        .declared_value_kobo,
    ).toBe(25_000_050);
    const none = await post(
      server,
      'users/StoreDilivery',
      { ...instantDelivery(), declared_value: '' },
      customer.token,
    );
    expect(
      (await get(server, `users/orders/${none.body.data.reference_number}`, customer.token)).body
        .data.declared_value_kobo,
    ).toBeNull();
    const move = await post(
      server,
      'users/state-service',
      { ...quote(), declared_value: '1,200,000' },
      customer.token,
    );
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    expect(
      (await get(server, `users/orders/${move.body.data.reference_number}`, customer.token)).body
        .data.declared_value_kobo,
    ).toBe(120_000_000);
    const refused = await post(
      server,
      'users/schedule/delivery',
      { ...scheduledDelivery(), declared_value: 'a lot' },
      customer.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({
      declared_value: [
        'Enter what the goods are worth in naira, like 250000 or 250,000.50, or leave it empty.',
      ],
    });
  });
});

describe('tracking', () => {
  it('is public, says nothing personal, and matches any case and spacing', async () => {
    const booked = await post(
      server,
      'users/schedule/delivery',
      scheduledDelivery(),
      customer.token,
    );
    const reference: string = booked.body.data.reference_number;
    const answer = await track(`  ${reference.toLowerCase()} `);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: 'Package found',
      data: {
        reference_number: reference,
        service_type: 'scheduled_delivery',
        status: 'ToInspect',
        ProgressBar: 33,
      },
    });
    expect(new Date(answer.body.data['date created']).toISOString()).toBe(
      answer.body.data['date created'],
    );
    expect(answer.body.data.history).toEqual([
      { status: 'ToInspect', date: answer.body.data['date created'] },
    ]);
    const text = JSON.stringify(answer.body);
    for (const personal of ['Ada', 'Chinedu', '0803', 'Admiralty', 'Wuse', customer.email])
      expect(text).not.toContain(personal);
  });

  it('also takes JSON', async () => {
    const booked = await post(server, 'users/StoreDilivery', instantDelivery(), customer.token);
    const answer = await post(server, 'users/tracking/status', {
      reference_id: booked.body.data.reference_number,
    });
    expect(answer.body.message).toBe('Package found');
  });

  it('answers 404 with a message for an unknown reference', async () => {
    const answer = await track('RL-ZZZZZZZZZZ');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/No package was found/);
  });
});

describe('my bookings', () => {
  it("lists only the customer's own quotes and deliveries, newest first", async () => {
    const other = await signUp(server);
    const first = await post(server, 'users/state-service', quote(), other.token);
    const second = await post(server, 'users/bulk/delivery', bulkDelivery(1), other.token);
    const answer = await get(server, 'users/orders', other.token);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Orders found');
    expect(
      answer.body.data.map((order: { reference_number: string }) => order.reference_number),
    ).toEqual([second.body.data.reference_number, first.body.data.reference_number]);
    expect(answer.body.data[0]).toMatchObject({
      service_type: 'bulk_delivery',
      status: 'ToInspect',
    });
  });
});

describe('staff', () => {
  it('refuses the staff routes without a token (401) and to a customer (403)', async () => {
    expect((await get(server, 'staff/orders')).status).toBe(401);
    expect((await get(server, 'staff/orders', customer.token)).status).toBe(403);
    expect(
      (
        await post(
          server,
          'staff/orders/RL-ZZZZZZZZZZ/status',
          { status: 'Shipped' },
          customer.token,
        )
      ).status,
    ).toBe(403);
  });

  it("moves a shipment through its statuses, keeping each step's time and mailing the customer", async () => {
    const booked = await post(server, 'users/StoreDilivery', instantDelivery(), customer.token);
    const reference: string = booked.body.data.reference_number;
    const shipped = await post(
      server,
      `staff/orders/${reference}/status`,
      { status: 'Shipped' },
      opsToken,
    );
    expect(shipped.status).toBe(200);
    expect((await lastMailTo(server, customer.email))!.subject).toBe(`${reference} is now Shipped`);
    await post(server, `staff/orders/${reference}/status`, { status: 'Delivered' }, opsToken);

    const tracked = await track(reference);
    expect(tracked.body.data).toMatchObject({ status: 'Delivered', ProgressBar: 100 });
    expect(tracked.body.data.history.map((step: { status: string }) => step.status)).toEqual([
      'ToInspect',
      'Shipped',
      'Delivered',
    ]);
    expect(tracked.body.data['date updated']).toBe(tracked.body.data.history[2].date);
    expect(tracked.body.data['date updated'] >= tracked.body.data['date created']).toBe(true);
  });

  it('refuses an unknown status with a field message', async () => {
    const answer = await call(
      server,
      'POST',
      'staff/orders/RL-ZZZZZZZZZZ/status',
      { status: 'Lost' },
      opsToken,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors.status).toBeDefined();
  });
});

describe('the ops command', () => {
  it('lists orders and moves one over HTTP with the token from DATA_DIR', async () => {
    const booked = await post(
      server,
      'users/schedule/delivery',
      scheduledDelivery(),
      customer.token,
    );
    const reference: string = booked.body.data.reference_number;
    expect(await ops(server, 'orders')).toContain(reference);
    const moved = await ops(server, 'set-status', reference.toLowerCase(), 'Shipped');
    expect(moved).toContain(`${reference}: Status set to Shipped`);
    expect((await track(reference)).body.data.status).toBe('Shipped');
    expect((await lastMailTo(server, customer.email))!.subject).toBe(`${reference} is now Shipped`);
  });

  it('keeps its token file readable by its owner only', () => {
    expect(fs.statSync(path.join(server.dataDir, 'ops-token')).mode & 0o077).toBe(0);
  });
});
