/**
 * The staff's side of the day's work (docs/crews.md): crews and their members, assigning an
 * order to a crew for a window, the dispatch board of a day, and reviewing a handover made
 * without the code.
 */
import type { FastifyInstance } from 'fastify';
import { calls } from '../../src/api/contract';
import { staffActor } from '../accounts/auth';
import { reviewHandover } from '../crews/attention';
import { assignOrder } from '../crews/assignment';
import { windowLabel } from '../crews/assignment-view';
import { addMember, createCrew, crewsOf, removeMember } from '../crews/crews';
import { dispatchOf } from '../crews/dispatch';
import { staffView } from '../orders/orders';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';
import { shipmentOf, viewSettingsOf } from './order-lookup';

export async function crewStaffRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db } = services;
  const viewSettings = viewSettingsOf(services);

  contractRoute(app, services, 'staffCrews', async () => ({
    message: calls.staffCrews.success,
    data: await crewsOf(db),
  }));

  contractRoute(app, services, 'createCrew', async (request) => ({
    message: calls.createCrew.success,
    data: await createCrew(db, request.body),
  }));

  contractRoute(app, services, 'addCrewMember', async (request) => {
    const { crew, added } = await addMember(db, {
      crewId: request.params.id,
      email: request.body.email,
    });
    return {
      message: added
        ? `${request.body.email} is now in ${crew.name}: the crew's page is theirs from their next request.`
        : `${request.body.email} is already in ${crew.name}: nothing changed.`,
      data: crew,
    };
  });

  contractRoute(app, services, 'removeCrewMember', async (request) => ({
    message: calls.removeCrewMember.success,
    data: await removeMember(db, { crewId: request.params.id, userId: request.params.key }),
  }));

  contractRoute(app, services, 'assignOrder', async (request) => {
    const shipment = await shipmentOf(db, request.params.id);
    const answer = await assignOrder(services, db, {
      actor: staffActor(request),
      shipment,
      request: request.body,
    });
    services.tracking.forget(shipment.reference);
    const { assignment, conflicts } = answer;
    return {
      message: `Assigned to ${assignment.crew_name}, ${windowLabel(assignment)}${conflicts.length ? `: it overlaps ${conflicts.length} other job${conflicts.length === 1 ? '' : 's'} of the crew` : ''}.`,
      data: answer,
    };
  });

  contractRoute(app, services, 'dispatch', async (request) => ({
    message: calls.dispatch.success,
    data: await dispatchOf(db, request.query.date),
  }));

  contractRoute(app, services, 'reviewHandover', async (request) => {
    const shipment = await shipmentOf(db, request.params.id);
    await reviewHandover(db, {
      shipment,
      stopId: request.params.key,
      reviewerId: staffActor(request).actor_user_id,
    });
    return {
      message: calls.reviewHandover.success,
      data: await staffView(db, shipment, viewSettings),
    };
  });
}
