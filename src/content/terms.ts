/** The terms and conditions (docs/product.md), section by section. */
import { company } from './company';

export interface TermsSection {
  id: string;
  title: string;
  paragraphs: string[];
}

export const termsUpdated = '27 November 2026';

export const terms: TermsSection[] = [
  {
    id: 'scope',
    title: '1. Scope of services',
    paragraphs: [
      `These terms apply to every relocation (local, inter-state and office moves) and every delivery (instant, scheduled and bulk) booked with ${company.name} through this website, by telephone, by WhatsApp or by email.`,
      'The services we agree to provide, including packing, loading, transport, unpacking and arranging, are those stated in your quote or booking confirmation.',
    ],
  },
  {
    id: 'booking-and-payment',
    title: '2. Booking and payment',
    paragraphs: [
      'A booking is confirmed when we send you a confirmation with its tracking reference.',
      'Full payment is due before the move or delivery takes place. We accept debit and credit cards, bank transfer and cash.',
    ],
  },
  {
    id: 'cancellation-and-refunds',
    title: '3. Cancellation and refunds',
    paragraphs: [
      'You may cancel a booking on its order page while it is To Inspect, or by contacting us. Once you have paid, we keep a cancellation fee (a share of what you paid) if you cancel within 3 days of the move date or after it. The date is the moving date of a relocation and the pickup date of a delivery; for an instant delivery, and for a move booked without a moving date, it is the day you booked. Your order page shows the fee and the refund before you confirm.',
      'Changing your dates does not remove the fee: if you change them after accepting our price while you are already within those 3 days, a later cancellation still pays the fee, however far away the new date is. Dates changed earlier move the 3 days with them.',
      'Refunds due to you are paid to the original payment method within up to 7 business days.',
    ],
  },
  {
    id: 'customer-responsibilities',
    title: '4. Customer responsibilities',
    paragraphs: [
      'You agree to give accurate addresses, dates, contact details and descriptions of the items, to be present or represented at pickup and delivery, and to tell us in advance about fragile, valuable or unusually heavy items.',
      'You must not ask us to carry illegal, dangerous or perishable goods, cash, or items that require a special licence.',
    ],
  },
  {
    id: 'liability',
    title: '5. Liability',
    paragraphs: [
      'We take reasonable care of your belongings. Our liability for loss or damage is limited to the value you declared for the items concerned.',
      'We are not liable for items you packed yourself unless the damage was caused by our negligence, nor for delays caused by events beyond our reasonable control.',
    ],
  },
  {
    id: 'insurance',
    title: '6. Insurance',
    paragraphs: [
      'Goods in transit insurance is available on request for an additional premium. Without it, cover is limited as described under Liability. Please check whether your own home or business insurance covers your items during a move.',
    ],
  },
  {
    id: 'indemnification',
    title: '7. Indemnification',
    paragraphs: [
      `You agree to indemnify ${company.name} against claims, losses and costs arising from inaccurate information you provide, from prohibited items in your consignment, or from your breach of these terms.`,
    ],
  },
  {
    id: 'amendments',
    title: '8. Amendments',
    paragraphs: [
      'We may amend these terms at any time without notice. The terms published on this page when you make a booking apply to that booking.',
    ],
  },
  {
    id: 'governing-law',
    title: '9. Governing law',
    paragraphs: [
      'These terms are governed by the laws of Lagos State, Nigeria, and disputes are subject to the courts of Lagos State.',
    ],
  },
  {
    id: 'your-account-and-records',
    title: '10. Your account and your records',
    paragraphs: [
      'You can delete your account at any time from your profile. Deleting it removes your name, email address, phone number, password and profile picture, and the names, phone numbers, addresses and descriptions on your orders. Orders not yet under way are cancelled as described under Cancellation and refunds, and any refund due is paid back. While an order is on its way, you can delete the account once it is delivered. Your email address can then be used for a new account.',
      "We keep the accounting records of your orders (their references, prices, payments, receipts and refunds) for six years after the end of the financial year they belong to, as Nigerian law requires of a company's books. They no longer name you. If a refund is still owed to you by bank transfer or cash, we keep your name, email address and phone number with it until it is paid, then remove them. A payment that reaches us after you deleted your account is recorded and refunded in full.",
    ],
  },
  {
    id: 'contact',
    title: '11. Contact',
    paragraphs: [
      `Questions about these terms? Email ${company.email}, call ${company.phoneDisplay} or write to us at ${company.address}.`,
    ],
  },
];
