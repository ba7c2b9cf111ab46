/** The staff's lists besides orders: partner applications with their status, and newsletter subscribers (also as CSV). */
import type { FastifyInstance } from 'fastify';
import { applicationStatusLabels, calls } from '../../src/api/contract';
import { isRowId } from '../http/address';
import { csvStream, sendCsv, wantsCsv } from '../http/csv';
import { notFound } from '../http/problems';
import type { RoutesOptions } from '../services';
import {
  applicationsPage,
  everySubscriber,
  setApplicationStatus,
  subscribersPage,
} from '../staff/lists';
import { contractRoute } from './contract-route';

const UNKNOWN_APPLICATION = 'No application has this number: reload the list.';

async function* subscriberRows(batches: ReturnType<typeof everySubscriber>) {
  for await (const batch of batches) yield batch.map((row) => [row.email, row.created_at]);
}

export async function staffListRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db } = services;

  contractRoute(app, services, 'staffApplications', async (request) => ({
    message: calls.staffApplications.success,
    ...(await applicationsPage(db, request.query)),
  }));

  contractRoute(app, services, 'staffSetApplicationStatus', async (request) => {
    const updated = isRowId(request.params.id)
      ? await setApplicationStatus(db, Number(request.params.id), request.body.status)
      : undefined;
    if (!updated) throw notFound(UNKNOWN_APPLICATION);
    return { message: `Marked ${applicationStatusLabels[updated.status]}.`, data: updated };
  });

  // `Accept: text/csv` (first in the header) streams every subscriber; JSON answers a page.
  contractRoute(app, services, 'staffSubscribers', async (request, reply) => {
    if (wantsCsv(request))
      return sendCsv(
        reply,
        'subscribers.csv',
        csvStream(['email', 'subscribed_at'], subscriberRows(everySubscriber(db))),
      );
    return {
      message: calls.staffSubscribers.success,
      ...(await subscribersPage(db, request.query)),
    };
  });
}
