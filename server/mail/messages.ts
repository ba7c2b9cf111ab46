/** The text of every mail. Codes and references stand alone on their own line, easy to copy. */
import { serviceTypeLabels, type ServiceType, type ShipmentStatus } from '../../src/api/contract';
import type { Mail } from './mailer';

const statusLabels: Record<ShipmentStatus, string> = {
  ToInspect: 'To Inspect',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
};

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

export function bookingMail(to: string, reference: string, serviceType: ServiceType): Mail {
  const label = serviceTypeLabels[serviceType];
  return {
    to,
    subject: `We received your ${label} request: ${reference}`,
    text: `Thank you. We received your ${label} request and our support team will contact you.\n\nYour tracking reference is:\n\n${reference}\n\nTrack it any time on our website with this reference.\n\nRelo Logistics`,
  };
}

export function statusChangedMail(to: string, reference: string, status: ShipmentStatus): Mail {
  return {
    to,
    subject: `${reference} is now ${statusLabels[status]}`,
    text: `Your shipment has moved to a new step.\n\nReference:\n\n${reference}\n\nStatus: ${statusLabels[status]}\n\nRelo Logistics`,
  };
}
