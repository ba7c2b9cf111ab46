/**
 * Property-based: thousands of random and hostile payloads at every call that takes a body —
 * random field values, near-valid payloads with one field broken, any JSON, raw bodies with
 * odd content types, multipart forms with random files. Every answer must be below 500, every
 * rejection a 4xx with a message (and field messages in the contract's shape), and nothing
 * a rejected request sent may be stored: rows grow only by the calls that succeeded, and every
 * uploaded file belongs to a stored row.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { calls, type CallName } from '../../src/api/contract';
import type { Database } from '../../server/db/database';
import { startTestServer, type TestServer } from '../support/server';
import {
  bulkDelivery,
  call,
  inDays,
  instantDelivery,
  PNG,
  quote,
  receiverDetail,
  scheduledDelivery,
  signUp,
  uniqueEmail,
  type Answer,
  type Customer,
} from '../support/api';

const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 150);

let server: TestServer;
let customer: Customer;
let opsToken: string;
/** A real order of `customer`, so the order calls reach their rules instead of a 404. */
let reference: string;

/** Valid payloads (that change nothing important when they succeed: no real password in them). */
const validSamples: Partial<Record<CallName, () => Record<string, unknown>>> = {
  moverRegistration: () => ({
    full_name: 'Tunde Bello',
    email: 'tunde@example.com',
    age: 30,
    mobile_number: '08031234567',
    location: 'Lagos',
  }),
  register: () => ({
    fullname: 'Ada',
    email: uniqueEmail('fuzz'),
    phone: '08031234567',
    password: 'Fuzzing is fun 2024',
    password_confirmation: 'Fuzzing is fun 2024',
  }),
  login: () => ({ email: 'nobody@example.com', password: 'whatever it is' }),
  forgetPassword: () => ({ email: 'nobody@example.com' }),
  verifyOtp: () => ({ otp: '123456', email: 'nobody@example.com' }),
  passwordReset: () => ({
    email: 'nobody@example.com',
    password: 'Fuzzing is fun 2024',
    password_confirmation: 'Fuzzing is fun 2024',
    reset_token: 'x'.repeat(43),
  }),
  verifyEmail: () => ({ verification_token: '123456', email: 'nobody@example.com' }),
  stateService: quote,
  localService: quote,
  officeService: quote,
  trackingStatus: () => ({ reference_id: 'RL-ABCDEFGHJK' }),
  changePassword: () => ({
    old_password: 'not the password',
    new_password: 'Fuzzing is fun 2024',
    new_password_confirmation: 'Fuzzing is fun 2024',
  }),
  deleteUser: () => ({ password: 'not the password', Reason: 'testing' }),
  editProfile: () => ({ fullname: 'Ada', phone: '08031234567' }),
  instantDelivery,
  scheduledDelivery,
  bulkDelivery: () => bulkDelivery(2),
  newsletter: () => ({ email: uniqueEmail('news') }),
  staffSetStatus: () => ({ status: 'Shipped', note: 'On the van' }),
  staffSendOffer: () => ({
    amount_kobo: 18_500_000,
    note: 'Two men and a van',
    valid_until: inDays(7),
  }),
  staffSetApplicationStatus: () => ({ status: 'contacted' }),
  setRole: () => ({ email: 'nobody@example.com', role: 'staff' }),
  acceptOffer: () => ({ offer_id: 1 }),
  declineOffer: () => ({ offer_id: 1, reason: 'Too expensive' }),
  cancelOrder: () => ({ reason: 'Plans changed' }),
  rescheduleOrder: () => ({ pickup_date: inDays(2), delivery_date: inDays(4) }),
  staffOrders: () => ({
    status: 'ToInspect',
    service_type: 'scheduled_delivery',
    q: 'Ada',
    limit: '10',
  }),
  staffApplications: () => ({ status: 'new', limit: '10' }),
  staffSubscribers: () => ({ limit: '10' }),
};
validSamples.packerRegistration = validSamples.moverRegistration;
validSamples.resendOtp = validSamples.forgetPassword;

/** What each call stores when it succeeds. */
const storesInto: Partial<Record<CallName, keyof Database>> = {
  moverRegistration: 'applications',
  packerRegistration: 'applications',
  register: 'users',
  stateService: 'shipments',
  localService: 'shipments',
  officeService: 'shipments',
  instantDelivery: 'shipments',
  scheduledDelivery: 'shipments',
  bulkDelivery: 'shipments',
};
const countedTables = [
  'applications',
  'users',
  'shipments',
  'quotes',
  'deliveries',
  'newsletter_subscribers',
] as const;

