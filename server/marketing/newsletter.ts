/** The footer's newsletter list, read by staff (routes/staff-lists.ts). */
import type { DB } from '../db/database';

/** Subscribing twice is not an error: the second time changes nothing. */
export async function subscribe(db: DB, email: string): Promise<void> {
  await db
    .insertInto('newsletter_subscribers')
    .values({ email })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
