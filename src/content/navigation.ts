/** The header's menus and the footer's link lists (docs/product.md), as data. */
export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavDropdown {
  id: 'services' | 'partner';
  label: string;
  items: NavLinkItem[];
}

export const homeLink: NavLinkItem = { label: 'HOME', to: '/' };
export const aboutLink: NavLinkItem = { label: 'ABOUT US', to: '/about' };

export const dropdowns: NavDropdown[] = [
  {
    id: 'services',
    label: 'SERVICES',
    items: [
      { label: 'Delivery', to: '/delivery' },
      { label: 'Relocation', to: '/relocation' },
    ],
  },
  {
    id: 'partner',
    label: 'PARTNER',
    items: [
      { label: 'Become a Packer', to: '/pack' },
      { label: 'Move for us', to: '/move' },
    ],
  },
];

export const trackerLink: NavLinkItem = { label: 'TRACKER', to: '/track' };

/** docs/product.md: TRACKER shows only on the services, quote, office, local, interstate and track paths. */
const trackerPaths = new Set([
  '/services',
  '/get-quote',
  '/interstate-quote',
  '/local-quote',
  '/office-quote',
  '/office',
  '/local',
  '/interstate',
  '/track',
]);

export const showsTracker = (pathname: string) =>
  trackerPaths.has(pathname.replace(/\/+$/, '') || '/');

export const footerServiceLinks: NavLinkItem[] = [
  { label: 'Local Move', to: '/local' },
  { label: 'Inter-state Move', to: '/interstate' },
  { label: 'Office Move', to: '/office' },
  { label: 'Deliver a Package', to: '/store' },
  { label: 'Track a shipment', to: '/track' },
];

export const footerCompanyLinks: NavLinkItem[] = [
  { label: 'About us', to: '/about' },
  { label: 'Partner with us', to: '/partner' },
  { label: 'Contact us', to: '/contact-us' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Terms and conditions', to: '/terms_and_conditions' },
];
