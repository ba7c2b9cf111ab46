/** The staff's lists besides orders: partner applications with their status, and newsletter subscribers (also as CSV). */
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { applicationStatusLabels, calls, type StaffApplication } from '../../src/api/contract';
import { isRowId } from '../http/address';
import { csvFile } from '../http/csv';
import type { ApplicationsTable } from '../db/database';
import { notFound } from '../http/problems';
import type { RoutesOptions } from '../services';
import { contractRoute } from './contract-route';

const applicationOf = ({ created_at, ...row }: Selectable<ApplicationsTable>): StaffApplication => ({
  ...row,
  created_at: created_at.toISOString(),
});

/** Keyset paging, newest first: one row more than the page says whether another page follows. */
function pageOf<T extends { id: number }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}

const UNKNOWN_APPLICATION = 'No application has this number: reload the list.';

export async function staffListRoutes(app: FastifyInstance, { services }: RoutesOptions) {
  const { db } = services;

  contractRoute(app, services, 'staffApplications', async (request) => {
    const { status, cursor, limit = 50 } = request.query;
    let query = db.selectFrom('applications').selectAll().orderBy('id', 'desc').limit(limit + 1);
    if (status) query = query.where('status', '=', status);
    if (cursor) query = query.where('id', '<', Number(cursor));
    const { page, next_cursor } = pageOf(await query.execute(), limit);
    return { message: calls.staffApplications.success, data: page.map(applicationOf), next_cursor };
  });

  contractRoute(app, services, 'staffSetApplicationStatus', async (request) => {
    const id = isRowId(request.params.id) ? Number(request.params.id) : null;
    const updated = id === null
      ? undefined
      : await db.updateTable('applications').set({ status: request.body.status }).where('id', '=', id).returningAll().executeTakeFirst();
    if (!updated) throw notFound(UNKNOWN_APPLICATION);
    return { message: `Marked ${applicationStatusLabels[updated.status]}.`, data: applicationOf(updated) };
  });

  // `Accept: text/csv` (first in the header) downloads every subscriber at once; JSON answers a page.
  contractRoute(app, services, 'staffSubscribers', async (request, reply) => {
    if (/^\s*text\/csv\b/i.test(request.headers.accept ?? '')) {
      const everyone = await db.selectFrom('newsletter_subscribers').select(['email', 'created_at']).orderBy('id').execute();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(csvFile([['email', 'subscribed_at'], ...everyone.map((row) => [row.email, row.created_at.toISOString()])]));
    }
    const { cursor, limit = 50 } = request.query;
    let query = db.selectFrom('newsletter_subscribers').select(['id', 'email', 'created_at']).orderBy('id', 'desc').limit(limit + 1);
    if (cursor) query = query.where('id', '<', Number(cursor));
    const { page, next_cursor } = pageOf(await query.execute(), limit);
    return {
      message: calls.staffSubscribers.success,
      data: page.map((row) => ({ email: row.email, created_at: row.created_at.toISOString() })),
      next_cursor,
    };
  });
}
