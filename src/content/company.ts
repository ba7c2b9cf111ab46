/**
 * The company's details in one place (docs/product.md), each set at build time by a VITE_COMPANY_*
 * variable. The defaults are placeholders for development and tests only: `npm run build` refuses
 * to build with any of them unless COMPANY_PLACEHOLDERS=allow (scripts/company-check.ts,
 * docs/decisions/company-details.md), so a placeholder cannot ship unnoticed.
 */
// The server reads them too (receipts, STAFF_EMAIL), from its environment: Vite's import.meta.env
// exists only in the site's build.
const env: Partial<ImportMetaEnv> =
  import.meta.env ??
  (globalThis as { process?: { env: Partial<ImportMetaEnv> } }).process?.env ??
  {};

interface CompanyDetails {
  name: string;
  /** The Corporate Affairs Commission registration number (RC …). */
  registration: string;
  phone: string;
  phoneDisplay: string;
  whatsapp: string;
  email: string;
  address: string;
}

/** Each detail's build variable. */
const companyVariables: Record<keyof CompanyDetails, string> = {
  name: 'VITE_COMPANY_NAME',
  registration: 'VITE_COMPANY_REGISTRATION',
  phone: 'VITE_COMPANY_PHONE',
  phoneDisplay: 'VITE_COMPANY_PHONE_DISPLAY',
  whatsapp: 'VITE_COMPANY_WHATSAPP',
  email: 'VITE_COMPANY_EMAIL',
  address: 'VITE_COMPANY_ADDRESS',
};

/** Development and test values only: valid in form, not the company's. */
const placeholderCompany: CompanyDetails = {
  name: 'Relo Logistics',
  registration: 'RC 0000000',
  phone: '+2348012345678',
  phoneDisplay: '0801 234 5678',
  whatsapp: '2348012345678',
  email: 'hello@relo.ng',
  address: '12 Adeola Odeku Street, Victoria Island, Lagos',
};

/** The details a build gets from its variables, a placeholder for each one unset. */
export function companyFrom(variables: Partial<Record<string, string>>): CompanyDetails {
  const details = { ...placeholderCompany };
  for (const key of Object.keys(companyVariables) as (keyof CompanyDetails)[]) {
    const value = variables[companyVariables[key]]?.trim();
    if (value) details[key] = value;
  }
  return details;
}

/** The details a customer relies on to trust and reach us (issue 35): a build must set them. */
const mustBeSet: (keyof CompanyDetails)[] = [
  'registration',
  'phone',
  'phoneDisplay',
  'whatsapp',
  'address',
];

/** The variables whose detail is still a placeholder. */
export const placeholdersIn = (details: CompanyDetails): string[] =>
  mustBeSet
    .filter((key) => details[key] === placeholderCompany[key])
    .map((key) => companyVariables[key]);

export const company = companyFrom(env as Partial<Record<string, string>>);

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
