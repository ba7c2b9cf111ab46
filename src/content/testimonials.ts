/** Testimonials for the relocation and delivery landing pages' carousels. */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const customerTestimonials: Testimonial[] = [
  {
    quote:
      'They packed a three-bedroom flat in a morning and nothing was broken. The team even set up our beds.',
    name: 'Chiamaka O.',
    role: 'Moved from Lekki to Yaba',
  },
  {
    quote:
      'Moving from Abuja to Port Harcourt felt impossible until I called them. Every box arrived, on the day they promised.',
    name: 'Ibrahim S.',
    role: 'Inter-state move',
  },
  {
    quote: 'Our office moved over a weekend and we were working again on Monday morning.',
    name: 'Funke A.',
    role: 'Office manager',
  },
  {
    quote: 'Customer care answered at midnight when I had a question. That alone won me over.',
    name: 'Tunde B.',
    role: 'Local move',
  },
  {
    quote:
      'Clear quote, no surprises, friendly movers. I have already recommended them to two friends.',
    name: 'Ngozi E.',
    role: 'Moved from Ikeja to Surulere',
  },
];

export const businessTestimonials: Testimonial[] = [
  {
    quote:
      'We send dozens of orders a week with bulk delivery. One pickup, and our customers get their parcels the same day.',
    name: 'Adaeze N.',
    role: 'Online fashion store',
  },
  {
    quote: 'Deliver Now saved a contract: documents across Lagos in under two hours.',
    name: 'Segun K.',
    role: 'Law firm',
  },
  {
    quote:
      'Scheduling deliveries a week ahead lets us plan our stock. The tracking codes keep our customers calm.',
    name: 'Halima Y.',
    role: 'Electronics retailer',
  },
  {
    quote: 'Packages arrive well wrapped, and the couriers are polite to our customers.',
    name: 'Emeka U.',
    role: 'Bakery owner',
  },
];
