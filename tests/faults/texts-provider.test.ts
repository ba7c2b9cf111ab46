/**
 * A Termii that refuses, hangs or is down, then the server killed with `kill -9` while texts
 * wait (docs/messages.md, "Through the outbox"), on the embedded database and on PostgreSQL. The
 * server runs as `npm start` would with a Termii key, against a Termii-compatible gateway in this
 * test process (the built-in test gateway, mounted on its own server here, so it outlives the
 * kill and can go down and come back as Termii would). Every booking is answered at once
 * whatever Termii does, and once Termii is back each booking's text reaches it exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { keptTexts, termiiTestGatewayRoutes } from '../../server/routes/termii-test-gateway';
import { post, scheduledDelivery } from '../support/api';
import { signUpThroughOutbox, startChildServer, type ChildServer } from '../support/child-server';
import { waitUntil } from '../support/mail';
import { createScratchDatabase, type ScratchDatabase } from '../support/server';

const KEY = `TL${'7'.repeat(40)}`;
const INBOX = 'inbox-key-of-this-test';
/** Termii's timeout in the server: a booking that waited on a hanging Termii would take longer. */
const TIMEOUT_MS = 1_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Termii on its own port, which a test can stop and start again on that port. */
async function termii(folder: string, server: () => ChildServer) {
  let app: FastifyInstance | null = null;
  let port = 0;
  const up = async () => {
    app = Fastify();
    await app.register(
      termiiTestGatewayRoutes({
        apiKey: KEY,
        inboxKey: INBOX,
        folder,
        reportUrl: () => `${server().apiUrl}/messages/termii/report`,
        log: app.log,
      }),
      { prefix: '/test-termii' },
    );
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  };
  const down = async () => {
    await app?.close();
    app = null;
  };
  await up();
  cleanups.push(down);
  return {
    baseUrl: () => `http://127.0.0.1:${port}/test-termii`,
    up,
    down,
    async behaves(behaviour: object) {
      const answer = await fetch(`${this.baseUrl()}/behaviour?key=${INBOX}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(behaviour),
      });
      expect(answer.status).toBe(200);
    },
  };
}

async function started(dataDir: string, databaseUrl: string | null, baseUrl: string) {
  const server = await startChildServer({
    dataDir,
    databaseUrl,
    env: {
      TERMII_API_KEY: KEY,
      TERMII_BASE_URL: baseUrl,
      TERMII_TIMEOUT_MS: String(TIMEOUT_MS),
      TEXT_RETRY_MS: '150',
      TEXT_POLL_MS: '100',
    },
  });
  cleanups.push(async () => {
    server.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

async function textsThroughFaults(databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-texts-fault-'));
  const folder = path.join(dataDir, 'termii-kept');
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let current: ChildServer | null = null;
  const provider = await termii(folder, () => current!);
  current = await started(dataDir, databaseUrl, provider.baseUrl());
  const first = current;
  const token = await signUpThroughOutbox(first, dataDir, 'texted');

  const references: string[] = [];
  /** Books one order and checks the answer did not wait on Termii. */
  const book = async () => {
    const started = performance.now();
    const answer = await post(first, 'users/schedule/delivery', scheduledDelivery(), token);
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS);
    references.push(answer.body.data.reference_number);
  };

  await provider.behaves({ send: 'refuse', times: 3 });
  await book();
  await provider.behaves({ send: 'fail', times: 3 });
  await book();
  await provider.behaves({ send: 'hang', times: 1000 });
  await book();
  await book();
  await provider.down();
  await book();
  await book();

  // Killed while its texts wait (one may be claimed, under its lease, at that instant).
  first.kill('SIGKILL');
  expect((await first.exited).signal).toBe('SIGKILL');
  current = await started(dataDir, databaseUrl, provider.baseUrl());
  await provider.up();

  const keptFor = (reference: string) =>
    keptTexts(folder, 10_000).filter((text) => text.sms.includes(reference));
  await waitUntil(
    'every booking’s text to reach Termii',
    () => references.every((reference) => keptFor(reference).length > 0),
    30_000,
  );
  for (const reference of references) {
    expect(keptFor(reference), reference).toHaveLength(1);
    expect(keptFor(reference)[0]).toMatchObject({ to: '2348031234567', channel: 'dnd' });
  }
}

it('answers every booking at once and loses no text through a refusing, hanging, down Termii and a kill -9, on the embedded database', async () => {
  await textsThroughFaults(null);
});

it.skipIf(!process.env.DATABASE_URL)(
  'answers every booking at once and loses no text through a refusing, hanging, down Termii and a kill -9, on PostgreSQL',
  async () => {
    const scratch: ScratchDatabase = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    await textsThroughFaults(scratch.url);
  },
);
