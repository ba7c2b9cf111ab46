/**
 * Where payments and mails send people, and how often a payment may be started (docs/operations.md,
 * "Payments"): Paystack's callback and every link in a mail are full addresses on the site's public
 * origin (PUBLIC_URL), whatever Host or Origin a request names; starting and verifying payments is
 * limited per account and per order, with a 429 that says how long to wait.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import {
  paymentAccountLimitMessage,
  paymentOrderLimitMessage,
} from '../../server/http/payment-limits';
import { readOutbox } from '../support/mail';
import { acceptedOrder, checkout, startPayment, verify } from '../support/payments';
import { startTestServer, type TestServer } from '../support/server';
import { signUpStaff } from '../support/staff';
import { inDays, post, signUp, type Answer, type Customer } from '../support/api';

const SITE = 'https://relo.example';
const PRICE = 2_500_000;

let server: TestServer;
let staff: Customer;
beforeAll(async () => {
  server = await startTestServer({
    publicUrl: SITE,
    staffEmail: 'dispatch@relo.example',
    paymentAccountLimit: { max: 5, windowMs: 60_000 },
    paymentOrderLimit: { max: 3, windowMs: 60_000 },
  });
  staff = await signUpStaff(server);
});
afterAll(async () => {
  await server?.close();
});

/** A POST with the headers a client chooses, Host among them (fetch would not send a Host of our choosing). */
function postWithHeaders(
  path: string,
  token: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const url = new URL(`${server.apiUrl}/${path}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(response.headers as Record<string, string>),
            body: JSON.parse(text),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('PUBLIC_URL', () => {
  it('is where Paystack sends the customer back, whatever Host or Origin the request named, and every mail links to the order with a full address', async () => {
    const customer = await signUp(server);
    const reference = await acceptedOrder(server, customer, staff, PRICE);
    const started = await postWithHeaders(`users/orders/${reference}/payments`, customer.token, {
      host: 'evil.example',
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const back = await checkout(started.body.data.authorization_url, 'pay');
    expect(back.status).toBe(303);
    const returned = new URL(back.location!);
    expect(returned.origin).toBe(SITE);
    expect(returned.pathname).toBe(`/orders/${reference}`);
    expect((await verify(server, reference, started.body.data.reference, customer)).status).toBe(
      200,
    );
    // The customer asks for new dates (a mail to staff), then staff cancel the paid order (its refund).
    const moved = await post(
      server,
      `users/orders/${reference}/reschedule`,
      { pickup_date: inDays(12), delivery_date: inDays(13) },
      customer.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const cancelled = await post(
      server,
      `staff/orders/${reference}/status`,
      { status: 'Cancelled', note: 'Customer called', confirm_accepted: true },
      staff.token,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const mails = await readOutbox(server);
    const toCustomer = mails.filter(
      (mail) => mail.to === customer.email && mail.text.includes(reference),
    );
    const kinds = ['request', 'price', 'Receipt', 'Cancelled', 'refund'];
    for (const kind of kinds)
      expect(
        toCustomer.some((mail) => mail.subject.includes(kind)),
        `${kind} in ${toCustomer.map((mail) => mail.subject).join(' | ')}`,
      ).toBe(true);
    for (const mail of toCustomer) {
      expect(mail.text, mail.subject).toContain(`${SITE}/orders/${reference}`);
      expect(mail.text, mail.subject).not.toContain('{site}');
    }
    // A payment in test mode is marked so: "TEST Receipt …".
    const receipt = toCustomer.find((mail) => /^(TEST )?Receipt/.test(mail.subject))!;
    expect(receipt.text).toMatch(
      new RegExp(`${SITE}/orders/${reference}/receipts/RCT-\\d{4}-\\d{6}`),
    );
    const toStaff = mails.find(
      (mail) => mail.to === 'dispatch@relo.example' && mail.subject.startsWith(reference),
    );
    expect(toStaff?.text).toContain(
      `See the order in the staff workspace: ${SITE}/staff/orders/${reference}`,
    );
    expect(toStaff?.text).not.toMatch(/: \/staff\//);
  });

  it('is an http(s) origin; unset, the server uses its own address', () => {
    expect(readConfig({ PUBLIC_URL: 'https://relo.ng/' }).publicUrl).toBe('https://relo.ng');
    expect(readConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(readConfig({}).publicUrl).toBeNull();
    for (const wrong of [
      'relo.ng',
      'ftp://relo.ng',
      'https://relo.ng/shop',
      'https://a:b@relo.ng',
      'https://relo.ng/?x=1',
    ])
      expect(() => readConfig({ PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL=.*public origin/);
  });
});

describe('PAYMENT_ACCOUNT_RATE_LIMIT and PAYMENT_ORDER_RATE_LIMIT', () => {
  it('refuse starts and verifications beyond the order limit, then beyond the account limit, with 429, a message and Retry-After', async () => {
    const customer = await signUp(server);
    const first = await acceptedOrder(server, customer, staff, PRICE);
    const second = await acceptedOrder(server, customer, staff, PRICE);
    // A stranger's tries on the order find nothing and spend none of its count.
    const stranger = await signUp(server);
    for (let i = 0; i < 4; i += 1)
      expect((await startPayment(server, first, stranger)).status).toBe(404);

    const started = await startPayment(server, first, customer);
    expect(started.status).toBe(200);
    expect((await startPayment(server, first, customer)).status).toBe(200);
    expect((await verify(server, first, started.body.data.reference, customer)).status).toBe(200);
    const orderSpent = await startPayment(server, first, customer);
    expect(orderSpent.status).toBe(429);
    expect(orderSpent.body.message).toBe(paymentOrderLimitMessage(60_000));
    expect(Number(orderSpent.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await verify(server, first, started.body.data.reference, customer)).status).toBe(429);

    // Five counted for the account so far (the refused ones too): its sixth is refused on any order.
    const accountSpent = await startPayment(server, second, customer);
    expect(accountSpent.status).toBe(429);
    expect(accountSpent.body.message).toBe(paymentAccountLimitMessage(60_000));
    expect(Number(accountSpent.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another customer's account and orders keep their own counts.
    const other = await signUp(server);
    const theirs = await acceptedOrder(server, other, staff, PRICE);
    expect((await startPayment(server, theirs, other)).status).toBe(200);
  });

  it('are read from the environment, with defaults', () => {
    const defaults = readConfig({});
    expect(defaults.paymentAccountLimit).toEqual({ max: 30, windowMs: 600_000 });
    expect(defaults.paymentOrderLimit).toEqual({ max: 10, windowMs: 600_000 });
    const set = readConfig({
      PAYMENT_ACCOUNT_RATE_LIMIT: '12',
      PAYMENT_ACCOUNT_RATE_WINDOW_SECONDS: '3600',
      PAYMENT_ORDER_RATE_LIMIT: '4',
      PAYMENT_ORDER_RATE_WINDOW_SECONDS: '300',
    });
    expect(set.paymentAccountLimit).toEqual({ max: 12, windowMs: 3_600_000 });
    expect(set.paymentOrderLimit).toEqual({ max: 4, windowMs: 300_000 });
  });
});
