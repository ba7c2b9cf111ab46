/**
 * Deleting an account (docs/decisions/deleted-accounts.md): the person goes, the books stay.
 *
 * In one transaction, under the account's row lock: orders still To Inspect are cancelled as a
 * customer's cancel would be (the fee rule, refunds owed); the refunds still owed keep whom to pay
 * them back to (`payee_*`, cleared when paid); the orders lose every personal field; the account's
 * row becomes a placeholder (no name, no phone, an address that mails nothing, no password) and
 * its sessions, codes and files go, with the texts about its orders and their private links; a
 * crew member leaves their crew (the lead passes on, docs/crews.md).
 * Orders, payments, receipts, refunds and attempts stay, so the receipt numbering has no holes, the staff's refund list still shows what is owed, and a Paystack
 * charge that lands later is recorded and refunded (the order is cancelled: see settleCharge).
 */
import { conflict } from '../http/problems';
import type { Mailer } from '../mail/outbox';
import { leaveCrew, lockCrewOf } from '../crews/crews';
import { cancelLocked } from '../orders/cancel';
import { lockShipment } from '../orders/shipments';
import type { User } from '../db/database';
import { deletedAccountEmail } from './users';

/** What an order's personal text fields become: the text columns that may not be empty. */
const REMOVED = '(removed: account deleted)';
const DELETED_ACCOUNT_NAME = 'Deleted account';

const ORDER_ON_ITS_WAY =
  'An order of yours is on its way (Shipped): you can delete your account once it is delivered. Our team can help in the meantime.';

const CANCEL_NOTE = 'Cancelled because the customer deleted their account.';

/** Deletes `user`'s account as above; answers the references of the orders it cancelled. */
export async function deleteAccount(
  mailer: Mailer,
  user: Pick<User, 'id' | 'public_id'>,
  cancellationFeePercent: number,
): Promise<string[]> {
  return mailer.transaction(async (trx) => {
    // A crew member leaves their crew (below): its row is locked first, as staff's changes take them.
    const crewId = await lockCrewOf(trx, user.id);
    // Two deletions (two devices) take turns; the second finds the account already anonymised.
    const person = await trx
      .selectFrom('users')
      .select(['id', 'fullname', 'email', 'phone', 'deleted_at'])
      .where('id', '=', user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (person.deleted_at) return [];
    const orders = await trx
      .selectFrom('shipments')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    // A shipped order is with the crew: its receivers must still be reachable until it arrives.
    if (orders.some((order) => order.status === 'Shipped')) throw conflict(ORDER_ON_ITS_WAY);

    const cancelled: string[] = [];
    for (const { id } of orders) {
      const locked = await lockShipment(trx, id);
      if (locked.status === 'Shipped') throw conflict(ORDER_ON_ITS_WAY);
      if (locked.status !== 'ToInspect') continue;
      const by = { actor: 'customer' as const, actor_user_id: user.id, note: CANCEL_NOTE };
      // The refund mail goes to the address the customer still has: they learn what comes back, and when.
      const done = await cancelLocked(trx, locked, cancellationFeePercent, by, person.email);
      if (done) cancelled.push(done.order.reference);
    }

    const ids = orders.map((order) => order.id);
    if (ids.length > 0) {
      // Whom the company pays back an owed refund (cash or transfer, or a card Paystack refuses).
      await trx
        .updateTable('refunds')
        .set({ payee_name: person.fullname, payee_email: person.email, payee_phone: person.phone })
        .where('shipment_id', 'in', ids)
        .where('state', '!=', 'done')
        .execute();
      await trx
        .updateTable('quotes')
        .set({
          moving_from_address: REMOVED,
          moving_to_address: REMOVED,
          moving_from_landmark: null,
          moving_to_landmark: null,
          full_name: null,
          email: null,
          mobile_phone: null,
          description: null,
          image: null,
        })
        .where('shipment_id', 'in', ids)
        .execute();
      await trx
        .updateTable('deliveries')
        .set({
          pickup_address: REMOVED,
          pickup_landmark: null,
          sender_fullname: REMOVED,
          sender_phone: '',
          description: REMOVED,
        })
        .where('shipment_id', 'in', ids)
        .execute();
      await trx
        .updateTable('delivery_receivers')
        .set({ address: REMOVED, landmark: null, name: REMOVED, phone: '' })
        .where('shipment_id', 'in', ids)
        .execute();
      // The crew's stops copy the addresses, whom to meet, who received the goods and the
      // landmark note, which tells where the person lives as well as the address does.
      await trx
        .updateTable('stops')
        .set({
          address: REMOVED,
          contact_name: REMOVED,
          contact_phone: '',
          receiver_name: null,
          landmark: null,
        })
        .where('shipment_id', 'in', ids)
        .execute();
      // The customer's own words: reasons for a cancel or a declined price.
      await trx
        .updateTable('shipment_status_changes')
        .set({ note: null })
        .where('shipment_id', 'in', ids)
        .where('actor', '=', 'customer')
        .where('note', 'is not', null)
        .where('note', '!=', CANCEL_NOTE)
        .execute();
      await trx
        .updateTable('offers')
        .set({ decline_reason: null })
        .where('shipment_id', 'in', ids)
        .execute();
      // The texts about the orders name the person's numbers and carry their links: both go,
      // queued texts too (docs/messages.md).
      await trx.deleteFrom('texts').where('shipment_id', 'in', ids).execute();
      await trx.deleteFrom('track_links').where('shipment_id', 'in', ids).execute();
      // The booking's hash is of the customer's own request body.
      await trx
        .updateTable('shipments')
        .set({ idempotency_key: null, request_hash: null })
        .where('id', 'in', ids)
        .execute();
    }

    // Out of the crew, as if staff had removed them: the lead passes to the next-oldest member.
    await leaveCrew(trx, user.id, crewId);
    for (const table of [
      'sessions',
      'one_time_codes',
      'code_failures',
      'code_issues',
      'booking_windows',
    ] as const)
      await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
    await trx.deleteFrom('files').where('owner_id', '=', user.id).execute();
    await trx
      .updateTable('users')
      .set({
        fullname: DELETED_ACCOUNT_NAME,
        email: deletedAccountEmail(user.public_id),
        phone: '',
        // Matches no password (argon2 cannot read it), so nobody can log in.
        password_hash: '',
        profile_image: null,
        email_verified_at: null,
        role: 'customer',
        deleted_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute();
    return cancelled;
  });
}
