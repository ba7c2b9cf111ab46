/**
 * `BEFORE_DIR=/tmp/before npx tsx scripts/bench-tracking-before-after.ts`: the tracking lookup of
 * this checkout beside the one of another checkout of the project (e.g. `git worktree add
 * /tmp/before <commit>` with a node_modules symlink), both servers in this process, as the site
 * sends it (FormData, one code; an unknown one, so both answer 404 from the database each time),
 * at 50 connections, in alternating 3-second rounds so a busy machine weighs on both alike.
 * Prints each round's requests a second. Loopback only; ends by itself (about 40 s).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { startTestServer } from '../tests/support/server';

interface Result {
  errors: number;
  non2xx: number;
  requests: { total: number; average: number };
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<Result>;

const beforeDir = process.env.BEFORE_DIR;
if (!beforeDir) throw new Error('Set BEFORE_DIR to the checkout to compare with.');
const { startTestServer: startBefore } = (await import(
  path.resolve(beforeDir, 'tests/support/server.ts')
)) as { startTestServer: typeof startTestServer };

const ROUNDS = 6;
const servers = { before: await startBefore(), after: await startTestServer() };
try {
  const form = new FormData();
  form.append('reference_id', 'RL-ABCDEFGHJK');
  const sent = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  const body = await sent.text();
  const headers = { 'content-type': sent.headers.get('content-type')! };
  const rates: Record<keyof typeof servers, number[]> = { before: [], after: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: Array<keyof typeof servers> =
      round % 2 ? ['after', 'before'] : ['before', 'after'];
    for (const name of order) {
      const result = await autocannon({
        url: `${servers[name].apiUrl}/users/tracking/status`,
        method: 'POST',
        headers,
        body,
        connections: 50,
        duration: 3,
      });
      if (result.errors || result.non2xx !== result.requests.total)
        throw new Error(`${name}: answers other than the 404 expected`);
      rates[name].push(Math.round(result.requests.average));
    }
  }
  const median = (each: number[]) => [...each].sort((a, b) => a - b)[Math.floor(each.length / 2)];
  for (const [name, each] of Object.entries(rates)) {
    console.log(
      `tracking lookup, ${name}: median ${median(each.slice(1))} req/s (rounds: ${each.join(', ')}; the first warms up)`,
    );
  }
} finally {
  await servers.before.close();
  await servers.after.close();
}
