/** The home page's words (docs/product.md). */
export const home = {
  headline: "We don't just move boxes, we move memories, lives and dreams.",
  subheadline: 'We ensure a smooth moving experience.',
  intro:
    'Homes, offices and parcels across Nigeria: careful packers, trusted movers and couriers who deliver on time, all booked in minutes.',
  actions: [
    { label: 'Book a Delivery', to: '/delivery' },
    { label: 'Get a Relocation Quote', to: '/relocation' },
  ],
  services: [
    {
      title: 'Relocation Services',
      text: 'Local, inter-state and office moves. We pack, load, move, unpack and arrange, so your new place feels like home from day one.',
      to: '/relocation',
    },
    {
      title: 'Delivery Services',
      text: 'Send a package now, schedule it for later, or deliver to many receivers from one pickup, and track it all the way.',
      to: '/delivery',
    },
  ],
  consultation: {
    title: 'Want to book an appointment for consultation?',
    text: 'Talk to a moving expert about your plans, dates and budget. The call is free.',
    action: 'Contact Us',
  },
  about: {
    title: 'About us',
    text: 'We are a Nigerian logistics company that connects customers with vetted movers, packers and couriers. Technology keeps every booking simple and every shipment visible, and people who care make sure it arrives.',
  },
  partner: {
    title: 'Work with us',
    text: 'Are you a strong mover or a careful packer? Join our team and earn with every job.',
    action: 'Join our team',
  },
};

/** 'Why choose us' (docs/product.md): the four claims, on the home and landing pages. */
export const whyChooseUs = [
  {
    title: 'Reliable',
    text: 'We arrive when we say we will and keep you updated until the last box is in place.',
  },
  {
    title: 'Expertise',
    text: 'Trained packers and experienced movers who handle fragile, heavy and valuable items every day.',
  },
  {
    title: 'Seamless Operations',
    text: 'One booking covers packing, transport and delivery, with a tracking code you can check any time.',
  },
  {
    title: '24/7 Customer Care',
    text: 'Call, WhatsApp or email us day or night: a real person answers.',
  },
];
