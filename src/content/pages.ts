/**
 * Each public page's title and description: read by the page (usePageMeta) and by the
 * prerender script, which writes them into the page's HTML for search engines and link previews.
 */
export interface PageText {
  title: string;
  description: string;
}

export const pageText = {
  home: {
    title: 'Relocation and package delivery in Nigeria',
    description:
      'Move homes and offices, send packages and track deliveries across Nigeria. Reliable movers, careful packers and 24/7 customer care.',
  },
  about: {
    title: 'About Us',
    description:
      'Who we are: a Nigerian logistics company connecting customers with trusted movers and couriers. Our vision, our mission and how we work.',
  },
  services: {
    title: 'Our Services',
    description:
      'Office moves, package delivery, local moves and inter-state moves from Abuja to all 35 states. Pick the service you need.',
  },
  relocation: {
    title: 'Relocation Services',
    description:
      'Local, inter-state and office relocation with packing, loading, unpacking and arranging. Request a free relocation quote in minutes.',
  },
  delivery: {
    title: 'Delivery Services',
    description:
      'Deliver now, schedule a delivery or send one pickup to many receivers. Book a delivery and track it to the door.',
  },
  local: {
    title: 'Local Move',
    description:
      'Moving within your city? Our local movers pack, load, move and set up your home the same day. Get a quote or track a move.',
  },
  interstate: {
    title: 'Inter-state Move',
    description:
      'Inter-state relocation from Abuja to all 35 states, with packing, safe transport and delivery to your new home. Get a quote.',
  },
  office: {
    title: 'Office Move',
    description:
      'Relocate your office with little downtime: furniture, equipment and files packed, moved and set up. Get an office move quote.',
  },
  store: {
    title: 'Deliver a Package',
    description:
      'Schedule your deliveries, we pick up and package them, and they arrive on time. See how package delivery works and get started.',
  },
  partner: {
    title: 'Partner With Us',
    description:
      'Join our dynamic team of packers and movers. Apply to move for us or become a packer and earn with every job.',
  },
  mover: {
    title: 'Move for Us',
    description:
      'Apply to join our team of movers: tell us your name, age, phone number and location, and we will be in touch.',
  },
  packer: {
    title: 'Become a Packer',
    description:
      'Apply to join our team of packers: tell us your name, age, phone number and location, and we will be in touch.',
  },
  contact: {
    title: 'Contact Us',
    description:
      'Call, WhatsApp or email us any time: our customer care team answers 24/7. Find our office address and every way to reach us.',
  },
  faq: {
    title: 'Frequently Asked Questions',
    description:
      'Answers about relocation types, quotes, packing, the areas we serve, booking ahead and weekend or holiday deliveries.',
  },
  terms: {
    title: 'Terms and Conditions',
    description:
      'The terms of our relocation and delivery services: booking and payment, cancellations and refunds, liability and insurance.',
  },
  notFound: {
    title: 'Page not found',
    description:
      'The page you are looking for does not exist. Find your way back to our moving and delivery services.',
  },
} satisfies Record<string, PageText>;

export type PageKey = keyof typeof pageText;

/**
 * The routes the build prerenders to HTML, and the text of each.
 * @public read by scripts/prerender.ts through Vite's ssrLoadModule, which knip cannot follow.
 */
export const prerenderedRoutes: Record<string, PageKey> = {
  '/': 'home',
  '/about': 'about',
  '/services': 'services',
  '/relocation': 'relocation',
  '/delivery': 'delivery',
  '/local': 'local',
  '/interstate': 'interstate',
  '/office': 'office',
  '/store': 'store',
  '/partner': 'partner',
  '/contact-us': 'contact',
  '/faq': 'faq',
  '/terms_and_conditions': 'terms',
};
