/**
 * The tracking cache (TRACKING_CACHE_MS): the instance that changes a status answers the new one
 * at once; another instance on the same PostgreSQL answers it once its cached answer's lifetime
 * has passed, never later.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { form, post, scheduledDelivery, signUp, type Customer } from '../support/api';

const LIFETIME_MS = 1_500;

const track = async (server: TestServer, reference: string) =>
  (await post(server, 'users/tracking/status', form({ reference_id: reference }))).body.data
    ?.status;

describe('the tracking cache', () => {
  let changing: TestServer;
  let customer: Customer;
  beforeAll(async () => {
    changing = await startTestServer({ trackingCacheMs: 60_000 });
    customer = await signUp(changing);
  });
  afterAll(async () => {
    await changing?.close();
  });

  const book = async () =>
    (await post(changing, 'users/schedule/delivery', scheduledDelivery(), customer.token)).body.data
      .reference_number as string;
  const setStatus = (reference: string, status: string) => {
    const opsToken = fs.readFileSync(path.join(changing.dataDir, 'ops-token'), 'utf8').trim();
    return post(changing, `staff/orders/${reference}/status`, { status }, opsToken);
  };

  it('answers a status change at once on the instance that made it, however long its lifetime', async () => {
    const reference = await book();
    expect(await track(changing, reference)).toBe('ToInspect');
    expect((await setStatus(reference, 'Shipped')).status).toBe(200);
    expect(await track(changing, reference)).toBe('Shipped');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "answers it on another instance once that instance's lifetime has passed",
    async () => {
      const other = await startTestServer({
        databaseUrl: changing.databaseUrl,
        trackingCacheMs: LIFETIME_MS,
      });
      try {
        const reference = await book();
        expect(await track(other, reference)).toBe('ToInspect');
        expect((await setStatus(reference, 'Shipped')).status).toBe(200);
        await sleep(LIFETIME_MS);
        expect(await track(other, reference)).toBe('Shipped');
      } finally {
        await other.close();
      }
    },
  );
});
