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
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { codeFrom, parseMail, type ReceivedMail } from '../tests/support/mail';
import { createScratchDatabase } from '../tests/support/server';

const SMTP_MS = Number(process.env.BENCH_SMTP_MS ?? 20);
const FLOOD_ADDRESSES = Number(process.env.FLOOD_ADDRESSES ?? 40);
const FLOOD_CALLS = Number(process.env.FLOOD_CALLS ?? 11);
const LIMIT_MS = 60_000;
const PASSWORD = 'Benchmarks at harmattan 9';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON POST from `localAddress`; answers the status. */
function postFrom(apiUrl: string, localAddress: string, call: string, payload: unknown): Promise<number> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${apiUrl}/${call}`,
      { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer to ${call} within 10 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** An SMTP server that takes SMTP_MS to accept each message and records when each arrived. */
const received: Array<ReceivedMail & { at: number }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      setTimeout(() => {
        received.push({ ...parseMail(Buffer.concat(chunks).toString('utf8')), at: performance.now() });
        done();
      }, SMTP_MS);
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as net.AddressInfo).port;

async function mailTo(email: string, count: number, deadline: number): Promise<(ReceivedMail & { at: number }) | null> {
  for (;;) {
    const mails = received.filter((mail) => mail.to.includes(email));
    if (mails.length >= count) return mails[count - 1]!;
    if (performance.now() > deadline) return null;
    await pause(10);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-bench-'));
const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
const port = await freePort();
const apiUrl = `http://127.0.0.1:${port}/api/v1`;
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', REDIS_URL: '',
    WEB_ROOT: '', LOG: 'off', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '100',
  },
});

const signUp = async (address: string, email: string) =>
  postFrom(apiUrl, address, 'register', { fullname: 'Bench Mark', email, phone: '08031234567', password: PASSWORD, password_confirmation: PASSWORD });

try {
  for (let waited = 0; ; waited += 100) {
    if (await fetch(`${apiUrl}/healthz`).then((response) => response.ok, () => false)) break;
    if (waited > 60_000 || child.exitCode !== null) throw new Error('the server did not start within 60 s');
    await pause(100);
  }
  const deadline = performance.now() + LIMIT_MS;
  const victim = `victim.${Date.now()}@example.com`;
  await signUp('127.0.0.250', victim);
  const victimCode = codeFrom((await mailTo(victim, 1, deadline))!.text);
  await postFrom(apiUrl, '127.0.0.250', 'verify-email', { verification_token: victimCode, email: victim });

  const floodStarted = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: FLOOD_ADDRESSES }, (_, index) => `127.0.1.${index + 1}`).flatMap((address) =>
      Array.from({ length: FLOOD_CALLS }, () => postFrom(apiUrl, address, 'forget-password', { email: victim })),
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
  const backlog = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.json()) as { dependencies: { mail: { pending: number } } };

  console.log(`mail flood on ${scratch ? 'PostgreSQL' : 'the embedded database'}, SMTP taking ${SMTP_MS} ms a message`);
  console.log(`  flood: ${FLOOD_ADDRESSES} addresses × ${FLOOD_CALLS} forget-password for one account in ${floodMs.toFixed(0)} ms, ${statuses.filter((status) => status === 200).length} answered 200`);
  console.log(
    `  a new user's verification mail arrived ${waitedMs === null ? `not within ${LIMIT_MS / 1000} s` : `${(waitedMs / 1000).toFixed(2)} s`} after sign-up` +
      ` (it expires after 300 s)`,
  );
  console.log(`  mails to the flooded address so far: ${received.filter((mail) => mail.to.includes(victim)).length - 1}, still queued: ${backlog.dependencies.mail.pending}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
