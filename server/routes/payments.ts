/**
 * The money calls (docs/operations.md, "Payments"; the Money section of the contract): the owner
 * starts and verifies an online payment and reads a receipt; Paystack's signed webhook; staff
 * record office payments, mark office refunds paid and list the refunds due. Each hands over to
 * server/money.
 */
import type { FastifyInstance } from 'fastify';
import { calls, formatNaira, MAX_UPLOAD_BYTES, PAGE_SIZE } from '../../src/api/contract';
import { currentUser, staffActor } from '../accounts/auth';
import { notFound, Problem } from '../http/problems';
import { publicOrigin } from '../http/public-origin';
import { findShipment } from '../orders/shipments';
import { staffView } from '../orders/orders';
import { paymentOf } from '../money/balances';
import { recordOfficePayment, settleCharge, startPayment, verifyPayment } from '../money/payments';
import { paymentLimits } from '../http/payment-limits';
import { anyEvent, webhookEvent } from '../money/paystack-schemas';
import { isSignedBy, SIGNATURE_HEADER } from '../money/paystack-signature';
import { receiptOf } from '../money/receipts';
import { cardRefundProcessed, markRefundDone } from '../money/refunds';
import { refundsWaiting } from '../money/refund-list';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';
import {
  ownOrder as ownOrderOf,
  shipmentOf as findOrder,
  viewSettingsOf,
  type OrderRequest,
} from './order-lookup';
import { UNKNOWN_REFERENCE } from './tracking';

const verdicts = {
  pending: 'Your payment is not confirmed yet: this page checks again in a moment.',
  paid: 'Payment received: thank you.',
  failed: 'The payment did not go through: nothing was charged. You can try again.',
  mismatch:
    'Paystack reported another amount than we asked: nothing is counted yet, and our team will contact you.',
} as const;

export const UNSIGNED_WEBHOOK = 'This webhook is not signed with our Paystack key.';

export async function paymentRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db, mailer, paystack, config } = services;
  const viewSettings = viewSettingsOf(services);
  const ownOrder = (request: OrderRequest) => ownOrderOf(db, request);

  const limits = paymentLimits(app, config);

  contractRoute(app, services, 'startPayment', async (request) => {
    const { shipment, customer } = await ownOrder(request);
    await limits.count(request);
    // The order's page on the public site (PUBLIC_URL), whatever Host or Origin the request named.
    const callback = `${publicOrigin(app, config)}/orders/${encodeURIComponent(shipment.reference)}`;
    return {
      message: calls.startPayment.success,
      data: await startPayment(db, paystack.client, shipment, customer.email, callback),
    };
  });

  contractRoute(app, services, 'verifyPayment', async (request) => {
    const { shipment } = await ownOrder(request);
    await limits.count(request);
    const settled = await verifyPayment(db, mailer, paystack.client, shipment, request.params.key);
    if (settled.refundOwed) void services.refunds?.now();
    const now = (await findShipment(db, shipment.reference)) ?? shipment;
    return {
      message: verdicts[settled.state],
      data: {
        reference: request.params.key,
        state: settled.state,
        paid: settled.state === 'paid',
        payment: paymentOf(now),
        receipt: settled.receipt,
      },
    };
  });

  contractRoute(app, services, 'receipt', async (request) => {
    const user = currentUser(request);
    const shipment = await findShipment(db, request.params.id);
    if (!shipment || (shipment.user_id !== user.id && user.role !== 'staff'))
      throw notFound(UNKNOWN_REFERENCE);
    const receipt = await receiptOf(db, shipment, request.params.key);
    if (!receipt) throw notFound('This order has no receipt with that number.');
    return { message: calls.receipt.success, data: receipt };
  });

  // Signed over the exact bytes Paystack sent: this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      `/${calls.paystackWebhook.path}`,
      { config: { call: 'paystackWebhook' } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!isSignedBy(paystack.secretKey, raw, request.headers[SIGNATURE_HEADER]))
          throw new Problem(401, UNSIGNED_WEBHOOK);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new Problem(400, 'The event is not JSON.');
        }
        const event = webhookEvent.safeParse(body);
        if (!event.success) {
          if (
            anyEvent.safeParse(body).success &&
            !['charge.success', 'refund.processed'].includes((body as { event: string }).event)
          ) {
            return { message: 'Event ignored' };
          }
          throw new Problem(400, 'The event does not have the shape Paystack sends.');
        }
        if (event.data.event === 'charge.success') {
          const settled = await settleCharge(mailer, event.data.data);
          if (settled?.refundOwed) void services.refunds?.now();
        } else {
          const processed = event.data.data;
          await mailer.transaction((trx) => cardRefundProcessed(trx, processed));
        }
        return { message: 'Event handled' };
      },
    );
  });

  const shipmentOf = (reference: string) => findOrder(db, reference);

  contractRoute(app, services, 'staffRecordPayment', async (request) => {
    const shipment = await shipmentOf(request.params.id);
    const receipt = await recordOfficePayment(
      mailer,
      shipment.id,
      request.body,
      staffActor(request),
    );
    return {
      message: `${formatNaira(request.body.amount_kobo)} recorded as receipt ${receipt}; the customer was mailed.`,
      data: await staffView(db, shipment, viewSettings),
    };
  });

  contractRoute(app, services, 'staffRefundDone', async (request) => {
    const shipment = await shipmentOf(request.params.id);
    const refundId = Number(request.params.key);
    if (!Number.isSafeInteger(refundId) || refundId <= 0 || refundId > 2 ** 31 - 1)
      throw notFound('This order has no such refund.');
    await mailer.transaction((trx) =>
      markRefundDone(trx, shipment.id, refundId, request.body.reference, staffActor(request)),
    );
    return {
      message: 'Refund marked paid; the customer was mailed.',
      data: await staffView(db, shipment, viewSettings),
    };
  });

  contractRoute(app, services, 'staffRefunds', async (request) => ({
    message: calls.staffRefunds.success,
    ...(await refundsWaiting(db, request.query.cursor, request.query.limit ?? PAGE_SIZE)),
  }));
}
