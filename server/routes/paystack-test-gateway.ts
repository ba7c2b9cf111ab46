/**
 * The built-in Paystack-compatible test gateway (docs/operations.md, "Payments"): mounted on the
 * product's own server under /test-paystack while no PAYSTACK_SECRET_KEY is set, and reached by the
 * product's Paystack client over real HTTP, exactly as Paystack would be. It answers
 * initialize, verify and refund with Paystack's shapes (../money/paystack-schemas.ts), serves a
 * checkout page marked TEST MODE with Pay and Decline, sends `charge.success` signed with the
 * test key when Pay is pressed, redirects to the `callback_url` with `?trxref=&reference=` as
 * Paystack does, and sends `refund.processed` after a refund. Transactions live in memory: like
 * a real gateway, it is another system, and a restart of the server is a fresh test account.
 *
 * The checkout's form also takes `amount` and `currency` (kobo and a code), absent from the
 * page: tests post them to charge another amount or currency than was asked.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatNaira } from '../../src/api/contract';
import { TEST_GATEWAY_PREFIX, type TestGateway } from '../money/paystack';
import {
  refundCreate,
  transactionInitialize,
  type PaystackTransaction,
} from '../money/paystack-schemas';
import { SIGNATURE_HEADER, signatureOf } from '../money/paystack-signature';
import { ownOrigin } from '../http/public-origin';

interface TestTransaction extends PaystackTransaction {
  access_code: string;
  email: string;
  callback_url: string | null;
  refunded: number;
}

export interface TestGatewayOptions {
  secretKey: string;
  /** The gateway's own origin (http://host:port), for its checkout links; known once it listens. */
  origin: () => string;
  /** Where the product takes Paystack's events (the URL registered on Paystack's dashboard). */
  webhookUrl: () => string;
  log: FastifyInstance['log'];
}

