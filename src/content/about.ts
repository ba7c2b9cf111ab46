/** The About Us page (docs/product.md: vision and mission). */
export const about = {
  intro:
    'We help families, students and businesses across Nigeria move homes and offices and send packages without the stress.',
  sections: [
    {
      title: 'Who We Are',
      paragraphs: [
        'We are a logistics company based in Nigeria offering relocation (local, inter-state and office moves) and package delivery (instant, scheduled and bulk).',
        'Our team of packers, movers and couriers is vetted and trained, and every job is backed by a customer care team that answers around the clock.',
      ],
    },
    {
      title: 'Our Vision',
      paragraphs: [
        'To be the leading and most reliable delivery and relocation company in Africa.',
      ],
    },
    {
      title: 'Our Mission',
      paragraphs: [
        'To provide a technology solution that connects customers with logistics providers, so that booking a move or a delivery is simple, its price is clear and its progress is always visible.',
      ],
    },
  ],
};
