/**
 * Paying over real HTTP against the built-in test gateway (docs/operations.md, "Payments"): an
 * order with an accepted price, the checkout's Pay or Decline as a browser posts it, and Paystack's
 * signed events as the gateway (or a retrying Paystack) sends them.
 */
import crypto from 'node:crypto';
import {
  call,
  get,
  inDays,
  post,
  quote,
  scheduledDelivery,
  type Answer,
  type Customer,
} from './api';
import type { TestServer } from './server';

type Reachable = Pick<TestServer, 'apiUrl' | 'origin'>;

/** The test-mode secret key the server made for itself (kept with its other keys). */
export async function testSecretOf(server: Pick<TestServer, 'app'>): Promise<string> {
  const row = await server.app.db
    .selectFrom('server_keys')
    .select('key')
    .where('name', '=', 'paystack-test-secret')
    .executeTakeFirstOrThrow();
  return `sk_test_${Buffer.from(row.key, 'base64').toString('hex')}`;
}

/** A scheduled delivery picked up `pickupInDays` from today, priced by staff and accepted by its customer. */
export async function acceptedOrder(
  server: Reachable,
  customer: Customer,
  staff: Customer,
  priceKobo: number,
  pickupInDays = 10,
): Promise<string> {
  const booked = await post(
    server,
    'users/schedule/delivery',
    {
      ...scheduledDelivery(),
      pickup_date: inDays(pickupInDays),
      delivery_date: inDays(pickupInDays + 1),
    },
    customer.token,
  );
  return acceptPrice(server, customer, staff, booked, priceKobo);
}

/** A move on `movingInDays` from today (inspected the day before), priced by staff and accepted. */
export async function acceptedMove(
  server: Reachable,
  customer: Customer,
  staff: Customer,
  priceKobo: number,
  movingInDays: number,
): Promise<string> {
  const booked = await post(
    server,
    'users/state-service',
    {
      ...quote(),
      moving_date: inDays(movingInDays),
      date_of_inspection: inDays(movingInDays - 1),
    },
    customer.token,
  );
  return acceptPrice(server, customer, staff, booked, priceKobo);
}

async function acceptPrice(
  server: Reachable,
  customer: Customer,
  staff: Customer,
  booked: Answer,
  priceKobo: number,
): Promise<string> {
  if (booked.status !== 200)
    throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  const reference = booked.body.data.reference_number as string;
  const offered = await post(
    server,
    `staff/orders/${reference}/offer`,
    { amount_kobo: priceKobo, valid_until: inDays(7) },
    staff.token,
  );
  if (offered.status !== 200)
    throw new Error(`offer: ${offered.status} ${JSON.stringify(offered.body)}`);
  const offerId = (await get(server, `users/orders/${reference}`, customer.token)).body.data.offer
    .id;
  const accepted = await post(
    server,
    `users/orders/${reference}/offer/accept`,
    { offer_id: offerId },
    customer.token,
  );
  if (accepted.status !== 200)
    throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return reference;
}

export const startPayment = (server: Reachable, reference: string, customer: Customer) =>
  post(server, `users/orders/${reference}/payments`, undefined, customer.token);

/** Presses Pay or Decline on the test checkout, as the browser's form does; answers where it redirects. */
export async function checkout(
  authorizationUrl: string,
  outcome: 'pay' | 'decline',
  extra: Record<string, string> = {},
): Promise<{ status: number; location: string | null }> {
  const response = await fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome, ...extra }).toString(),
    redirect: 'manual',
  });
  await response.text();
  return { status: response.status, location: response.headers.get('location') };
}

/** Starts a payment and presses `outcome`; answers the Paystack reference. */
export async function pay(
  server: Reachable,
  reference: string,
  customer: Customer,
  outcome: 'pay' | 'decline' = 'pay',
  extra: Record<string, string> = {},
): Promise<string> {
  const started = await startPayment(server, reference, customer);
  if (started.status !== 200)
    throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  await checkout(started.body.data.authorization_url, outcome, extra);
  return started.body.data.reference as string;
}

export const verify = (
  server: Reachable,
  reference: string,
  paystackReference: string,
  customer: Customer,
) => get(server, `users/orders/${reference}/payments/${paystackReference}`, customer.token);

export const signed = (secret: string, body: string) =>
  crypto.createHmac('sha512', secret).update(body).digest('hex');

/** Posts `body` to the webhook as Paystack does, signed with `secret` (or with the signature given). */
export function sendWebhook(
  server: Reachable,
  body: string,
  signature: string | null,
): Promise<Answer> {
  return call(server, 'POST', 'payments/paystack/webhook', body, undefined, {
    'content-type': 'application/json',
    ...(signature === null ? {} : { 'x-paystack-signature': signature }),
  });
}

/** The transaction as the test gateway reports it to a verify with the key. */
export async function gatewayTransaction(
  server: Reachable,
  secret: string,
  paystackReference: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(
    `${server.origin}/test-paystack/transaction/verify/${paystackReference}`,
    { headers: { authorization: `Bearer ${secret}` } },
  );
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/**
 * The customer cancels as their order page does: reading the order, naming the accepted price it
 * shows (issue 33, item 4: a cancel that does not name an accepted price answers 409).
 */
export async function cancelAsPage(
  server: Reachable,
  reference: string,
  customer: Customer,
  reason = 'Plans changed',
): Promise<Answer> {
  const shown = (await get(server, `users/orders/${reference}`, customer.token)).body.data as {
    offer: { id: number; state: string; correction?: { offer_id: number } | null } | null;
  };
  const offer = shown.offer;
  const offer_id =
    offer?.state === 'accepted' ? offer.id : (offer?.correction?.offer_id ?? undefined);
  return post(server, `users/orders/${reference}/cancel`, { reason, offer_id }, customer.token);
}
