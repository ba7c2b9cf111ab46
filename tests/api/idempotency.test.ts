/** Retry-safe submits: an Idempotency-Key answers its first result again and stores nothing new. */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyExpiry } from '../../server/orders/idempotency';
import { startTestServer, type TestServer } from '../support/server';
import {
  call,
  form,
  PNG,
  pngBlob,
  quote,
  scheduledDelivery,
  signUp,
  type Customer,
} from '../support/api';

let server: TestServer;
let customer: Customer;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
});
afterAll(async () => {
  await server?.close();
});

const newKey = () => crypto.randomUUID();
const submit = (
  path: string,
  payload: Record<string, unknown> | FormData,
  key: string,
  token: string | undefined = customer.token,
) => call(server, 'POST', path, payload, token, { 'idempotency-key': key });

const shipmentsOf = async (userId: number) =>
  Number(
    (
      await server.app.db
        .selectFrom('shipments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Idempotency-Key', () => {
  it('answers a repeated delivery with the first reference and books it once', async () => {
    const buyer = await signUp(server);
    const key = newKey();
    const body = scheduledDelivery();
    const first = await submit('users/schedule/delivery', body, key, buyer.token);
    const again = await submit('users/schedule/delivery', body, key, buyer.token);
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await shipmentsOf(buyer.userId)).toBe(1);

    const other = await submit('users/schedule/delivery', body, newKey(), buyer.token);
    expect(other.body.data.reference_number).not.toBe(first.body.data.reference_number);
    expect(await shipmentsOf(buyer.userId)).toBe(2);
  });

  it('answers a repeated multipart quote once, with one stored photo', async () => {
    const buyer = await signUp(server);
    const key = newKey();
    const first = await submit(
      'users/Local-service',
      form(quote(), { file: pngBlob() }),
      key,
      buyer.token,
    );
    const again = await submit(
      'users/Local-service',
      form(quote(), { file: pngBlob() }),
      key,
      buyer.token,
    );
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await shipmentsOf(buyer.userId)).toBe(1);
    const files = await server.app.db
      .selectFrom('files')
      .select('name')
      .where('owner_id', '=', buyer.userId)
      .execute();
    expect(files).toHaveLength(1);
  });

  it('refuses the same key with a different body, or with different file bytes, with a message', async () => {
    const key = newKey();
    expect((await submit('users/schedule/delivery', scheduledDelivery(), key)).status).toBe(200);
    const changed = await submit(
      'users/schedule/delivery',
      { ...scheduledDelivery(), description: 'Three boxes' },
      key,
    );
    expect(changed.status).toBe(422);
    expect(changed.body.message).toMatch(
      /Idempotency-Key was already used for a different request/,
    );

    const photoKey = newKey();
    expect(
      (await submit('users/Office-service', form(quote(), { file: pngBlob() }), photoKey)).status,
    ).toBe(200);
    const otherPhoto = new Blob([PNG, 'and a little more'], { type: 'image/png' });
    const sameFieldsOtherFile = await submit(
      'users/Office-service',
      form(quote(), { file: otherPhoto }),
      photoKey,
    );
    expect(sameFieldsOtherFile.status).toBe(422);
  });

  it('keeps keys apart per account', async () => {
    const [first, second] = [await signUp(server), await signUp(server)];
    const key = newKey();
    const one = await submit('users/schedule/delivery', scheduledDelivery(), key, first.token);
    const two = await submit('users/schedule/delivery', scheduledDelivery(), key, second.token);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.body.data.reference_number).not.toBe(one.body.data.reference_number);
  });

  it('books once when requests with one key arrive together', async () => {
    const buyer = await signUp(server);
    const key = newKey();
    const body = scheduledDelivery();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submit('users/schedule/delivery', body, key, buyer.token)),
    );
    expect(await shipmentsOf(buyer.userId)).toBe(1);
    // The others wait on the unique index until the first is stored, then answer its result.
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data.reference_number)).size).toBe(1);
  });

  it('takes anonymous applications once per key and body', async () => {
    const application = {
      full_name: 'Tunde Bello',
      email: `tunde.${newKey()}@example.com`,
      age: 30,
      mobile_number: '08031234567',
      location: 'Lagos',
    };
    const key = newKey();
    const first = await submit('Mover-Registration', application, key, undefined);
    const again = await submit('Mover-Registration', application, key, undefined);
    expect(first).toMatchObject({
      status: 200,
      body: { message: 'Mover request created successfully' },
    });
    expect(again.body).toEqual(first.body);
    const stored = await server.app.db
      .selectFrom('applications')
      .select('id')
      .where('email', '=', application.email)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('books every submission sent without a key', async () => {
    const buyer = await signUp(server);
    for (let i = 0; i < 2; i++)
      expect(
        (await call(server, 'POST', 'users/schedule/delivery', scheduledDelivery(), buyer.token))
          .status,
      ).toBe(200);
    expect(await shipmentsOf(buyer.userId)).toBe(2);
  });

  it('refuses a key used on another call, even with the same fields', async () => {
    const buyer = await signUp(server);
    const key = newKey();
    const fields = quote();
    expect((await submit('users/Local-service', form(fields), key, buyer.token)).status).toBe(200);
    expect(await submit('users/Office-service', form(fields), key, buyer.token)).toMatchObject({
      status: 422,
      body: {
        message:
          'This Idempotency-Key was already used for a different request. Send a new key with a new submission.',
      },
    });
    expect(await shipmentsOf(buyer.userId)).toBe(1);
  });

  it('clears keys older than a day, at most every ten minutes, and keeps younger ones', async () => {
    const buyer = await signUp(server);
    const book = async () => {
      const key = newKey();
      expect(
        (await submit('users/schedule/delivery', scheduledDelivery(), key, buyer.token)).status,
      ).toBe(200);
      return key;
    };
    const backdate = (key: string) =>
      server.app.db
        .updateTable('shipments')
        .set({ created_at: sql<Date>`now() - interval '25 hours'` })
        .where('idempotency_key', '=', key)
        .execute();
    const kept = async (key: string) =>
      (await server.app.db
        .selectFrom('shipments')
        .select('id')
        .where('idempotency_key', '=', key)
        .executeTakeFirst()) !== undefined;
    const [old, young] = [await book(), await book()];
    await backdate(old);
    const sweep = keyExpiry(server.app.db, server.app.log);
    sweep();
    await vi.waitFor(async () => expect(await kept(old)).toBe(false));
    expect(await kept(young)).toBe(true);
    // Another old key right after waits for the next sweep, ten minutes on.
    const later = await book();
    await backdate(later);
    sweep();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await kept(later)).toBe(true);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10 * 60_000 + 1);
    try {
      sweep();
    } finally {
      vi.restoreAllMocks();
    }
    await vi.waitFor(async () => expect(await kept(later)).toBe(false));
    expect(await kept(young)).toBe(true);
  });

  it('refuses a malformed key with a clear message, and books nothing', async () => {
    const buyer = await signUp(server);
    for (const key of ['has space', 'x'.repeat(256), 'tab\there']) {
      const answer = await submit('users/schedule/delivery', scheduledDelivery(), key, buyer.token);
      expect(answer).toMatchObject({
        status: 400,
        body: { message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.' },
      });
    }
    expect(await shipmentsOf(buyer.userId)).toBe(0);
    expect(
      (await submit('users/schedule/delivery', scheduledDelivery(), 'x'.repeat(255), buyer.token))
        .status,
    ).toBe(200);
  });

  it('lets a key whose request failed be used again', async () => {
    const buyer = await signUp(server);
    const key = newKey();
    const notImage = new Blob(['<svg onload="alert(1)"/>'], { type: 'image/png' });
    expect(
      (await submit('users/Local-service', form(quote(), { file: notImage }), key, buyer.token))
        .status,
    ).toBe(422);
    expect(
      (await submit('users/Local-service', form(quote(), { file: pngBlob() }), key, buyer.token))
        .status,
    ).toBe(200);
    expect(await shipmentsOf(buyer.userId)).toBe(1);
  });
});
