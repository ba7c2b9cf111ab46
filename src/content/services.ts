/** Service tiles, landing pages and service pages (docs/product.md), as data. */
/** The 3-step quote form: fewer questions than the 5-step wizard of each service, no photos. */
export const QUICK_QUOTE = '/get-quote';

export interface ServiceCard {
  title: string;
  text: string;
  to: string;
  action: string;
}

export const serviceTiles: ServiceCard[] = [
  {
    title: 'Office Move',
    text: 'Desks, equipment and files moved with little downtime.',
    to: '/office',
    action: 'Plan an office move',
  },
  {
    title: 'Deliver a Package',
    text: 'Send a parcel today, schedule it, or deliver to many receivers.',
    to: '/store',
    action: 'Send a package',
  },
  {
    title: 'Local Move',
    text: 'Move within your city, packed and set up the same day.',
    to: '/local',
    action: 'Plan a local move',
  },
  {
    title: 'Inter-state Move',
    text: 'From Abuja to all 35 states, door to door.',
    to: '/interstate',
    action: 'Plan an inter-state move',
  },
];

export interface LandingContent {
  hero: { title: string; text: string; actions: { label: string; to: string }[] };
  servicesId: string;
  servicesTitle: string;
  cards: ServiceCard[];
  testimonialsTitle: string;
  banner: { title: string; text: string };
}

export const relocationLanding: LandingContent = {
  hero: {
    title: 'Relocation made simple',
    text: 'Moving home or office? We pack, load, move, unpack and arrange, within your city or across the country.',
    // The button says quote, so it opens the quote form (issue 35); the detailed 5-step quote
    // starts from a service card below.
    actions: [
      { label: 'Get a Relocation Quote', to: QUICK_QUOTE },
      { label: 'Compare our services', to: '#relocation-services' },
    ],
  },
  servicesId: 'relocation-services',
  servicesTitle: 'Our relocation services',
  cards: [
    {
      title: 'Inter-state Relocation',
      text: 'From Abuja to all 35 states, with safe transport and delivery to your new door.',
      to: '/interstate',
      action: 'Move inter-state',
    },
    {
      title: 'Local Relocation',
      text: 'Moving within your city: packed, moved and set up the same day.',
      to: '/local',
      action: 'Move locally',
    },
    {
      title: 'Office Relocation',
      text: 'Furniture, equipment and files moved with as little downtime as possible.',
      to: '/office',
      action: 'Move your office',
    },
  ],
  testimonialsTitle: 'What our customers say',
  banner: { title: 'Need help planning your move?', text: 'Our moving experts answer 24/7.' },
};

export const deliveryLanding: LandingContent = {
  hero: {
    title: 'Deliveries you can count on',
    text: 'Send a package right now, plan it for later, or deliver to many receivers from one pickup, and track every step.',
    // 'Get Started' targets /store-quote in the original; that route does not exist, /store explains how delivery works.
    actions: [{ label: 'Get Started', to: '/store' }],
  },
  servicesId: 'delivery-services',
  servicesTitle: 'Our delivery services',
  cards: [
    {
      title: 'Deliver Now',
      text: 'Urgent? A courier picks up your package right away.',
      to: '/express-delivery',
      action: 'Deliver now',
    },
    {
      title: 'Scheduled Delivery',
      text: 'Plan ahead: choose the pickup and delivery dates that suit you.',
      to: '/schedule-delivery',
      action: 'Schedule a delivery',
    },
    {
      title: 'Bulk Delivery',
      text: 'One pickup, several receivers: ideal for businesses and online stores.',
      to: '/bulk-delivery',
      action: 'Send in bulk',
    },
  ],
  testimonialsTitle: 'What businesses say',
  banner: { title: 'Got issues BOOKING?', text: 'Call us and we will book it with you.' },
};

export interface ServicePageContent {
  title: string;
  text: string;
  quoteTo: string;
  points: string[];
}

/** /local, /interstate, /office: hero with 'Get a Quote' (the matching 5-step quote) and 'Track'. */
export const servicePages: Record<'local' | 'interstate' | 'office', ServicePageContent> = {
  local: {
    title: 'Local Move',
    text: 'Moving within your city? We pack, load, move and set up your home the same day.',
    quoteTo: '/local-quote',
    points: [
      'Packing and loading by trained packers',
      'Careful transport in clean, covered trucks',
      'Unpacking and arranging in your new home',
    ],
  },
  interstate: {
    title: 'Inter-state Move',
    text: 'From Abuja to all 35 states: your belongings packed, transported safely and delivered to your new door.',
    quoteTo: '/interstate-quote',
    points: [
      'Inspection before the move so nothing is left to chance',
      'Secure loading for long journeys',
      'A tracking code from pickup to delivery',
    ],
  },
  office: {
    title: 'Office Move',
    text: 'Relocate your office with as little downtime as possible: furniture, equipment and files packed, moved and set up.',
    quoteTo: '/office-quote',
    points: [
      'Moves planned around your working hours',
      'Equipment and files packed and labelled by room',
      'Desks and furniture set up in the new office',
    ],
  },
};

/** /store, 'How it Works' (docs/product.md). */
export const storeSteps = [
  {
    title: 'Schedule Your Deliveries',
    text: 'Tell us what to send, where to pick it up and who receives it, now or on a date you choose.',
  },
  {
    title: 'Pickup & Packaging',
    text: 'A courier collects your items and packages them safely for the journey.',
  },
  {
    title: 'Timely Delivery',
    text: 'Your package arrives on time, and you can follow it with your tracking code.',
  },
];
