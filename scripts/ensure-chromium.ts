/**
 * First step of `npm test`: the browser tests and the statechart pictures need Debian's Chromium
 * (no browser is ever downloaded by npm). When it is missing and we are root, install it from
 * Debian's packages; otherwise stop at once with one line saying what to run, rather than
 * failing twenty minutes later in the browser tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM } from '../tests/support/chromium';

const INSTALL = 'apt-get update && apt-get install -y chromium';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(
      `\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(1);
  }
}

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM}: run \`sudo sh -c '${INSTALL}'\` (or set CHROMIUM_PATH), then npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package…`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!fs.existsSync(CHROMIUM)) {
    console.error(
      `Installed Debian's chromium, but ${CHROMIUM} is still missing: set CHROMIUM_PATH to the browser.`,
    );
    process.exit(1);
  }
}
console.log(`Chromium: ${CHROMIUM}`);