const hostileText = fc.constantFrom(
  "' OR '1'='1' --",
  "RL-'; DROP TABLE shipments; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\u0000\u0001\u202e',
  '𝕬𝖉𝖆 ﷽ 👩🏿‍💻',
  'x'.repeat(5000),
  '   ',
  '',
  '1e309',
  'NaN',
  '__proto__',
  '2000-02-30',
  '9999-12-31',
  '+2340000000000',
  'packing_and_loading,,,evil',
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** The fields of the call's body, or of its query string for a GET. */
const fieldsOf = (name: CallName): string[] => {
  const call = calls[name];
  const schema = ('query' in call ? call.query : call.request) as z.ZodMiniType | null;
  return schema && 'shape' in schema ? Object.keys((schema as z.ZodMiniObject).shape) : [];
};

type Attempt =
  | { kind: 'query'; query: string }
  | { kind: 'json'; body: unknown }
  | { kind: 'raw'; body: string; contentType: string }
  | {
      kind: 'multipart';
      fields: Record<string, string>;
      file: Uint8Array | null;
      fileField: string;
    };

/** Query strings: random values for the known keys (repeated ones too), near-valid ones, and raw text. */
function queryAttempts(name: CallName): fc.Arbitrary<Attempt> {
  const fields = fieldsOf(name);
  const valid = validSamples[name] ?? (() => ({}));
  const encode = (entries: [string, unknown][]) =>
    entries
      .map(
        ([key, value]) =>
          `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
      )
      .join('&');
  return fc.oneof(
    fc
      .array(fc.tuple(fc.constantFrom(...fields, 'unknown'), hostileValue), {
        maxLength: fields.length + 2,
      })
      .map((entries): Attempt => ({ kind: 'query', query: encode(entries) })),
    fc.tuple(fc.constantFrom(...fields), hostileValue).map(([field, value]): Attempt => ({
      kind: 'query',
      query: encode(Object.entries({ ...valid(), [field]: value })),
    })),
    fc
      .string({ maxLength: 80 })
      .map((raw): Attempt => ({ kind: 'query', query: raw.replace(/#/g, '') })),
  );
}

function attempts(name: CallName): fc.Arbitrary<Attempt> {
  if ('query' in calls[name]) return queryAttempts(name);
  const fields = fieldsOf(name).length ? fieldsOf(name) : ['unknown_field'];
  const valid = validSamples[name] ?? (() => ({}));
  const randomFields = fc.dictionary(
    fc.constantFrom(...fields, 'unknown_field', 'receiver_details'),
    hostileValue,
    { maxKeys: fields.length + 2 },
  );
  const nearValid = fc
    .tuple(fc.constantFrom(...fields), fc.option(hostileValue, { nil: undefined }), fc.boolean())
    .map(([field, value, addUnknown]) => {
      const body: Record<string, unknown> = {
        ...valid(),
        ...(addUnknown ? { is_admin: true, id: 1 } : {}),
      };
      if (value === undefined) delete body[field];
      else body[field] = value;
      if (name === 'bulkDelivery' && field === 'receiver_details' && value === null) {
        body.receiver_details = Array.from({ length: 51 }, (_, index) => receiverDetail(index));
      }
      return body;
    });
  const fileBytes = fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    fc
      .uint8Array({ maxLength: 64 })
      .map((tail) => new Uint8Array([...PNG.subarray(0, 16), ...tail])),
    fc.constant(new Uint8Array(PNG)),
  );
  return fc.oneof(
    { weight: 3, arbitrary: randomFields.map((body): Attempt => ({ kind: 'json', body })) },
    { weight: 4, arbitrary: nearValid.map((body): Attempt => ({ kind: 'json', body })) },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body): Attempt => ({ kind: 'json', body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.string({ maxLength: 60 }), fc.json({ maxDepth: 2 }), hostileText),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
          ),
        )
        .map(([body, contentType]): Attempt => ({ kind: 'raw', body, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.dictionary(
            fc.constantFrom(...fields, 'junk'),
            fc.oneof(hostileText, fc.string({ maxLength: 20 })),
            { maxKeys: fields.length + 1 },
          ),
          fc.boolean(),
          fc.option(fileBytes, { nil: null }),
          fc.constantFrom('file', 'profile_image', fields[0] ?? 'file'),
        )
        .map(([random, useValid, file, fileField]): Attempt => ({
          kind: 'multipart',
          fields: useValid
            ? {
                ...(Object.fromEntries(
                  Object.entries(valid()).map(([key, value]) => [key, String(value)]),
                ) as Record<string, string>),
                ...random,
              }
            : random,
          file,
          fileField,
        })),
    },
  );
}

async function send(name: CallName, attempt: Attempt): Promise<Answer> {
  const spec = calls[name];
  const token =
    spec.auth === 'staff' || spec.auth === 'ops'
      ? opsToken
      : spec.auth === 'bearer'
        ? customer.token
        : undefined;
  const id =
    name === 'editProfile'
      ? String(customer.id)
      : name === 'staffSetApplicationStatus'
        ? '1'
        : reference;
  const route = spec.path.replace('{id}', id);
  if (attempt.kind === 'query')
    return call(server, spec.method, `${route}?${attempt.query}`, undefined, token);
  if (attempt.kind === 'json')
    return call(server, spec.method, route, JSON.stringify(attempt.body), token, {
      'content-type': 'application/json',
    });
  if (attempt.kind === 'raw')
    return call(server, spec.method, route, attempt.body, token, {
      'content-type': attempt.contentType,
    });
  const data = new FormData();
  for (const [key, value] of Object.entries(attempt.fields)) data.append(key, value);
  if (attempt.file)
    data.append(attempt.fileField, new Blob([Buffer.from(attempt.file)]), 'upload.png');
  return call(server, spec.method, route, data, token);
}

function expectWellFormedRejection(name: CallName, answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  if (answer.status < 400) return;
  expect(typeof answer.body?.message).toBe('string');
  expect(answer.body.message.length).toBeGreaterThan(0);
  if (answer.body.errors !== undefined) {
    for (const messages of Object.values(answer.body.errors)) {
      expect(
        Array.isArray(messages) &&
          messages.length > 0 &&
          messages.every((message) => typeof message === 'string'),
      ).toBe(true);
    }
    if ('booking' in calls[name]) expect(answer.body.data).toEqual(answer.body.errors);
  }
}

const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      countedTables.map(async (table) => {
        const row = await server.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        return [table, Number(row.n)] as const;
      }),
    ),
  ) as Record<(typeof countedTables)[number], number>;

beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
  opsToken = fs.readFileSync(path.join(server.dataDir, 'ops-token'), 'utf8').trim();
  reference = (
    await call(server, 'POST', 'users/schedule/delivery', scheduledDelivery(), customer.token)
  ).body.data.reference_number;
  await call(
    server,
    'POST',
    `staff/orders/${reference}/offer`,
    validSamples.staffSendOffer!(),
    opsToken,
  );
});
afterAll(async () => {
  await server?.close();
});

/** Every call that takes something: a body or a query string. */
const fuzzed = (Object.keys(calls) as CallName[]).filter(
  (name) =>
    (calls[name].request !== null || 'query' in calls[name]) && name !== 'stateServiceMultipart',
);

describe('hostile payloads', () => {
  it.each(fuzzed)(
    '%s never answers 5xx, rejects with messages and stores nothing it rejected',
    async (name) => {
      const before = await counts();
      const accepted = new Map<string, number>();
      const subscribed = new Set<string>();
      await fc.assert(
        fc.asyncProperty(attempts(name), async (attempt) => {
          const answer = await send(name, attempt);
          expectWellFormedRejection(name, answer);
          if (answer.status >= 300) return;
          const table = storesInto[name];
          if (table) accepted.set(table, (accepted.get(table) ?? 0) + 1);
          if (name === 'newsletter') {
            const body =
              attempt.kind === 'json'
                ? attempt.body
                : attempt.kind === 'multipart'
                  ? attempt.fields
                  : attempt.kind === 'raw'
                    ? JSON.parse(attempt.body)
                    : {};
            subscribed.add(calls.newsletter.request.parse(body).email);
          }
        }),
        { numRuns: RUNS_PER_CALL },
      );
      const after = await counts();
      for (const table of [
        'applications',
        'users',
        'shipments',
        'newsletter_subscribers',
      ] as const) {
        const expected =
          table === 'newsletter_subscribers' ? subscribed.size : (accepted.get(table) ?? 0);
        expect(after[table] - before[table], table).toBe(expected);
      }
      expect(after.quotes + after.deliveries).toBe(after.shipments);
    },
  );

  it('keeps no uploaded file that no stored row points to', async () => {
    const quotes = await server.app.db
      .selectFrom('quotes')
      .select('image')
      .where('image', 'is not', null)
      .execute();
    const users = await server.app.db
      .selectFrom('users')
      .select('profile_image')
      .where('profile_image', 'is not', null)
      .execute();
    const referenced = new Set([
      ...quotes.map((row) => row.image),
      ...users.map((row) => row.profile_image),
    ]);
    const stored = await server.app.db.selectFrom('files').select('name').execute();
    expect(stored.map((file) => file.name).filter((name) => !referenced.has(name))).toEqual([]);
  });
});
