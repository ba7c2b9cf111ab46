/**
 * What every order use case (cancel.ts, status-move.ts, offer-answer.ts, customer-changes.ts)
 * is given: plain values, no HTTP. The routes parse a call, run one use case, shape its answer.
 */
import type { ServerConfig } from '../config';
import type { Actor, DB, Shipment, User } from '../db/database';
import { customerActionMail } from '../mail/messages';
import { enqueueMail, type Mailer } from '../mail/outbox';

export interface UseCaseContext {
  mailer: Pick<Mailer, 'transaction'>;
  config: Pick<ServerConfig, 'cancellationFeePercent' | 'staffEmail'>;
}

/** Who acts: a customer, a member of staff (their id), or the ops command (no person). */
export interface ActingAs {
  actor: Actor;
  actor_user_id: number | null;
  /** When they acted, when it was before now (a crew's action sent later from the phone). */
  at?: Date;
}

export type Customer = Pick<User, 'id' | 'fullname' | 'email' | 'phone'>;

export const customerActor = (customer: Customer): ActingAs => ({
  actor: 'customer',
  actor_user_id: customer.id,
});

/** Queues the staff's mail (STAFF_EMAIL) in the transaction that records what the customer did. */
export const tellStaff = (
  trx: DB,
  staffEmail: string,
  shipment: Shipment,
  customer: Customer,
  action: string,
  said: { reason?: string; detail?: string },
) => enqueueMail(trx, customerActionMail(staffEmail, shipment.reference, customer, action, said));
