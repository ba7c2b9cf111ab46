/**
 * `npm test`: every layer of tests in order, stopping at the first that fails, then the time each
 * layer took (CI has 45 minutes on two cores; this shows where they go). Name layers to run only
 * those: `npm test -- test:api test:e2e`.
 */
import { spawnSync } from 'node:child_process';

// The test build keeps the company's placeholder details (scripts/company-check.ts).
process.env.COMPANY_PLACEHOLDERS ??= 'allow';

const layers = [
  'chromium', // installs Debian's Chromium when it is missing (scripts/ensure-chromium.ts)
  'typecheck',
  'lint', // typescript-eslint and the layers of docs/architecture.md (eslint.config.js)
  'test:machines',
  'test:ui',
  'test:api',
  'test:api:postgres',
  'test:faults',
  'build',
  'bench:bundle', // every route's JavaScript budget (the home page 100 KB, the others 120 KB)
  'test:e2e',
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((layer) => !layers.includes(layer));
if (unknown.length) {
  console.error(`Unknown layer(s): ${unknown.join(', ')}. Layers: ${layers.join(', ')}`);
  process.exit(2);
}

const timings: { layer: string; seconds: number; ok: boolean }[] = [];
let failed = false;
for (const layer of chosen.length ? chosen : layers) {
  console.log(`\n▶ npm run ${layer}`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '-s', layer], { stdio: 'inherit' });
  const ok = run.status === 0;
  timings.push({ layer, seconds: (Date.now() - started) / 1000, ok });
  if (!ok) {
    failed = true;
    break;
  }
}

const total = timings.reduce((sum, { seconds }) => sum + seconds, 0);
console.log('\nTime per layer:');
for (const { layer, seconds, ok } of timings)
  console.log(
    `  ${ok ? 'ok    ' : 'FAILED'} ${layer.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s`,
  );
console.log(`  total${' '.repeat(20)}${total.toFixed(0).padStart(5)} s`);
const passed = timings.filter(({ ok }) => ok).length;
console.log(`layers: ${passed} passed, ${timings.length - passed} failed`);
process.exit(failed ? 1 : 0);
