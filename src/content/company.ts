/** The company's details in one place (DESIGN.md); each can be overridden at build time. */
const env = import.meta.env;

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
