/**
 * The light tracking-link page's build (docs/decisions/018-light-tracking-link-page.md):
 * track-link.html and its script (src/trackLink.ts), without React, written into the site's
 * DIST_DIR after the site's own build (`npm run build`); the server sends it for `/t/<token>`. A
 * build of its own because one build puts a module in one chunk: XState, zod and the contract,
 * which this page shares with the app, would land in the app's chunks (vite.config.ts,
 * `codeSplitting`) beside React, and the page would load them all.
 */
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { companyFrom } from './src/content/company.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The company's name (VITE_COMPANY_NAME, src/content/company.ts) in the page's HTML, so it shows before the script runs. */
function companyName(name: string): Plugin {
  return {
    name: 'company-name',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%COMPANY_NAME%', escapeHtml(name)),
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [companyName(companyFrom(loadEnv(mode, process.cwd(), 'VITE_')).name)],
  build: {
    target: 'es2022',
    modulePreload: false,
    sourcemap: false,
    outDir: process.env.DIST_DIR ?? 'dist',
    // The site's build ran first, into the same folder.
    emptyOutDir: false,
    rolldownOptions: { input: 'track-link.html' },
  },
}));
