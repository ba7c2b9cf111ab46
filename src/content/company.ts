/** The company's details in one place (docs/product.md); each can be overridden at build time. */
// The server reads the defaults too (STAFF_EMAIL), where Vite's import.meta.env does not exist.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

export const company = {
  name: env.VITE_COMPANY_NAME ?? 'Relo Logistics',
  phone: env.VITE_COMPANY_PHONE ?? '+2348012345678',
  phoneDisplay: env.VITE_COMPANY_PHONE_DISPLAY ?? '0801 234 5678',
  whatsapp: env.VITE_COMPANY_WHATSAPP ?? '2348012345678',
  email: env.VITE_COMPANY_EMAIL ?? 'hello@relo.ng',
  address: env.VITE_COMPANY_ADDRESS ?? '12 Adeola Odeku Street, Victoria Island, Lagos',
};

export const whatsappLink = (text = 'Hello, I would like to ask about a move or a delivery.') =>
  `https://wa.me/${company.whatsapp}?text=${encodeURIComponent(text)}`;

/** The footer's social links; the handles can be overridden at build time like the rest. */
export const socialLinks = [
  { label: 'Facebook', href: env.VITE_SOCIAL_FACEBOOK ?? 'https://www.facebook.com/relologistics' },
  {
    label: 'Instagram',
    href: env.VITE_SOCIAL_INSTAGRAM ?? 'https://www.instagram.com/relologistics',
  },
  { label: 'X (Twitter)', href: env.VITE_SOCIAL_X ?? 'https://x.com/relologistics' },
  {
    label: 'LinkedIn',
    href: env.VITE_SOCIAL_LINKEDIN ?? 'https://www.linkedin.com/company/relologistics',
  },
];

export const phoneLink = `tel:${company.phone}`;
export const emailLink = `mailto:${company.email}`;
