/**
 * The staff's lists besides orders: partner applications with their status, and newsletter
 * subscribers (a page, or everyone as CSV rows read a batch at a time). Keyset paging, newest first.
 */
import type { Selectable } from 'kysely';
import type { ApplicationStatus, ParsedQueryOf, StaffApplication } from '../../src/api/contract';
import type { ApplicationsTable, DB } from '../db/database';

const applicationOf = ({
  created_at,
  ...row
}: Selectable<ApplicationsTable>): StaffApplication => ({
  ...row,
  created_at: created_at.toISOString(),
});

/** One row more than the page says whether another page follows. */
function pageOf<T extends { id: number }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}

export async function applicationsPage(
  db: DB,
  { status, cursor, limit = 50 }: ParsedQueryOf<'staffApplications'>,
) {
  let query = db
    .selectFrom('applications')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (status) query = query.where('status', '=', status);
  if (cursor) query = query.where('id', '<', Number(cursor));
  const { page, next_cursor } = pageOf(await query.execute(), limit);
  return { data: page.map(applicationOf), next_cursor };
}

/** The application as it is now, or undefined when no application has that id. */
export async function setApplicationStatus(
  db: DB,
  id: number,
  status: ApplicationStatus,
): Promise<StaffApplication | undefined> {
  const updated = await db
    .updateTable('applications')
    .set({ status })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return updated && applicationOf(updated);
}

const subscriberOf = (row: { email: string; created_at: Date }) => ({
  email: row.email,
  created_at: row.created_at.toISOString(),
});

export async function subscribersPage(
  db: DB,
  { cursor, limit = 50 }: ParsedQueryOf<'staffSubscribers'>,
) {
  let query = db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (cursor) query = query.where('id', '<', Number(cursor));
  const { page, next_cursor } = pageOf(await query.execute(), limit);
  return { data: page.map(subscriberOf), next_cursor };
}

/** Rows a CSV export reads per statement: few enough that other requests take turns between them. */
const EXPORT_BATCH = 1000;

/** Every subscriber, oldest first, a batch at a time. */
export async function* everySubscriber(
  db: DB,
): AsyncGenerator<{ email: string; created_at: string }[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'email', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(subscriberOf);
    after = rows.at(-1)!.id;
  }
}
