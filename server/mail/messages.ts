/**
 * The text of every mail. Codes and references stand alone on their own line, easy to copy.
 * What a customer wrote never stands on a line of its own in a mail from us: it is quoted and
 * labelled as the customer's, so a name or a reason cannot pass for the company's instructions.
 */
import {
  formatNaira,
  serviceTypeLabels,
  statusLabels,
  visibleText,
  type ServiceType,
  type ShipmentStatus,
} from '../../src/api/contract';
import type { Mail, MailContent } from './mailer';

const signOff = '\n\nRelo Logistics\nIf you did not ask for this, you can ignore this mail.';

/**
 * Where the site's public origin (PUBLIC_URL) stands in a link: mails are queued deep in bookings,
 * payments and refunds, so their text names the site by this mark and the sender writes the
 * origin in as the mail leaves (`withSiteLinks` in ./mailer.ts): every link is a full address.
 * Text a customer wrote that holds the mark only ever becomes an address on our own site.
 */
export const SITE = '{site}';

/** The order's page on the site (src/ui/routes.tsx, `/orders/:reference`), for its customer. */
const orderLink = (reference: string) => `${SITE}/orders/${encodeURIComponent(reference)}`;

/** The line every mail about an order ends its message with, before the sign-off. */
const orderLine = (reference: string) => `\n\nSee your order: ${orderLink(reference)}`;

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

/** A time as the mails say it: "25 Nov 2026, 14:05 (Lagos time)". */
const lagosTime = (date: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date)} (Lagos time)`;

const codeKinds = {
  email_verification: 'email verification',
  password_reset: 'password reset',
} as const;

const notYouLine =
  'If this was not you, someone who knows your email address may be trying to get into your account. Your password has not changed and nobody has your code; you need do nothing.';

/** The owner's alert when the wrong tries at the account's codes reach their daily limit. */
export function codeTriesPausedMail(
  to: string,
  kind: keyof typeof codeKinds,
  tries: number,
  until: Date,
): Mail {
  return {
    to,
    subject: `Too many wrong ${codeKinds[kind]} codes for your account`,
    text:
      `${tries} wrong ${codeKinds[kind]} codes were entered for your Relo Logistics account today. To keep it safe, ` +
      `no ${codeKinds[kind]} code for it will be accepted until ${lagosTime(until)}, not even the right one.\n\n${notYouLine}\n\nRelo Logistics`,
  };
}

/** The owner's alert when the account's codes of one kind for the day have all been issued. */
export function codesUsedUpMail(
  to: string,
  kind: keyof typeof codeKinds,
  issued: number,
  until: Date,
): Mail {
  return {
    to,
    subject: `Too many ${codeKinds[kind]} codes asked for your account`,
    text:
      `${issued} ${codeKinds[kind]} codes were asked for your Relo Logistics account today. To keep it safe, ` +
      `no more will be sent until ${lagosTime(until)}.\n\n${notYouLine}\n\nRelo Logistics`,
  };
}

/** Sent when the password of the account changes from the account page. */
export function passwordChangedMail(to: string, when: Date): Mail {
  return {
    to,
    subject: 'Your password was changed',
    text:
      `The password of your Relo Logistics account was changed on ${lagosTime(when)}, and every device that was logged in has been logged out.\n\n` +
      `If this was you, log in again with your new password.\n\nIf it was not you, reset your password now with "Forgot password" on the login page: ` +
      `the reset code comes to this address, so only you can do it.\n\nRelo Logistics`,
  };
}

/** Its recipient is the booking's customer, whom the booking statement finds (../orders/shipments.ts). */
/**
 * `priceLine`: the price or estimate the tariff gave at booking (docs/prices.md), when it gave one.
 */
export function bookingMail(
  reference: string,
  serviceType: ServiceType,
  priceLine?: string,
): MailContent {
  const label = serviceTypeLabels[serviceType];
  const price = priceLine ? `${priceLine}\n\n` : '';
  return {
    subject: `We received your ${label} request: ${reference}`,
    text: `Thank you. We received your ${label} request and our support team will contact you.\n\nYour tracking reference is:\n\n${reference}\n\n${price}Track it any time on our website with this reference.${orderLine(reference)}\n\nRelo Logistics`,
  };
}

const noteLine = (note: string | null | undefined, label: string) =>
  note ? `\n\n${label}: ${note}` : '';

export function statusChangedMail(
  to: string,
  reference: string,
  status: ShipmentStatus,
  note?: string | null,
): Mail {
  return {
    to,
    subject: `${reference} is now ${statusLabels[status]}`,
    text: `Your shipment has moved to a new step.\n\nReference:\n\n${reference}\n\nStatus: ${statusLabels[status]}${noteLine(note, 'Note from our team')}${orderLine(reference)}\n\nRelo Logistics`,
  };
}

/** Staff gave the order a crew and a window, or a new one (docs/crews.md, "Assignment and windows"). */
export function crewAssignedMail(
  to: string,
  reference: string,
  window: { date: string; window_start: string; window_end: string },
): Mail {
  return {
    to,
    subject: `${reference}: our crew comes on ${window.date}, ${window.window_start}–${window.window_end}`,
    text:
      `Our crew is booked for your order.\n\nReference:\n\n${reference}\n\nDay: ${window.date}\nBetween: ${window.window_start} and ${window.window_end} (Lagos time)` +
      `\n\nFrom an hour before, your order's page shows who is coming, with their phone number.${orderLine(reference)}\n\nRelo Logistics`,
  };
}

