/**
 * `kill -9` while Paystack's `charge.success` events are being handled, on the embedded database
 * and on PostgreSQL (docs/operations.md, "Payments"). The server runs as `npm start` would with a
 * Paystack key, against a Paystack-compatible gateway in this test process (the built-in test
 * gateway, mounted on its own server here, so it outlives the kill as Paystack would). After the
 * restart Paystack retries every event (twice, here): each order ends paid exactly once, with one
 * receipt, receipt numbers without gaps or duplicates, and its receipt mail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { testGatewayRoutes } from '../../server/routes/paystack-test-gateway';
import { get, inDays, post, scheduledDelivery } from '../support/api';
import { signUpThroughOutbox, startChildServer, type ChildServer } from '../support/child-server';
import { outboxFiles, waitUntil } from '../support/mail';
import { checkout, sendWebhook, signed } from '../support/payments';
import { createScratchDatabase, type ScratchDatabase } from '../support/server';

const SECRET = `sk_test_${'5'.repeat(40)}`;
const ORDERS = 24;
const PRICE = 25_000_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function paystackGateway(
  target: () => string,
): Promise<{ origin: string; app: FastifyInstance }> {
  const app = Fastify();
  let origin = '';
  await app.register(
    testGatewayRoutes({
      secretKey: SECRET,
      origin: () => origin,
      webhookUrl: () => `${target()}/payments/paystack/webhook`,
      log: app.log,
    }),
    {
      prefix: '/test-paystack',
    },
  );
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  return { origin, app };
}

async function started(
  dataDir: string,
  databaseUrl: string | null,
  gatewayOrigin: string,
): Promise<ChildServer> {
  const server = await startChildServer({
    dataDir,
    databaseUrl,
    env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: `${gatewayOrigin}/test-paystack` },
  });
  cleanups.push(async () => {
    server.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

async function killDuringWebhooksAndRestart(databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-pay-fault-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let current: ChildServer | null = null;
  const gateway = await paystackGateway(() => current!.apiUrl);
  current = await started(dataDir, databaseUrl, gateway.origin);
  const first = current;
  const token = await signUpThroughOutbox(first, dataDir, 'payer');
  const opsToken = fs.readFileSync(path.join(dataDir, 'ops-token'), 'utf8').trim();

  const orders: Array<{ reference: string; paystack: string; url: string }> = [];
  for (let index = 0; index < ORDERS; index++) {
    const reference = (
      await post(
        first,
        'users/schedule/delivery',
        { ...scheduledDelivery(), pickup_date: inDays(10), delivery_date: inDays(11) },
        token,
      )
    ).body.data.reference_number;
    expect(
      (
        await post(
          first,
          `staff/orders/${reference}/offer`,
          { amount_kobo: PRICE, valid_until: inDays(7) },
          opsToken,
        )
      ).status,
    ).toBe(200);
    const offerId = (await get(first, `users/orders/${reference}`, token)).body.data.offer.id;
    expect(
      (await post(first, `users/orders/${reference}/offer/accept`, { offer_id: offerId }, token))
        .status,
    ).toBe(200);
    const payment = await post(first, `users/orders/${reference}/payments`, undefined, token);
    expect(payment.status).toBe(200);
    orders.push({
      reference,
      paystack: payment.body.data.reference,
      url: payment.body.data.authorization_url,
    });
  }

  // Every checkout paid at once: the gateway sends ORDERS signed events; the kill lands among them.
  await Promise.all(orders.map((order) => checkout(order.url, 'pay')));
  const paidSoFar = async () =>
    (
      await Promise.all(
        orders.map(
          async (order) =>
            (await get(first, `users/orders/${order.reference}`, token)).body.data.payment.state,
        ),
      )
    ).filter((state) => state === 'paid').length;
  await waitUntil('a first event handled', async () => (await paidSoFar()) > 0, 20_000);
  first.kill('SIGKILL');
  expect((await first.exited).signal).toBe('SIGKILL');

  current = await started(dataDir, databaseUrl, gateway.origin);
  const second = current;
  // Paystack retries each event until it is answered 200: here, every event twice more.
  for (const round of [1, 2]) {
    for (const order of orders) {
      const transaction = (
        (await (
          await fetch(`${gateway.origin}/test-paystack/transaction/verify/${order.paystack}`, {
            headers: { authorization: `Bearer ${SECRET}` },
          })
        ).json()) as { data: unknown }
      ).data;
      const body = JSON.stringify({ event: 'charge.success', data: transaction });
      expect((await sendWebhook(second, body, signed(SECRET, body))).status, `round ${round}`).toBe(
        200,
      );
    }
  }

  const receipts: string[] = [];
  for (const order of orders) {
    const seen = (await get(second, `users/orders/${order.reference}`, token)).body.data;
    expect(seen.payment).toEqual({
      state: 'paid',
      price_kobo: PRICE,
      paid_kobo: PRICE,
      refunded_kobo: 0,
      balance_kobo: 0,
    });
    expect(seen.receipts).toHaveLength(1);
    receipts.push(seen.receipts[0].number);
  }
  const numbers = receipts.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
  expect(numbers).toEqual(Array.from({ length: ORDERS }, (_, index) => index + 1));
  const mailed = () =>
    new Set(outboxFiles(dataDir).flatMap((mail) => mail.subject.match(/RCT-\d{4}-\d{6}/g) ?? []));
  await waitUntil(
    'every receipt to be mailed',
    () => receipts.every((number) => mailed().has(number)),
    30_000,
  );
}

it('pays every order exactly once across kill -9 during webhooks on the embedded database', async () => {
  await killDuringWebhooksAndRestart(null);
});

it.skipIf(!process.env.DATABASE_URL)(
  'pays every order exactly once across kill -9 during webhooks on PostgreSQL',
  async () => {
    const scratch: ScratchDatabase = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    await killDuringWebhooksAndRestart(scratch.url);
  },
);
