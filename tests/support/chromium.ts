/**
 * Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) driven by playwright-core, with the
 * launch options checked on this machine. Never downloads a browser: `npm test` installs
 * Debian's package first when it is missing (scripts/ensure-chromium.ts).
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run \`npm test\` as root to install Debian's chromium package, or see docs/testing.md.`,
    );
  }
  // launch() gives every browser a fresh temporary profile (user-data dir) of its own.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
