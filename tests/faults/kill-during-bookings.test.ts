/**
 * `kill -9` in the middle of concurrent bookings, on the embedded database and on PostgreSQL:
 * after a restart every booking the server acknowledged is still tracked, and its mail (queued
 * in the same transaction) still goes out. On the embedded database the restart also takes over
 * the lock the killed server left in DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { form, PASSWORD, post, register, scheduledDelivery, uniqueEmail } from '../support/api';
import { startChildServer, type ChildServer } from '../support/child-server';
import { codeFrom, outboxFiles, waitUntil } from '../support/mail';
import { createScratchDatabase, type ScratchDatabase } from '../support/server';

const WORKERS = 8;
/** Bounds of the load: attempts in all, and how long it may run if the kill never came. */
const MAX_ATTEMPTS = 2_000;
const MAX_LOAD_MS = 30_000;
/** The kill comes once this many bookings were acknowledged. */
const KILL_AFTER = 40;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function started(dataDir: string, databaseUrl: string | null): Promise<ChildServer> {
  const server = await startChildServer({ dataDir, databaseUrl });
  cleanups.push(async () => {
    server.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

async function signUpThroughOutbox(server: ChildServer, dataDir: string): Promise<string> {
  const email = uniqueEmail('fault');
  expect((await register(server, email)).status).toBe(200);
  const mailTo = () => outboxFiles(dataDir).find((mail) => mail.to.includes(email));
  await waitUntil(`the code mailed to ${email}`, () => mailTo() !== undefined);
  const verified = await post(server, 'verify-email', {
    verification_token: codeFrom(mailTo()!.text),
    email,
  });
  expect(verified.status).toBe(200);
  return (await post(server, 'login', { email, password: PASSWORD })).body.token;
}

/** Books from WORKERS loops at once until the server stops answering; answers the acknowledged references. */
async function bookUntilKilled(server: ChildServer, token: string): Promise<string[]> {
  const acknowledged: string[] = [];
  const deadline = Date.now() + MAX_LOAD_MS;
  let attempts = 0;
  let killed = false;
  const worker = async () => {
    while (attempts++ < MAX_ATTEMPTS && Date.now() < deadline) {
      try {
        const answer = await post(server, 'users/schedule/delivery', scheduledDelivery(), token);
        if (answer.status === 200) acknowledged.push(answer.body.data.reference_number);
      } catch {
        return; // The server is gone: what it had not answered was never acknowledged.
      }
      if (!killed && acknowledged.length >= KILL_AFTER) {
        killed = true;
        server.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  expect(killed).toBe(true);
  return acknowledged;
}

async function killDuringBookingsAndRestart(databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-fault-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const first = await started(dataDir, databaseUrl);
  const token = await signUpThroughOutbox(first, dataDir);

  const acknowledged = await bookUntilKilled(first, token);
  expect((await first.exited).signal).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

  const second = await started(dataDir, databaseUrl);
  const untracked: string[] = [];
  for (const reference of acknowledged) {
    const answer = await post(second, 'users/tracking/status', form({ reference_id: reference }));
    if (answer.status !== 200) untracked.push(reference);
  }
  expect(untracked).toEqual([]);

  const mailed = () =>
    new Set(
      outboxFiles(dataDir).flatMap((mail) => mail.text.match(/RL-[2-9A-HJ-NP-Z]{10}/g) ?? []),
    );
  await waitUntil(
    'every acknowledged booking to be mailed',
    () => acknowledged.every((reference) => mailed().has(reference)),
    30_000,
  );
}

it('keeps every acknowledged booking across kill -9 on the embedded database', async () => {
  await killDuringBookingsAndRestart(null);
});

it.skipIf(!process.env.DATABASE_URL)(
  'keeps every acknowledged booking across kill -9 on PostgreSQL',
  async () => {
    const scratch: ScratchDatabase = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    await killDuringBookingsAndRestart(scratch.url);
  },
);
