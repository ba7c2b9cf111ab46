/**
 * The staff workspace over HTTP: who may call it (roles, the ops token, add-staff/remove-staff),
 * the order queue (filters, search, paging), one order with everything sent and its private
 * photos, and status moves with who, when and why.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '../../src/api/contract';
import { lastMailTo } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { opsTokenOf, signUpStaff } from '../support/staff';
import {
  bulkDelivery,
  call,
  form,
  get,
  instantDelivery,
  PASSWORD,
  pngBlob,
  post,
  quote,
  scheduledDelivery,
  signUp,
  uniqueEmail,
  type Customer,
} from '../support/api';

let server: TestServer;
let customer: Customer;
let staff: Customer;
let opsToken: string;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
  staff = await signUpStaff(server);
  opsToken = opsTokenOf(server);
});
afterAll(async () => {
  await server?.close();
});

const book = async (
  owner: Customer,
  path = 'users/schedule/delivery',
  body: Record<string, unknown> | FormData = scheduledDelivery(),
) => {
  const answer = await post(server, path, body, owner.token);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.reference_number as string;
};
const move = (reference: string, status: string, token = staff.token, note?: string) =>
  post(server, `staff/orders/${reference}/status`, { status, ...(note ? { note } : {}) }, token);
const queue = (query: string, token = staff.token) => get(server, `staff/orders?${query}`, token);
const references = (answer: { body: { data: { reference_number: string }[] } }) =>
  answer.body.data.map((row) => row.reference_number);

const staffCalls = (Object.keys(calls) as CallName[]).filter(
  (name) => calls[name].auth === 'staff',
);
const pathOf = (name: CallName) => calls[name].path.replace('{id}', 'RL-ABCDEFGHJK');

const ops = async (...args: string[]) => {
  try {
    const { stdout } = await promisify(execFile)(
      'node',
      ['--import', 'tsx', 'server/ops/ops.ts', ...args],
      {
        env: { ...process.env, DATA_DIR: server.dataDir, SERVER_URL: server.origin, OPS_TOKEN: '' },
      },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
};

describe('who may call staff/*', () => {
  it.each(staffCalls)('%s: 401 without a token, 403 for a customer', async (name) => {
    const { method } = calls[name];
    expect(
      (await call(server, method, pathOf(name), method === 'POST' ? {} : undefined)).status,
    ).toBe(401);
    const answer = await call(
      server,
      method,
      pathOf(name),
      method === 'POST' ? {} : undefined,
      customer.token,
    );
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/staff only/);
  });

  it('lets a staff member in, and says so in the login and profile answers', async () => {
    expect((await queue('')).status).toBe(200);
    const login = await post(server, 'login', { email: staff.email, password: PASSWORD });
    expect(login.body.data.role).toBe('staff');
    expect((await get(server, 'users/profile', staff.token)).body.data.role).toBe('staff');
    expect((await get(server, 'users/profile', customer.token)).body.data.role).toBe('customer');
  });

  it('add-staff and remove-staff (the ops command) take effect on the next request of a signed-in session', async () => {
    const member = await signUp(server);
    expect((await queue('', member.token)).status).toBe(403);
    const added = await ops('add-staff', member.email.toUpperCase());
    expect(added).toEqual({
      code: 0,
      output: `${member.email} is now staff: the account menu shows Staff from their next login.\n`,
    });
    expect((await queue('', member.token)).status).toBe(200);
    expect((await ops('add-staff', member.email)).output).toContain('already staff');
    expect((await ops('remove-staff', member.email)).output).toContain('is no longer staff');
    expect((await queue('', member.token)).status).toBe(403);
  });

  it('add-staff explains what is wrong: no such account, a malformed email, no email', async () => {
    const unknown = await ops('add-staff', 'nobody.here@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain(
      'No account uses nobody.here@example.com: they must sign up on the website first.',
    );
    expect((await ops('add-staff', 'not-an-email')).output).toContain('valid email');
    expect((await ops('add-staff')).output).toContain('Usage:');
  });

  it('keeps staff/roles to the ops token: a staff member cannot make staff', async () => {
    const answer = await post(
      server,
      'staff/roles',
      { email: customer.email, role: 'staff' },
      staff.token,
    );
    expect(answer.status).toBe(401);
    expect((await queue('', customer.token)).status).toBe(403);
  });

  it('still takes the ops token on every staff call', async () => {
    expect((await queue('', opsToken)).status).toBe(200);
  });
});

describe('the queue', () => {
  it('lists every quote and delivery newest first, with the customer and the offer', async () => {
    const first = await book(customer);
    const second = await book(customer, 'users/state-service', quote());
    const answer = await queue('');
    expect(answer.status).toBe(200);
    expect(references(answer).slice(0, 2)).toEqual([second, first]);
    expect(answer.body.data[0]).toMatchObject({
      reference_number: second,
      service_type: 'state_service',
      status: 'ToInspect',
      customer: { fullname: 'Ada Obi', email: customer.email, phone: '+2348031234567' },
      offer: null,
    });
    await post(
      server,
      `staff/orders/${second}/offer`,
      { amount_kobo: 18_500_000, valid_until: '2099-01-01' },
      staff.token,
    );
    const offered = await queue(`q=${second}`);
    expect(offered.body.data[0].offer).toMatchObject({ amount_kobo: 18_500_000, state: 'open' });
  });

  it('filters by status and by service type', async () => {
    const owner = await signUp(server);
    const delivery = await book(owner);
    const instant = await book(owner, 'users/StoreDilivery', instantDelivery());
    await move(delivery, 'Shipped');
    const shipped = await queue(`status=Shipped&q=${owner.email}`);
    expect(references(shipped)).toEqual([delivery]);
    const instants = await queue(`service_type=instant_delivery&q=${owner.email}`);
    expect(references(instants)).toEqual([instant]);
    expect(references(await queue(`status=&service_type=&q=${owner.email}`))).toEqual([
      instant,
      delivery,
    ]);
    expect(references(await queue(`status=Delivered&q=${owner.email}`))).toEqual([]);
  });

  it('searches by reference, name, email and phone, however they are typed', async () => {
    const owner = await signUp(server, uniqueEmail('searchable'));
    await post(
      server,
      `users/edit/${owner.id}`,
      form({ fullname: 'Folasade Okonkwo-Adeyemi', phone: '0812 765 4321' }),
      owner.token,
    );
    const reference = await book(owner);
    const quoted = await book(
      owner,
      'users/Local-service',
      form({ ...quote(), full_name: 'Tari Briggs', mobile_phone: '07061239876' }),
    );
    const bulk = await book(owner, 'users/bulk/delivery', {
      ...bulkDelivery(1),
      receiver_details: [
        {
          address: '1 Marina',
          name: 'Ngozi Receiver-Unique',
          phone: '09098887776',
          date: bulkDelivery(1).pickup_date,
        },
      ],
    });
    const mine = [bulk, quoted, reference];

    expect(
      references(await queue(`q=${encodeURIComponent(reference.toLowerCase().replace('-', ' '))}`)),
    ).toEqual([reference]);
    expect(references(await queue('q=okonkwo-adeyemi'))).toEqual(mine);
    expect(references(await queue(`q=${encodeURIComponent(owner.email.toUpperCase())}`))).toEqual(
      mine,
    );
    expect(references(await queue(`q=${encodeURIComponent('+234 812 765 4321')}`))).toEqual(mine);
    expect(references(await queue('q=tari%20briggs'))).toEqual([quoted]);
    expect(references(await queue('q=07061239876'))).toEqual([quoted]);
    expect(references(await queue('q=receiver-unique'))).toEqual([bulk]);
    expect(references(await queue('q=0909%20888%207776'))).toEqual([bulk]);
    expect(references(await queue('q=nobody%20is%20called%20this'))).toEqual([]);
    // Wildcards are taken as typed, not as "anything".
    expect(references(await queue('q=%25'))).toEqual([]);
    expect(references(await queue('q=_'))).toEqual([]);
  });

  it('pages with a cursor: every order once, at most `limit` a page, then no next page', async () => {
    const owner = await signUp(server);
    const booked: string[] = [];
    for (let index = 0; index < 5; index++) booked.unshift(await book(owner));
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await queue(`q=${owner.email}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...references(page));
      cursor = page.body.next_cursor;
      pages++;
    }
    expect(seen).toEqual(booked);
    expect(pages).toBe(3);
    expect((await queue(`q=${owner.email}`)).body.next_cursor).toBeNull();
  });

  it('answers at most 50 a page when no limit is asked', async () => {
    const owner = await signUp(server);
    for (let index = 0; index < 51; index++)
      await book(owner, 'users/StoreDilivery', instantDelivery());
    const first = await queue(`q=${owner.email}`);
    expect(first.body.data).toHaveLength(50);
    const second = await queue(`q=${owner.email}&cursor=${first.body.next_cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
  });

  it.each([
    ['limit=51', 'limit'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=abc', 'cursor'],
    ['status=Lost', 'status'],
    ['service_type=teleport', 'service_type'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['status=Shipped&status=Delivered', 'status'],
  ])('refuses %s with a field message', async (query, field) => {
    const answer = await queue(query);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toHaveLength(1);
  });
});

describe('one order', () => {
  it('shows everything a quote sent, with its photo to staff and its owner only', async () => {
    const reference = await book(
      customer,
      'users/Office-service',
      form(quote(), { file: pngBlob() }),
    );
    const answer = await get(server, `staff/orders/${reference}`, staff.token);
    expect(answer.status).toBe(200);
    const { details, customer: account, history, offers } = answer.body.data;
    expect(details).toMatchObject({
      kind: 'quote',
      moving_from_address: '5 Ikoyi Crescent, Lagos',
      moving_from_apartment_type: 'Duplex',
      number_of_room_moving_from: '3',
      aptFloor: '1st',
      moving_to_address: '9 Maitama Close, Abuja',
      moving_to_apartment_type: 'Apartment',
      number_of_room_moving_to: '2',
      toAptFloor: 'Ground',
      full_name: 'Ada Obi',
      email: 'ada.quote@example.com',
      mobile_phone: '+2348031234567',
      Services: 'packing_and_loading,just_moving',
      moving_date: quote().moving_date,
      date_of_inspection: quote().date_of_inspection,
      description: 'Fragile piano',
    });
    expect(account).toEqual({
      fullname: 'Ada Obi',
      email: customer.email,
      phone: '+2348031234567',
    });
    expect(history).toEqual([
      expect.objectContaining({ event: 'status', status: 'ToInspect', by: 'customer', note: null }),
    ]);
    expect(offers).toEqual([]);

    const photo: string = details.photos[0];
    const fetched = await fetch(`${server.origin}${photo}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(fetched.headers.get('cache-control')).toMatch(/^private/);
    const ownerLink = (await get(server, `users/orders/${reference}`, customer.token)).body.data
      .details.photos[0];
    expect((await fetch(`${server.origin}${ownerLink}`)).status).toBe(200);

    const bare = photo.slice(0, photo.indexOf('?'));
    expect((await fetch(`${server.origin}${bare}`)).status).toBe(404);
    const forged = photo.replace(
      /signature=(.)/,
      (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    expect((await fetch(`${server.origin}${forged}`)).status).toBe(404);
    const expires = /expires=(\d+)/.exec(photo)![1]!;
    expect(
      (await fetch(`${server.origin}${photo.replace(expires, String(Number(expires) + 3600))}`))
        .status,
    ).toBe(404);
    expect(
      (await fetch(`${server.origin}${photo.replace(/expires=\d+/, 'expires=1')}`)).status,
    ).toBe(404);
  });

  it('shows every receiver of a bulk delivery, in order', async () => {
    const reference = await book(customer, 'users/bulk/delivery', bulkDelivery(3));
    const { details } = (await get(server, `staff/orders/${reference.toLowerCase()}`, staff.token))
      .body.data;
    expect(details).toMatchObject({
      kind: 'delivery',
      pickup_address: '12 Admiralty Way, Lekki, Lagos',
      sender_fullname: 'Ada Obi',
      sender_phone: '+2348031234567',
      description: 'Office supplies',
    });
    expect(details.receivers.map((receiver: { name: string }) => receiver.name)).toEqual([
      'Receiver 1',
      'Receiver 2',
      'Receiver 3',
    ]);
  });

  it('answers 404 for an unknown reference', async () => {
    const answer = await get(server, 'staff/orders/RL-ZZZZZZZZZZ', staff.token);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/No package was found/);
  });
});

describe('status moves', () => {
  it('moves To Inspect → Shipped → Delivered, storing who, when and the note, and mails the customer', async () => {
    const reference = await book(customer);
    const shipped = await move(reference, 'Shipped', staff.token, 'Van 3, driver Musa');
    expect(shipped.status).toBe(200);
    expect(shipped.body.message).toBe('Status set to Shipped; the customer was mailed.');
    const mail = (await lastMailTo(server, customer.email))!;
    expect(mail.subject).toBe(`${reference} is now Shipped`);
    expect(mail.text).toContain('Van 3, driver Musa');
    await move(reference, 'Delivered', opsToken);
    const { history, status } = (await get(server, `staff/orders/${reference}`, staff.token)).body
      .data;
    expect(status).toBe('Delivered');
    expect(
      history.map(({ status: reached, by, by_name, note }: Record<string, unknown>) => ({
        reached,
        by,
        by_name,
        note,
      })),
    ).toEqual([
      { reached: 'ToInspect', by: 'customer', by_name: null, note: null },
      { reached: 'Shipped', by: 'staff', by_name: 'Ada Obi', note: 'Van 3, driver Musa' },
      { reached: 'Delivered', by: 'ops', by_name: null, note: null },
    ]);
    expect(
      history.every((entry: { at: string }) => new Date(entry.at).toISOString() === entry.at),
    ).toBe(true);
  });

  it('cancels from To Inspect only; a final order answers 409 to every move', async () => {
    const reference = await book(customer);
    const cancelled = await move(reference, 'Cancelled', staff.token, 'Customer called to cancel');
    expect(cancelled.status).toBe(200);
    expect((await lastMailTo(server, customer.email))!.subject).toBe(
      `${reference} is now Cancelled`,
    );
    for (const status of ['ToInspect', 'Shipped', 'Delivered', 'Cancelled']) {
      const answer = await move(reference, status);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('This order is Cancelled: its status can no longer change.');
    }
  });

  it.each([
    [
      'ToInspect',
      'Delivered',
      'An order that is To Inspect can only move to Shipped or Cancelled.',
    ],
    ['Shipped', 'Cancelled', 'An order that is Shipped can only move to Delivered.'],
    ['Shipped', 'ToInspect', 'An order that is Shipped can only move to Delivered.'],
  ])('refuses %s → %s with 409 and a message', async (from, to, message) => {
    const reference = await book(customer);
    if (from === 'Shipped') await move(reference, 'Shipped');
    const answer = await move(reference, to);
    expect(answer).toMatchObject({ status: 409, body: { message } });
  });

  it('says nothing changed when an open order is set to the status it has', async () => {
    const reference = await book(customer);
    const answer = await move(reference, 'ToInspect');
    expect(answer).toMatchObject({
      status: 200,
      body: { message: 'Already ToInspect: nothing changed.' },
    });
  });

  it('refuses a note over 1000 characters with a field message', async () => {
    const answer = await move(await book(customer), 'Shipped', staff.token, 'x'.repeat(1001));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.note).toBeDefined();
  });

  it('keeps the ops command working: set-status with a note, and the history says it was the ops command', async () => {
    const reference = await book(customer);
    const moved = await ops('set-status', reference, 'Shipped', 'Left', 'the', 'depot');
    expect(moved.output).toContain(`${reference}: Status set to Shipped`);
    expect(moved.output).toMatch(/Shipped\s+\S+\s+ops: Left the depot/);
    expect((await ops('orders')).output).toContain(reference);
    const refused = await ops('set-status', reference, 'ToInspect');
    expect(refused).toEqual({
      code: 1,
      output: 'An order that is Shipped can only move to Delivered.\n',
    });
  });
});

describe('the OpenAPI document', () => {
  it('lists every call of the contract, with its query parameters', async () => {
    const document = (await get(server, 'openapi.json')).body;
    for (const call of Object.values(calls))
      expect(document.paths[`/${call.path}`]?.[call.method.toLowerCase()], call.path).toBeDefined();
    const parameters = document.paths['/staff/orders'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(parameters).toEqual([
      'status',
      'service_type',
      'price',
      'job_from',
      'job_to',
      'sort',
      'dir',
      'q',
      'payment_state',
      'attention',
      'unassigned',
      'cursor',
      'limit',
    ]);
    for (const path of ['/staff/subscribers', '/staff/orders'])
      expect(document.paths[path].get.responses[200].content['text/csv']).toBeDefined();
  });
});
