/**
 * The questions of the FAQ page (docs/product.md's ten, then prices, payment, refunds and damage,
 * issue 35), with real answers.
 */
import { company } from './company';

export interface Question {
  id: string;
  question: string;
  answer: string;
}

export const faq: Question[] = [
  {
    id: 'relocation-types',
    question: 'What types of relocation do you offer?',
    answer:
      'We offer local moves within your city, inter-state moves from Abuja to all 35 states, and office relocations. Each can include packing and loading, unpacking and arranging, or just moving.',
  },
  {
    id: 'team-experience',
    question: 'How experienced is your team?',
    answer:
      'Our packers and movers are vetted, trained and supervised. Many have handled hundreds of moves, from single rooms to full offices, including fragile and heavy items.',
  },
  {
    id: 'choosing-a-service',
    question: 'How do I choose the right service?',
    answer:
      'Moving home within your city? Choose Local Move. Moving to another state? Inter-state Move. Moving a business? Office Move. Sending items rather than moving? Use our delivery services. If you are unsure, call us and we will advise you for free.',
  },
  {
    id: 'belongings-safety',
    question: 'How do you keep my belongings safe?',
    answer:
      'We use sturdy boxes, wrapping and padding, label every box, load carefully and transport in covered trucks. Our liability covers the value you declare, and insurance is available for extra peace of mind.',
  },
  {
    id: 'what-sets-us-apart',
    question: 'What sets your company apart?',
    answer:
      'Reliability, expertise, seamless operations and 24/7 customer care: one booking covers the whole job, every shipment has a tracking code, and a real person answers whenever you call.',
  },
  {
    id: 'getting-a-quote',
    question: 'How do I get a quote?',
    answer:
      'Choose Local Move, Inter-state Move or Office Move and press Get a Quote. Tell us where you are moving from and to, your contact details and what you need; our team replies with a quote, usually within one business day.',
  },
  {
    id: 'packing-and-unpacking',
    question: 'Do you pack and unpack?',
    answer:
      'Yes. Choose Packing and Loading, Unpacking and Arranging, or both when you request your quote. If you prefer to pack yourself, choose Just Moving.',
  },
  {
    id: 'areas-served',
    question: 'Which areas do you serve?',
    answer:
      'We work mainly within the state, with local moves and deliveries across the city, and we run inter-state relocations from Abuja to all 35 states.',
  },
  {
    id: 'booking-lead-time',
    question: 'How far ahead should I book?',
    answer:
      'For a home or office move, book at least one to two weeks ahead, and earlier at month ends and during holidays. Deliveries can be booked the same day with Deliver Now, or scheduled for any later date.',
  },
  {
    id: 'weekends-and-holidays',
    question: 'Do you deliver on weekends and public holidays?',
    answer: `Yes, we deliver on weekends and public holidays. If a holiday changes a pickup or delivery time, we inform you in advance. Questions? Call ${company.phoneDisplay}.`,
  },
  {
    id: 'prices',
    question: 'How are prices set?',
    answer:
      'A delivery is priced from our published tariff by the pickup and delivery state and LGA: you see the price on the form before you book, and it does not change afterwards. A move gets an estimate from the tariff; after the inspection we send you the final price on your order page, and nothing is final until you accept it.',
  },
  {
    id: 'payment',
    question: 'How do I pay?',
    answer:
      'Once your price is accepted, press Pay on your order page and pay by card, bank or USSD through Paystack. You can also pay by bank transfer or in cash at our office. Every payment gets a receipt on your order page, which you can print.',
  },
  {
    id: 'refunds',
    question: 'What if I cancel? How do refunds work?',
    answer:
      'You can cancel from your order page. If you have paid and cancel 3 days or fewer before the moving date (or a delivery’s pickup date), we keep a cancellation fee of 10% of what you paid, because the crew and truck booked for that day are hard to re-book; earlier, there is no fee. Your order page shows the fee and the refund before you confirm. We refund within 7 business days, to the card you paid with or by bank transfer.',
  },
  {
    id: 'damage',
    question: 'What if something is damaged or lost?',
    answer: `Tell us at once, by phone on ${company.phoneDisplay} or on WhatsApp, with photos and your order reference. Our liability covers the value you declared for the items when booking (an optional field on every booking form), so declare what your goods are worth; for more cover, ask us about goods-in-transit insurance.`,
  },
];
