/**
 * The crew's phone (docs/crews.md): the member's crew's jobs, and what they record at a stop (JSON,
 * or a form when photos go with it: `photos`, up to MAX_PROOF_PHOTOS; an Idempotency-Key makes a
 * repeat answered, not recorded again). Each hands over to
 * server/crews.
 */
import type { FastifyInstance } from 'fastify';
import { calls, MAX_PROOF_PHOTOS } from '../../src/api/contract';
import { currentUser } from '../accounts/auth';
import { crewJobs } from '../crews/jobs';
import { recordStopEvent } from '../crews/stop-events';
import { uploadedFiles } from '../http/uploads';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

export async function crewJobRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db } = services;

  contractRoute(app, services, 'crewJobs', async (request) => ({
    message: calls.crewJobs.success,
    data: await crewJobs(db, currentUser(request).id, request.query.date),
  }));

  contractRoute(
    app,
    services,
    'stopEvent',
    async (request) => {
      const recorded = await recordStopEvent(services, {
        member: currentUser(request),
        stopId: request.params.id,
        event: request.body,
        photos: uploadedFiles(request, 'photos'),
        idempotency: request.idempotencyKey,
      });
      if (recorded.moved) services.tracking.forget(recorded.reference);
      return { message: calls.stopEvent.success, data: recorded.stop };
    },
    // A phone sends an action again with its Idempotency-Key when the answer was lost, with a
    // new sent_at (its clock at each try).
    { files: MAX_PROOF_PHOTOS, idempotent: true, unhashed: ['sent_at'] },
  );
}
