/**
 * Both sides held to the Paystack shapes of server/money/paystack-schemas.ts (taken from
 * Paystack's OpenAPI document and webhook guide): the test gateway's answers and events parse
 * with them, and what the product's client sends parses as Paystack's request schemas, while
 * it reads answers written the way Paystack's own documentation shows them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paystackClient } from '../../server/money/paystack-client';
import {
  chargeSuccessEvent,
  refundCreate,
  refundCreateResponse,
  refundProcessedEvent,
  transactionInitialize,
  transactionInitializeResponse,
  verifyResponse,
} from '../../server/money/paystack-schemas';
import { isSignedBy, signatureOf } from '../../server/money/paystack-signature';
import { testGatewayRoutes } from '../../server/routes/paystack-test-gateway';
import { waitUntil } from '../support/mail';

const SECRET = 'sk_test_contract';

let gateway: FastifyInstance;
let origin = '';
const events: Array<{ body: string; signature: unknown }> = [];
beforeAll(async () => {
  gateway = Fastify();
  // The product's side: the raw bytes, as its webhook route reads them.
  await gateway.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    hook.post('/hook', async (request) => {
      events.push({
        body: request.body as string,
        signature: request.headers['x-paystack-signature'],
      });
      return { ok: true };
    });
  });
  await gateway.register(
    testGatewayRoutes({
      secretKey: SECRET,
      origin: () => origin,
      webhookUrl: () => `${origin}/hook`,
      log: gateway.log,
    }),
    { prefix: '/test-paystack' },
  );
  origin = await gateway.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await gateway?.close();
});

const gatewayCall = async (method: string, path: string, body?: unknown, key = SECRET) => {
  const response = await fetch(`${origin}/test-paystack/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('the test gateway answers as Paystack does', () => {
  it('initialize, verify, the checkout, charge.success, refund and refund.processed', async () => {
    const init = await gatewayCall('POST', 'transaction/initialize', {
      email: 'ada@example.com',
      amount: 500_000,
      currency: 'NGN',
      reference: 'RL-CONTRACT-1',
      callback_url: 'http://127.0.0.1:9/orders/RL-X',
      metadata: { order_reference: 'RL-X' },
    });
    expect(init.status).toBe(200);
    const started = transactionInitializeResponse.parse(init.body);
    expect(
      verifyResponse.parse((await gatewayCall('GET', 'transaction/verify/RL-CONTRACT-1')).body).data
        .status,
    ).toBe('ongoing');

    const pressed = await fetch(started.data.authorization_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(
      'http://127.0.0.1:9/orders/RL-X?trxref=RL-CONTRACT-1&reference=RL-CONTRACT-1',
    );
    const verified = verifyResponse.parse(
      (await gatewayCall('GET', 'transaction/verify/RL-CONTRACT-1')).body,
    ).data;
    expect(verified).toMatchObject({
      status: 'success',
      amount: 500_000,
      currency: 'NGN',
      reference: 'RL-CONTRACT-1',
    });

    await waitUntil('charge.success', () => events.length === 1);
    expect(isSignedBy(SECRET, Buffer.from(events[0]!.body), events[0]!.signature)).toBe(true);
    expect(chargeSuccessEvent.parse(JSON.parse(events[0]!.body)).data.reference).toBe(
      'RL-CONTRACT-1',
    );

    const refunded = refundCreateResponse.parse(
      (
        await gatewayCall('POST', 'refund', {
          transaction: 'RL-CONTRACT-1',
          amount: 200_000,
          currency: 'NGN',
        })
      ).body,
    );
    expect(refunded.data).toMatchObject({
      amount: 200_000,
      transaction: { reference: 'RL-CONTRACT-1' },
    });
    await waitUntil('refund.processed', () => events.length === 2);
    expect(refundProcessedEvent.parse(JSON.parse(events[1]!.body)).data).toMatchObject({
      transaction_reference: 'RL-CONTRACT-1',
      amount: 200_000,
    });
    expect(
      (await gatewayCall('POST', 'refund', { transaction: 'RL-CONTRACT-1', amount: 400_000 }))
        .status,
    ).toBe(400);
  });

  it('refuses a wrong key, a duplicate reference and an unknown one as Paystack does', async () => {
    expect(
      (
        await gatewayCall(
          'POST',
          'transaction/initialize',
          { email: 'a@example.com', amount: 100 },
          'sk_test_wrong',
        )
      ).status,
    ).toBe(401);
    await gatewayCall('POST', 'transaction/initialize', {
      email: 'a@example.com',
      amount: 100,
      reference: 'RL-DUP',
    });
    expect(
      (
        await gatewayCall('POST', 'transaction/initialize', {
          email: 'a@example.com',
          amount: 100,
          reference: 'RL-DUP',
        })
      ).status,
    ).toBe(400);
    expect((await gatewayCall('GET', 'transaction/verify/RL-NOPE')).status).toBe(404);
  });

  it('shows a checkout marked TEST MODE with Pay and Decline', async () => {
    const started = transactionInitializeResponse.parse(
      (
        await gatewayCall('POST', 'transaction/initialize', {
          email: 'a@example.com',
          amount: 48_500_000,
        })
      ).body,
    );
    const html = await (await fetch(started.data.authorization_url)).text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('₦485,000.00');
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);
  });
});

describe('the client sends what Paystack takes and reads what Paystack answers', () => {
  let paystack: FastifyInstance;
  let base = '';
  const received: Array<{ path: string; body: unknown; authorization: unknown }> = [];
  beforeAll(async () => {
    paystack = Fastify();
    paystack.addHook('onRequest', async (request) => {
      received.push({
        path: request.url,
        body: null,
        authorization: request.headers.authorization,
      });
    });
    paystack.addHook('preHandler', async (request) => {
      received.at(-1)!.body = request.body ?? null;
    });
    // Answers as Paystack's API reference shows them (abridged to the documented fields).
    paystack.post('/transaction/initialize', async () => ({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: 'https://checkout.paystack.com/0peioxfhpn',
        access_code: '0peioxfhpn',
        reference: '7PVGX8MEk85tgeEpVDtD',
      },
    }));
    paystack.get('/transaction/verify/:reference', async () => ({
      status: true,
      message: 'Verification successful',
      data: {
        id: 4099260516,
        domain: 'test',
        status: 'success',
        reference: 're4lyvq3s3',
        receipt_number: null,
        amount: 40333,
        message: null,
        gateway_response: 'Successful',
        paid_at: '2024-08-22T09:15:02.000Z',
        created_at: '2024-08-22T09:14:24.000Z',
        channel: 'card',
        currency: 'NGN',
        ip_address: '197.210.54.33',
        metadata: '',
        log: null,
        fees: 10283,
        fees_split: null,
        authorization: {
          authorization_code: 'AUTH_uh8bcl3zbn',
          bin: '408408',
          last4: '4081',
          card_type: 'visa ',
        },
        customer: { id: 181873746, email: 'demo@test.com' },
        plan: null,
        split: {},
        order_id: null,
        paidAt: '2024-08-22T09:15:02.000Z',
        createdAt: '2024-08-22T09:14:24.000Z',
        requested_amount: 30050,
        pos_transaction_data: null,
        source: null,
        fees_breakdown: null,
      },
    }));
    paystack.get('/transaction/verify/unknown', async (_request, reply) =>
      reply.code(404).send({ status: false, message: 'Transaction reference not found' }),
    );
    paystack.post('/refund', async () => ({
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id: 1004723697,
          domain: 'live',
          reference: 'T685312322670591',
          amount: 10000,
          paid_at: '2021-08-20T18:34:11.000Z',
          channel: 'apple_pay',
          currency: 'NGN',
          authorization: { exp_month: null, exp_year: null, account_name: null },
          customer: { international_format_phone: null },
          plan: {},
          subaccount: { currency: null },
          split: {},
          order_id: null,
          paidAt: '2021-08-20T18:34:11.000Z',
          pos_transaction_data: null,
          source: null,
          fees_breakdown: null,
        },
        integration: 412829,
        deducted_amount: 0,
        channel: null,
        merchant_note: 'Refund for transaction T685312322670591 by test@me.com',
        customer_note: 'Refund for transaction T685312322670591',
        status: 'pending',
        refunded_by: 'test@me.com',
        expected_at: '2021-12-16T09:21:17.016Z',
        currency: 'NGN',
        domain: 'live',
        amount: 10000,
        fully_deducted: true,
        id: 3018284,
        createdAt: '2021-12-07T09:21:17.122Z',
        updatedAt: '2021-12-07T09:21:17.122Z',
      },
    }));
    base = await paystack.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await paystack?.close();
  });

  it("initializes, verifies and refunds with Paystack's request shapes and its key", async () => {
    const client = paystackClient('sk_live_abc', () => base);
    expect(
      await client.initialize({
        email: 'demo@test.com',
        amount: 40333,
        currency: 'NGN',
        reference: 'RL-1',
        callback_url: 'https://relo.ng/orders/RL-1',
        metadata: { order_reference: 'RL-1' },
      }),
    ).toEqual({
      authorization_url: 'https://checkout.paystack.com/0peioxfhpn',
      reference: '7PVGX8MEk85tgeEpVDtD',
    });
    expect(await client.verify('re4lyvq3s3')).toMatchObject({
      status: 'success',
      amount: 40333,
      currency: 'NGN',
      channel: 'card',
    });
    expect(await client.verify('unknown')).toBeNull();
    expect(
      await client.refund({ transaction: 'T685312322670591', amount: 10000, currency: 'NGN' }),
    ).toEqual({ id: 3018284, status: 'pending' });

    expect(received.every((request) => request.authorization === 'Bearer sk_live_abc')).toBe(true);
    const sent = (path: string) => received.find((request) => request.path === path)!.body;
    expect(transactionInitialize.safeParse(sent('/transaction/initialize')).success).toBe(true);
    expect(refundCreate.safeParse(sent('/refund')).success).toBe(true);
  });

  it('turns a failure into a message without the key', async () => {
    const client = paystackClient('sk_live_secret_value', () => `${base}/nowhere`);
    const failure = await client
      .initialize({ email: 'a@example.com', amount: 100 })
      .catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).not.toContain(
      'sk_live_secret_value',
    );
  });

  it('checks the signature over the raw bytes in constant time', () => {
    const body = Buffer.from('{"event":"charge.success"}');
    expect(isSignedBy(SECRET, body, signatureOf(SECRET, body))).toBe(true);
    expect(isSignedBy(SECRET, body, signatureOf('other', body))).toBe(false);
    expect(isSignedBy(SECRET, body, signatureOf(SECRET, body).slice(2))).toBe(false);
    expect(isSignedBy(SECRET, body, undefined)).toBe(false);
    expect(isSignedBy(SECRET, body, ['a'])).toBe(false);
  });
});
