/**
 * Part of `npm run build` (scripts/prerender.ts): refuses to build the site with a placeholder
 * for any company detail (registration number, phone, WhatsApp, address…, src/content/company.ts),
 * so a placeholder cannot ship unnoticed. Development and test builds say COMPANY_PLACEHOLDERS=allow
 * (`npm test` and `npm start` do so themselves; docs/decisions/company-details.md).
 */
import { loadEnv } from 'vite';
import { companyFrom, placeholdersIn } from '../src/content/company';

export function checkCompanyDetails(mode = 'production'): void {
  // What Vite gives the build: .env files of the mode, then the environment's VITE_ variables.
  const variables = { ...loadEnv(mode, process.cwd(), 'VITE_') };
  const unset = placeholdersIn(companyFrom(variables));
  if (!unset.length) return;
  const list = unset.join(', ');
  if (process.env.COMPANY_PLACEHOLDERS === 'allow') {
    console.warn(`Company details still placeholders (allowed for development and tests): ${list}`);
    return;
  }
  throw new Error(
    `The company details ${list} are still placeholders. Set them (e.g. in .env.production), or ` +
      'build with COMPANY_PLACEHOLDERS=allow for development and tests only.',
  );
}