/** The crew could not complete a stop (docs/crews.md): staff will arrange a new time. */
export function stopFailedMail(to: string, reference: string, reason: string): Mail {
  return {
    to,
    subject: `${reference}: our crew could not complete a stop`,
    text: `Our crew could not complete a stop of your order today.\n\nReference:\n\n${reference}\n\nWhat happened: ${reason}\n\nOur team will contact you to arrange a new time.${orderLine(reference)}\n\nRelo Logistics`,
  };
}

export function offerMail(
  to: string,
  reference: string,
  offer: { amount_kobo: number; valid_until: string; note: string | null },
): Mail {
  const amount = formatNaira(offer.amount_kobo);
  return {
    to,
    subject: `Your price for ${reference}: ${amount}`,
    text:
      `We have a price for your order.\n\nReference:\n\n${reference}\n\nPrice: ${amount}\nValid through: ${offer.valid_until} (Lagos time)` +
      `${noteLine(offer.note, 'Note from our team')}\n\nAccept or decline it on the order's page, under My bookings on our website: ${orderLink(reference)}\n\nRelo Logistics`,
  };
}

/**
 * Values a customer wrote, as one quoted block under a label saying so: every line behind "> ",
 * a value's further lines indented under its label, hidden characters dropped (rows stored
 * before the contract dropped them on the way in).
 */
function writtenByCustomer(values: Array<[label: string, value: string]>): string {
  const lines = values.flatMap(([label, value]) =>
    visibleText(value, 'many')
      .split('\n')
      .map((line, index) => (index === 0 ? `${label}: ${line}` : `    ${line}`)),
  );
  return `Written by the customer, not by Relo Logistics:\n${lines.map((line) => `> ${line}`.trimEnd()).join('\n')}`;
}

/**
 * What the customer did on their order, for the staff mailbox (STAFF_EMAIL): `action` and
 * `detail` are ours, the customer's details and `reason` are quoted as theirs.
 */
/** Staff corrected the price the customer accepted: the new one waits for their answer. */
export function priceCorrectionMail(
  to: string,
  reference: string,
  offer: { amount_kobo: number; valid_until: string; note: string | null },
  { accepted_kobo, reason }: { accepted_kobo: number; reason: string },
): Mail {
  const amount = formatNaira(offer.amount_kobo);
  return {
    to,
    subject: `A corrected price for ${reference}: ${amount}`,
    text:
      `We corrected the price of your order.\n\nReference:\n\n${reference}\n\nPrice you accepted: ${formatNaira(accepted_kobo)}\nCorrected price: ${amount}\nValid through: ${offer.valid_until} (Lagos time)` +
      `${noteLine(reason, 'Why')}${noteLine(offer.note, 'Note from our team')}\n\nAccept or decline it on the order's page, under My bookings on our website. Until you answer, the price you accepted stands.\n\nRelo Logistics`,
  };
}

