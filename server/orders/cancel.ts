/**
 * Cancelling an order, whoever asks: the fee and the refunds owed are worked out on the row as
 * locked (docs/decisions/cancellation-fee.md), so a payment, an answer or new dates at the same
 * moment come wholly before or after. The customer's cancel names the accepted price their page
 * showed; staff's cancel goes through the status move (status-move.ts), which runs the same
 * `cancelLocked` in its own transaction.
 */
import type { Transaction } from 'kysely';
import { formatNaira, statusLabels, type Cancellation } from '../../src/api/contract';
import type { Database, DB, Shipment } from '../db/database';
import { conflict } from '../http/problems';
import { cancellationOf, oweCancellationRefunds } from '../money/refunds';
import { MOVED_MEANWHILE } from './orders';
import { lockShipment, moveShipment, type StatusChange } from './shipments';
import { customerActor, tellStaff, type Customer, type UseCaseContext } from './use-case';

export interface Cancelled {
  order: Shipment;
  refund: Cancellation;
}

/**
 * The cancel itself, inside the caller's transaction on the row it locked: keeps the fee, owes
 * the rest back (one refund per payment) and moves the order to Cancelled. Null when the order
 * moved meanwhile.
 */
export async function cancelLocked(
  trx: Transaction<Database>,
  locked: Shipment,
  feePercent: number,
  by: StatusChange,
  customerEmail: string,
): Promise<Cancelled | null> {
  const refund = await cancellationOf(trx, locked, feePercent);
  const order = await moveShipment(trx, locked, 'Cancelled', by);
  if (!order) return null;
  await oweCancellationRefunds(trx, order, refund, by, customerEmail);
  return { order, refund };
}

/** The customer changes their order only while it is To Inspect. */
export function onlyWhileToInspect(shipment: Shipment, action: string): void {
  if (shipment.status !== 'ToInspect') {
    throw conflict(
      `This order is ${statusLabels[shipment.status]}: it can no longer be ${action}. Call us if something must change.`,
    );
  }
}

/** The newest accepted offer: the order's price (a correction accepted later is newer). */
export const acceptedOfferOf = (db: DB, shipmentId: number) =>
  db
    .selectFrom('offers')
    .select(['id', 'amount_kobo'])
    .where('shipment_id', '=', shipmentId)
    .where('state', '=', 'accepted')
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** Why the customer's cancel is refused: a price they accepted that their page did not show. */
export const acceptedMeanwhile = (amount_kobo: number) =>
  `You accepted ${formatNaira(amount_kobo)} for this order meanwhile: check the fee and refund before you cancel.`;

export type CustomerCancel = (Cancelled & { refused: null }) | { refused: string; order: Shipment };

/**
 * The customer cancels their own order while it is To Inspect. `offerId` names the accepted
 * offer their page showed: when the order has an accepted price they did not name (they
 * accepted it in another tab meanwhile, or a correction), nothing changes and the answer says
 * why, so a cancel and an accept at the same moment never both win.
 */
export async function cancelOrder(
  { mailer, config }: UseCaseContext,
  {
    customer,
    shipment,
    reason,
    offerId,
  }: { customer: Customer; shipment: Shipment; reason: string; offerId: number | undefined },
): Promise<CustomerCancel> {
  onlyWhileToInspect(shipment, 'cancelled');
  const outcome = await mailer.transaction(async (trx): Promise<CustomerCancel | null> => {
    const locked = await lockShipment(trx, shipment.id);
    onlyWhileToInspect(locked, 'cancelled');
    const accepted = await acceptedOfferOf(trx, locked.id);
    if (accepted && accepted.id !== offerId)
      return { refused: acceptedMeanwhile(Number(accepted.amount_kobo)), order: locked };
    const by = { ...customerActor(customer), note: reason };
    const done = await cancelLocked(trx, locked, config.cancellationFeePercent, by, customer.email);
    if (!done) return null;
    const { refund_kobo, fee_kobo } = done.refund;
    const money =
      refund_kobo > 0
        ? `${formatNaira(refund_kobo)} to refund${fee_kobo ? `, ${formatNaira(fee_kobo)} kept as the fee` : ''}.`
        : undefined;
    await tellStaff(trx, config.staffEmail, done.order, customer, 'cancelled the order', {
      reason,
      ...(money ? { detail: money } : {}),
    });
    return { ...done, refused: null };
  });
  if (!outcome) throw conflict(MOVED_MEANWHILE);
  return outcome;
}
