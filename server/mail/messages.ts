/** The text of every mail. Codes and references stand alone on their own line, easy to copy. */
import { formatNaira, serviceTypeLabels, statusLabels, type ServiceType, type ShipmentStatus } from '../../src/api/contract';
import type { Mail, MailContent } from './mailer';

const signOff = '\n\nRelo Logistics\nIf you did not ask for this, you can ignore this mail.';

export function verificationCodeMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: 'Your verification code',
    text: `Welcome to Relo Logistics.\n\nYour email verification code is:\n\n${code}\n\nIt expires in ${minutes} minutes.${signOff}`,
  };
}

export function resetCodeMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: 'Your password reset code',
    text: `Someone asked to reset the password of this account.\n\nYour password reset code is:\n\n${code}\n\nIt expires in ${minutes} minutes.${signOff}`,
  };
}

/** Its recipient is the booking's customer, whom the booking statement finds (shipments.ts). */
export function bookingMail(reference: string, serviceType: ServiceType): MailContent {
  const label = serviceTypeLabels[serviceType];
  return {
    subject: `We received your ${label} request: ${reference}`,
    text: `Thank you. We received your ${label} request and our support team will contact you.\n\nYour tracking reference is:\n\n${reference}\n\nTrack it any time on our website with this reference.\n\nRelo Logistics`,
  };
}

const noteLine = (note: string | null | undefined, label: string) => (note ? `\n\n${label}: ${note}` : '');

export function statusChangedMail(to: string, reference: string, status: ShipmentStatus, note?: string | null): Mail {
  return {
    to,
    subject: `${reference} is now ${statusLabels[status]}`,
    text: `Your shipment has moved to a new step.\n\nReference:\n\n${reference}\n\nStatus: ${statusLabels[status]}${noteLine(note, 'Note from our team')}\n\nRelo Logistics`,
  };
}

export function offerMail(to: string, reference: string, offer: { amount_kobo: number; valid_until: string; note: string | null }): Mail {
  const amount = formatNaira(offer.amount_kobo);
  return {
    to,
    subject: `Your price for ${reference}: ${amount}`,
    text:
      `We have a price for your order.\n\nReference:\n\n${reference}\n\nPrice: ${amount}\nValid through: ${offer.valid_until} (Lagos time)` +
      `${noteLine(offer.note, 'Note from our team')}\n\nAccept or decline it on the order's page, under My bookings on our website.\n\nRelo Logistics`,
  };
}

/** What the customer did on their order, for the staff mailbox (STAFF_EMAIL). */
export function customerActionMail(
  to: string,
  reference: string,
  customer: { fullname: string; email: string; phone: string },
  action: string,
  detail: string,
): Mail {
  return {
    to,
    subject: `${reference}: the customer ${action}`,
    text: `${customer.fullname} (${customer.email}, ${customer.phone}) ${action}.\n\nReference:\n\n${reference}\n\n${detail}\n\nSee the order in the staff workspace: /staff/orders/${reference}`,
  };
}
