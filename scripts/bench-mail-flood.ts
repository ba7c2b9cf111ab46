/**
 * `npm run bench:mail-flood`: can a flood of mail to one address delay another person's code?
 * Starts the real server in a process of its own (`server/main.ts`: the embedded database, or
 * PostgreSQL in a scratch database when DATABASE_URL is set) with mail going to an SMTP server in
 * this process that takes BENCH_SMTP_MS (20 by default) to accept each message, like a real one
 * under load. Then it replays the flood of the security review: FLOOD_ADDRESSES (40) client
 * addresses on loopback (127.0.0.x) each ask FLOOD_CALLS (11) times at once for a reset code for
 * one victim's account, with the per-address limit at its default; right after, a new user signs
 * up from another address, and the script times how long that user's verification mail takes to
 * arrive. It prints that wait, the mails the victim received, and the mails still queued.
 * Bounded (a minute at most); ends by itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readOpsToken } from '../server/ops/ops-token';
import { postFrom, readiness } from '../tests/support/api';
import { startChildServer } from '../tests/support/child-server';
import { codeFrom, waitUntil } from '../tests/support/mail';
import { createScratchDatabase } from '../tests/support/server';
import { startSmtpServer, type TimedMail } from '../tests/support/smtp';

const SMTP_MS = Number(process.env.BENCH_SMTP_MS ?? 20);
const FLOOD_ADDRESSES = Number(process.env.FLOOD_ADDRESSES ?? 40);
const FLOOD_CALLS = Number(process.env.FLOOD_CALLS ?? 11);
const LIMIT_MS = 60_000;
const PASSWORD = 'Benchmarks at harmattan 9';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An SMTP server that takes SMTP_MS to accept each message, like a busy one; it stamps each arrival. */
const smtp = await startSmtpServer(0, { acceptMs: SMTP_MS });

/** The `count`-th mail to `email`, or null when none has arrived by `deadline`. */
async function mailTo(email: string, count: number, deadline: number): Promise<TimedMail | null> {
  const mails = () => smtp.received.filter((mail) => mail.to.includes(email));
  await waitUntil(
    `mail ${count} to ${email}`,
    () => mails().length >= count || performance.now() > deadline,
  );
  return mails()[count - 1] ?? null;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-bench-'));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL)
  : null;
// The per-address limit at its default (10 a minute), as the review's flood met it.
const server = await startChildServer({
  dataDir,
  databaseUrl: scratch?.url ?? null,
  env: { AUTH_RATE_LIMIT: '10', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
});
const status = async (answer: Promise<{ status: number }>) => (await answer).status;

const signUp = async (address: string, email: string) =>
  postFrom(server, address, 'register', {
    fullname: 'Bench Mark',
    email,
    phone: '08031234567',
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });

try {
  const deadline = performance.now() + LIMIT_MS;
  const victim = `victim.${Date.now()}@example.com`;
  await signUp('127.0.0.250', victim);
  const victimCode = codeFrom((await mailTo(victim, 1, deadline))!.text);
  await postFrom(server, '127.0.0.250', 'verify-email', {
    verification_token: victimCode,
    email: victim,
  });

  const floodStarted = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: FLOOD_ADDRESSES }, (_, index) => `127.0.1.${index + 1}`).flatMap(
      (address) =>
        Array.from({ length: FLOOD_CALLS }, () =>
          status(postFrom(server, address, 'forget-password', { email: victim })),
        ),
    ),
  );
  const floodMs = performance.now() - floodStarted;
  // The codes are queued after each answer: give the server a moment to queue them.
  await pause(300);

  const newcomer = `newcomer.${Date.now()}@example.com`;
  const signedUp = performance.now();
  await signUp('127.0.0.251', newcomer);
  const arrived = await mailTo(newcomer, 1, deadline);
  const waitedMs = arrived ? arrived.at - signedUp : null;
  // The outbox's backlog is in /readyz's details, which it shows to the ops token only.
  const backlog = (await readiness(server, readOpsToken(null, dataDir) ?? undefined)).body as {
    dependencies: { mail: { pending: number } };
  };

  console.log(
    `mail flood on ${scratch ? 'PostgreSQL' : 'the embedded database'}, SMTP taking ${SMTP_MS} ms a message`,
  );
  console.log(
    `  flood: ${FLOOD_ADDRESSES} addresses × ${FLOOD_CALLS} forget-password for one account in ${floodMs.toFixed(0)} ms, ${statuses.filter((status) => status === 200).length} answered 200`,
  );
  console.log(
    `  a new user's verification mail arrived ${waitedMs === null ? `not within ${LIMIT_MS / 1000} s` : `${(waitedMs / 1000).toFixed(2)} s`} after sign-up` +
      ` (it expires after 300 s)`,
  );
  console.log(
    `  mails to the flooded address so far: ${smtp.received.filter((mail) => mail.to.includes(victim)).length - 1}, still queued: ${backlog.dependencies.mail.pending}`,
  );
} finally {
  server.kill('SIGTERM');
  await server.exited;
  await smtp.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