export function customerActionMail(
  to: string,
  reference: string,
  customer: { fullname: string; email: string; phone: string },
  action: string,
  { reason, detail }: { reason?: string; detail?: string },
): Mail {
  const quoted = writtenByCustomer([
    ['Name', customer.fullname],
    ['Email', customer.email],
    ['Phone', customer.phone],
    ...(reason === undefined ? [] : [['Reason', reason] as [string, string]]),
  ]);
  return {
    to,
    subject: `${reference}: the customer ${action}`,
    text:
      `The customer ${action}.\n\nReference:\n\n${reference}\n\n${detail ? `${detail}\n\n` : ''}${quoted}` +
      `\n\nSee the order in the staff workspace: ${SITE}/staff/orders/${encodeURIComponent(reference)}`,
  };
}

const methodWords: Record<string, string> = {
  card: 'card',
  bank_transfer: 'bank transfer',
  cash: 'cash',
};

/**
 * The receipt of a payment (docs/operations.md, "Payments"): the same facts as the printable page.
 */
export function receiptMail(
  to: string,
  receipt: {
    number: string;
    reference: string;
    amount_kobo: number;
    method: string;
    paid_at: Date;
    balance_kobo: number;
    test_mode?: boolean;
  },
): Mail {
  const test = receipt.test_mode ? 'TEST PAYMENT: made in test mode, no real money moved.\n\n' : '';
  const balance =
    receipt.balance_kobo > 0
      ? `Still to pay: ${formatNaira(receipt.balance_kobo)}`
      : 'Your order is paid in full.';
  return {
    to,
    subject: `${receipt.test_mode ? 'TEST ' : ''}Receipt ${receipt.number} for ${receipt.reference}: ${formatNaira(receipt.amount_kobo)}`,
    text:
      `${test}Thank you for your payment.\n\nReceipt number:\n\n${receipt.number}\n\nOrder: ${receipt.reference}\nAmount: ${formatNaira(receipt.amount_kobo)}` +
      `\nPaid by: ${methodWords[receipt.method] ?? receipt.method}\nDate: ${lagosTime(receipt.paid_at)}\n\n${balance}` +
      `\n\nPrint the receipt: ${orderLink(receipt.reference)}/receipts/${encodeURIComponent(receipt.number)}${orderLine(receipt.reference)}\n\nRelo Logistics`,
  };
}

/** A refund was paid back (card refunds once Paystack processed them, office refunds once staff paid them). */
export function refundDoneMail(
  to: string,
  reference: string,
  amount_kobo: number,
  how: 'card' | 'office',
): Mail {
  const where =
    how === 'card'
      ? 'to the card you paid with; your bank may take a few days to show it'
      : 'by our office, as agreed with you';
  return {
    to,
    subject: `Refund of ${formatNaira(amount_kobo)} for ${reference}`,
    text: `We have refunded ${formatNaira(amount_kobo)} ${where}.\n\nOrder:\n\n${reference}${orderLine(reference)}\n\nRelo Logistics`,
  };
}

/** The refund owed after a cancellation or an overpayment, and its deadline. */
export function refundDueMail(
  to: string,
  reference: string,
  amount_kobo: number,
  fee_kobo: number,
  due_by: string,
): Mail {
  const fee =
    fee_kobo > 0
      ? `\nCancellation fee kept: ${formatNaira(fee_kobo)} (see our terms: cancelling within 3 days of the date)`
      : '';
  return {
    to,
    subject: `Your refund of ${formatNaira(amount_kobo)} for ${reference}`,
    text: `We owe you a refund.\n\nOrder:\n\n${reference}\n\nRefund: ${formatNaira(amount_kobo)}${fee}\nYou will have it by: ${due_by} at the latest.${orderLine(reference)}\n\nRelo Logistics`,
  };
}