/** The test gateway on `app` itself, as ../money/paystack.ts mounts it in test mode. */
export const testGatewayOn = (app: FastifyInstance): TestGateway => ({
  origin: () => ownOrigin(app),
  async mount(secretKey, webhookPath) {
    const origin = () => ownOrigin(app);
    await app.register(
      testGatewayRoutes({
        secretKey,
        origin,
        webhookUrl: () => `${origin()}${webhookPath}`,
        log: app.log,
      }),
      { prefix: TEST_GATEWAY_PREFIX },
    );
  },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const unauthorized = { status: false, message: 'Invalid key' };

export function testGatewayRoutes(options: TestGatewayOptions) {
  const transactions = new Map<string, TestTransaction>();
  const byAccessCode = new Map<string, string>();
  let nextId = 1_000_000;

  /** Paystack retries a webhook that is not answered 200; a few tries are enough here. */
  async function sendEvent(event: unknown): Promise<void> {
    const body = JSON.stringify(event);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const response = await fetch(options.webhookUrl(), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signatureOf(options.secretKey, body),
          },
          body,
        });
        if (response.ok) return;
      } catch {
        // The server may be closing or busy: try again shortly.
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
    options.log.warn('test gateway: a webhook was not accepted after 5 tries');
  }

  const authorized = (request: FastifyRequest) =>
    request.headers.authorization === `Bearer ${options.secretKey}`;
  const publicView = ({
    access_code: _a,
    email: _e,
    callback_url: _c,
    refunded: _r,
    ...transaction
  }: TestTransaction): PaystackTransaction => transaction;

  return async function routes(app: FastifyInstance) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    app.post('/transaction/initialize', async (request, reply) => {
      if (!authorized(request)) return reply.code(401).send(unauthorized);
      const parsed = transactionInitialize.safeParse(request.body);
      if (!parsed.success)
        return reply
          .code(400)
          .send({ status: false, message: 'Invalid request: email and amount are required' });
      const reference = parsed.data.reference ?? crypto.randomBytes(8).toString('hex');
      if (transactions.has(reference))
        return reply.code(400).send({ status: false, message: 'Duplicate Transaction Reference' });
      const access_code = crypto.randomBytes(10).toString('hex');
      transactions.set(reference, {
        id: nextId++,
        domain: 'test',
        status: 'ongoing',
        reference,
        amount: parsed.data.amount,
        gateway_response: 'The transaction has not been completed',
        paid_at: null,
        created_at: new Date().toISOString(),
        channel: 'card',
        currency: parsed.data.currency ?? 'NGN',
        metadata: parsed.data.metadata ?? null,
        access_code,
        email: parsed.data.email,
        callback_url: parsed.data.callback_url ?? null,
        refunded: 0,
      });
      byAccessCode.set(access_code, reference);
      return {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${options.origin()}${TEST_GATEWAY_PREFIX}/checkout/${access_code}`,
          access_code,
          reference,
        },
      };
    });

    app.get<{ Params: { reference: string } }>(
      '/transaction/verify/:reference',
      async (request, reply) => {
        if (!authorized(request)) return reply.code(401).send(unauthorized);
        const transaction = transactions.get(request.params.reference);
        if (!transaction)
          return reply
            .code(404)
            .send({ status: false, message: 'Transaction reference not found' });
        return { status: true, message: 'Verification successful', data: publicView(transaction) };
      },
    );

    app.post('/refund', async (request, reply) => {
      if (!authorized(request)) return reply.code(401).send(unauthorized);
      const parsed = refundCreate.safeParse(request.body);
      const transaction = parsed.success ? transactions.get(parsed.data.transaction) : undefined;
      if (!parsed.success || !transaction)
        return reply.code(400).send({ status: false, message: 'Transaction not found' });
      if (transaction.status !== 'success')
        return reply.code(400).send({ status: false, message: 'Transaction has not been paid' });
      const amount = parsed.data.amount ?? transaction.amount - transaction.refunded;
      if (amount <= 0 || amount > transaction.amount - transaction.refunded) {
        return reply.code(400).send({
          status: false,
          message: 'Refund amount cannot be more than the unrefunded transaction amount',
        });
      }
      transaction.refunded += amount;
      const id = nextId++;
      const now = new Date().toISOString();
      // Paystack processes a refund later and says so with refund.processed.
      setTimeout(() => {
        void sendEvent({
          event: 'refund.processed',
          data: {
            status: 'processed',
            transaction_reference: transaction.reference,
            refund_reference: `TRF-${id}`,
            amount,
            currency: transaction.currency,
          },
        });
      }, 50);
      return {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: {
            id: transaction.id,
            reference: transaction.reference,
            amount: transaction.amount,
            currency: transaction.currency,
          },
          integration: 1,
          deducted_amount: 0,
          channel: null,
          merchant_note: parsed.data.merchant_note ?? '',
          customer_note: '',
          status: 'pending',
          refunded_by: 'test gateway',
          expected_at: now,
          currency: transaction.currency,
          domain: 'test',
          amount,
          fully_deducted: true,
          id,
          createdAt: now,
          updatedAt: now,
        },
      };
    });

    const checkoutOf = (request: FastifyRequest<{ Params: { code: string } }>) => {
      const reference = byAccessCode.get(request.params.code);
      return reference ? transactions.get(reference) : undefined;
    };

    app.get<{ Params: { code: string } }>('/checkout/:code', async (request, reply) => {
      const transaction = checkoutOf(request);
      if (!transaction)
        return reply
          .code(404)
          .type('text/html')
          .send(page('<h1>No such payment</h1><p>This test checkout link is not known.</p>'));
      const done = transaction.status !== 'ongoing';
      // The form's answer redirects to the callback: the site's form-action must allow its origin.
      const callbackOrigin = transaction.callback_url
        ? new URL(transaction.callback_url).origin
        : '';
      reply.header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${callbackOrigin}`.trim(),
      );
      return reply.type('text/html').send(
        page(`
          <p class="banner" role="note"><strong>TEST MODE</strong> · no real money moves</p>
          <h1>Pay ${escapeHtml(formatNaira(transaction.amount))}</h1>
          <dl>
            <dt>For</dt><dd>${escapeHtml(transaction.email)}</dd>
            <dt>Reference</dt><dd><code>${escapeHtml(transaction.reference)}</code></dd>
          </dl>
          ${
            done
              ? `<p>This payment is already ${escapeHtml(transaction.status)}.</p>`
              : `<form method="post">
                   <button name="outcome" value="pay" class="pay">Pay</button>
                   <button name="outcome" value="decline" class="decline">Decline</button>
                 </form>`
          }`),
      );
    });

    app.post<{ Params: { code: string }; Body: Record<string, string> }>(
      '/checkout/:code',
      async (request, reply: FastifyReply) => {
        const transaction = checkoutOf(request);
        if (!transaction)
          return reply.code(404).type('text/html').send(page('<h1>No such payment</h1>'));
        const body = request.body ?? {};
        if (transaction.status === 'ongoing') {
          if (body.outcome === 'pay') {
            const amount = Number(body.amount);
            if (Number.isInteger(amount) && amount > 0) transaction.amount = amount;
            if (typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency))
              transaction.currency = body.currency;
            transaction.status = 'success';
            transaction.gateway_response = 'Successful';
            transaction.paid_at = new Date().toISOString();
            void sendEvent({ event: 'charge.success', data: publicView(transaction) });
          } else {
            transaction.status = 'failed';
            transaction.gateway_response = 'Declined';
          }
        }
        if (!transaction.callback_url)
          return reply
            .type('text/html')
            .send(page(`<p>Payment ${escapeHtml(transaction.status)}.</p>`));
        const back = new URL(transaction.callback_url);
        back.searchParams.set('trxref', transaction.reference);
        back.searchParams.set('reference', transaction.reference);
        return reply.redirect(back.toString(), 303);
      },
    );
  };
}

/** The test checkout's page: readable from 320 px up, large buttons, plain HTML. */
function page(content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TEST MODE checkout</title>
<style>
  body { font: 18px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; background: #fafafa; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border: 2px dashed #b45309; border-radius: 8px; padding: 1rem 1.25rem; }
  .banner { background: #b45309; color: #fff; padding: .5rem .75rem; border-radius: 4px; margin: 0 0 1rem; }
  h1 { font-size: 1.6rem; margin: .25rem 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1.5rem; }
  dd { margin: 0; overflow-wrap: anywhere; }
  form { display: flex; flex-wrap: wrap; gap: .75rem; }
  button { flex: 1 1 8rem; font: inherit; font-weight: 600; padding: .9rem 1rem; border-radius: 6px; border: 2px solid #1a1a1a; cursor: pointer; }
  .pay { background: #166534; color: #fff; border-color: #166534; }
  .decline { background: #fff; color: #991b1b; border-color: #991b1b; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style></head>
<body><main>${content}</main></body></html>`;
}
