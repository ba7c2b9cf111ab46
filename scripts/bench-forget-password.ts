/**
 * `npm run bench:forget-password`: does forget-password's answer time tell whether an address has
 * an account? Starts the real server in a process of its own (`server/main.ts`: the embedded
 * database, or PostgreSQL in a scratch database when DATABASE_URL is set), so the work it does
 * after an answer cannot hold up this process reading the answer; makes one account, then asks for a reset code BENCH_CALLS times
 * (60 by default) for its address and as often for an unknown one, interleaved in random order
 * over loopback, and prints both medians and their difference. The per-address rate limit is
 * raised (tests/support/child-server.ts, as in the tests) so it cannot shape the figures; a short pause between calls lets the
 * work done after each answer finish, as an attacker pacing calls would. Bounded; ends by itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startChildServer } from '../tests/support/child-server';
import { codeFrom, mailCountTo, waitForMailTo } from '../tests/support/mail';
import { createScratchDatabase } from '../tests/support/server';

const CALLS = Math.max(50, Number(process.env.BENCH_CALLS ?? 60));
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 25);
const WARM_UP = 10;
const PASSWORD = 'Benchmarks at harmattan 9';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(url: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return elapsed;
}

/** The value below which `share` of the values lie (nearest rank). */
const quantile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};
const median = (values: number[]) => quantile(values, 0.5);
const spread = (values: number[]) =>
  `middle half ${quantile(values, 0.25).toFixed(2)}–${quantile(values, 0.75).toFixed(2)} ms`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-bench-'));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL)
  : null;
// The child's per-address limit is raised far above the calls made here, as in the tests.
const child = await startChildServer({ dataDir, databaseUrl: scratch?.url ?? null });
const server = { apiUrl: child.apiUrl, dataDir, databaseUrl: scratch?.url ?? null };

try {
  const known = `bench.${Date.now()}@example.com`;
  const unknown = `nobody.${Date.now()}@example.com`;
  await post(`${server.apiUrl}/register`, {
    fullname: 'Bench Mark',
    email: known,
    phone: '08031234567',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  await post(`${server.apiUrl}/verify-email`, {
    verification_token: codeFrom((await waitForMailTo(server.dataDir, known)).text),
    email: known,
  });

  const forget = (email: string) => post(`${server.apiUrl}/forget-password`, { email });
  for (let call = 0; call < WARM_UP; call++) {
    await forget(known);
    await forget(unknown);
  }

  const times = { known: [] as number[], unknown: [] as number[] };
  for (let call = 0; call < CALLS; call++) {
    const order =
      Math.random() < 0.5 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const which of order) {
      times[which].push(await forget(which === 'known' ? known : unknown));
      await pause(PAUSE_MS);
    }
  }
  // Every code is mailed after its answer: wait (bounded) for the last ones.
  const expected = 1 + WARM_UP + CALLS;
  for (
    let waited = 0;
    mailCountTo(server.dataDir, known) < expected && waited < 5_000;
    waited += 50
  )
    await pause(50);

  const knownMedian = median(times.known);
  const unknownMedian = median(times.unknown);
  console.log(
    `forget-password on ${server.databaseUrl ? 'PostgreSQL' : 'the embedded database'}, ${CALLS} calls each, interleaved`,
  );
  console.log(`  known address:   median ${knownMedian.toFixed(2)} ms (${spread(times.known)})`);
  console.log(
    `  unknown address: median ${unknownMedian.toFixed(2)} ms (${spread(times.unknown)})`,
  );
  console.log(
    `  difference:      ${(knownMedian - unknownMedian).toFixed(2)} ms (known − unknown)`,
  );
  console.log(
    `  reset codes mailed to the known address: ${mailCountTo(server.dataDir, known) - 1} of ${expected - 1}, to the unknown one: ${mailCountTo(server.dataDir, unknown)}`,
  );
} finally {
  child.kill('SIGTERM');
  await child.exited;
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
