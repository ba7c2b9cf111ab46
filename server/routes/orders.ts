/**
 * The customer's own order: its page (details, history, open offer), the answer to a price
 * offer, cancelling it and moving its dates while it is To Inspect. Each call runs one use case
 * of server/orders (offer-answer.ts, cancel.ts, customer-changes.ts), which mails staff of it
 * (STAFF_EMAIL). Another customer's reference answers 404, as an unknown one.
 */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import type { Shipment } from '../db/database';
import { ownerView } from '../orders/orders';
import { cancelOrder } from '../orders/cancel';
import { rescheduleOrder } from '../orders/customer-changes';
import { answerOffer } from '../orders/offer-answer';
import { conflictWith } from '../http/problems';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';
import { ownOrder, viewSettingsOf, type OrderRequest } from './order-lookup';

export async function orderRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db } = services;
  const viewSettings = viewSettingsOf(services);

  const answer = async (message: string, shipment: Shipment) => ({
    message,
    data: await ownerView(db, shipment, viewSettings),
  });
  /** A refusal answers 409 with the order as it is now, so the page shows it without another call. */
  const refuse = async (message: string, shipment: Shipment) =>
    conflictWith(message, { order: await ownerView(db, shipment, viewSettings) });

  contractRoute(app, services, 'order', async (request) =>
    answer(calls.order.success, (await ownOrder(db, request)).shipment),
  );

  async function decide(
    request: OrderRequest,
    offerId: number,
    decision: 'accepted' | 'declined',
    reason: string | null,
  ) {
    const { shipment, customer } = await ownOrder(db, request);
    const { order, refused, refundOwed } = await answerOffer(services, {
      customer,
      shipment,
      offerId,
      decision,
      reason,
    });
    if (refused) throw await refuse(refused, order);
    if (refundOwed > 0) void services.refunds?.now();
    return answer(
      decision === 'accepted' ? calls.acceptOffer.success : calls.declineOffer.success,
      order,
    );
  }

  contractRoute(app, services, 'acceptOffer', async (request) =>
    decide(request, request.body.offer_id, 'accepted', null),
  );
  contractRoute(app, services, 'declineOffer', async (request) =>
    decide(request, request.body.offer_id, 'declined', request.body.reason),
  );

  contractRoute(app, services, 'cancelOrder', async (request) => {
    const { shipment, customer } = await ownOrder(db, request);
    const cancelled = await cancelOrder(services, {
      customer,
      shipment,
      reason: request.body.reason,
      offerId: request.body.offer_id,
    });
    if (cancelled.refused !== null) throw await refuse(cancelled.refused, cancelled.order);
    services.tracking.forget(cancelled.order.reference);
    void services.refunds?.now();
    return answer(calls.cancelOrder.success, cancelled.order);
  });

  contractRoute(app, services, 'rescheduleOrder', async (request) => {
    const { shipment, customer } = await ownOrder(db, request);
    await rescheduleOrder(services, { customer, shipment, dates: request.body });
    return answer(calls.rescheduleOrder.success, shipment);
  });
}
