/**
 * Staff (or the ops command) move an order's status: forward along To Inspect → Shipped →
 * Delivered, or Cancelled from To Inspect. Decided on the row as locked, so a customer's answer
 * or cancel meanwhile is seen. A cancel of an accepted price takes `confirmAccepted`; shipping
 * before the price is paid takes `confirmUnpaid`, and the history keeps it. A cancel keeps the
 * fee and owes the refunds as the customer's cancel does (cancel.ts). The customer is mailed and
 * texted; on Shipped, so is each receiver of a delivery (../messages/notices.ts).
 */
import {
  formatNaira,
  isFinalStatus,
  type Cancellation,
  type ShipmentStatus,
} from '../../src/api/contract';
import type { Transaction } from 'kysely';
import type { Database, Shipment } from '../db/database';
import { conflict } from '../http/problems';
import { statusChangedMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { textStatusChanged } from '../messages/notices';
import { balanceOf } from '../money/balances';
import { cancelLocked } from './cancel';
import { checkMove, checkStaffCancelOf, MOVED_MEANWHILE } from './orders';
import { refuseOwnOrder } from './self-dealing';
import { lockShipment, moveShipment } from './shipments';
import { customerEmailOf } from './staff-offers';
import type { ActingAs, UseCaseContext } from './use-case';

export interface StatusMove {
  status: ShipmentStatus;
  note: string | null | undefined;
  confirmAccepted?: boolean | undefined;
  confirmUnpaid?: boolean | undefined;
}

export interface StatusMoved {
  order: Shipment;
  /** False when the order already had that status (nothing changed, nobody mailed). */
  changed: boolean;
  /** What a cancel kept and owes back. */
  refund: Cancellation | null;
}

export async function moveStatus(
  { mailer, config }: UseCaseContext,
  { actor, shipment, move }: { actor: ActingAs; shipment: Shipment; move: StatusMove },
): Promise<StatusMoved> {
  refuseOwnOrder(actor.actor_user_id, shipment);
  const { status } = move;
  if (shipment.status === status && !isFinalStatus(status))
    return { order: shipment, changed: false, refund: null };
  checkMove(shipment.status, status);
  const moved = await mailer.transaction(async (trx) =>
    moveLocked(trx, config, {
      actor,
      locked: await lockShipment(trx, shipment.id),
      move,
    }),
  );
  if (!moved) throw conflict(MOVED_MEANWHILE);
  return { ...moved, changed: true };
}

/**
 * The move itself, on the order as locked by the caller's transaction: the customer is mailed and
 * texted in it. A crew's move (the first pickup done, the last drop-off done: ../crews/stop-events.ts)
 * is not asked to confirm an unpaid price (the crew cannot): the history notes it for staff.
 * Null when the order moved meanwhile.
 */
export async function moveLocked(
  trx: Transaction<Database>,
  config: UseCaseContext['config'],
  { actor, locked, move }: { actor: ActingAs; locked: Shipment; move: StatusMove },
): Promise<{ order: Shipment; refund: Cancellation | null } | null> {
  const { status, note, confirmAccepted, confirmUnpaid } = move;
  checkMove(locked.status, status);
  if (status === 'Cancelled' && !confirmAccepted) checkStaffCancelOf(locked);
  const outstanding = locked.price_kobo === null ? 0 : balanceOf(locked);
  const byCrew = actor.actor === 'crew';
  if (status === 'Shipped' && outstanding > 0 && !confirmUnpaid && !byCrew) {
    throw conflict(
      `${formatNaira(outstanding)} of the price is not paid yet: confirm that you ship it unpaid.`,
    );
  }
  const unpaidNote =
    status === 'Shipped' && outstanding > 0
      ? byCrew
        ? `Picked up by the crew with ${formatNaira(outstanding)} unpaid.`
        : `Shipped with ${formatNaira(outstanding)} unpaid (confirmed).`
      : null;
  const by = { ...actor, note: [unpaidNote, note].filter(Boolean).join(' ') || null };
  const email = await customerEmailOf(trx, locked);
  let result: { order: Shipment; refund: Cancellation | null } | null;
  if (status === 'Cancelled') {
    result = await cancelLocked(trx, locked, config.cancellationFeePercent, by, email);
  } else {
    const order = await moveShipment(trx, locked, status, by);
    result = order && { order, refund: null };
  }
  if (!result) return null;
  await enqueueMail(trx, statusChangedMail(email, result.order.reference, status, note));
  await textStatusChanged(trx, result.order, status);
  return result;
}
