/**
 * Starts the real server for a test: a fresh DATA_DIR, the embedded database, or with
 * DATABASE_URL set a fresh PostgreSQL database of its own (test files run in parallel), loopback
 * on a free port. Mail lands in DATA_DIR/outbox (see ./mail.ts). The per-address limits (sign-up
 * and login, newsletter, applications, tracking) and the order limit are lifted so suites that
 * sign up, book and track a lot are not throttled, and a new code may be asked for at once (the
 * minute between codes is not waited for); pass `authRateLimit`, `trackingMissLimit`,
 * `orderRateLimit`, `paymentAccountLimit`, `codeLimits` … to test them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';
import { postgresTemplate, seedEmbeddedDatabase } from './database-template';

export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + /api/v1 */
  apiUrl: string;
  dataDir: string;
  /** The PostgreSQL database this server uses (its own scratch one), or null on the embedded one. */
  databaseUrl: string | null;
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * Under a loaded CI machine a server's close once outlasted the suite's hook timeout, and the
 * whole layer failed on teardown after every test had passed. A close still waiting after this
 * long is reported with what keeps it busy, and the suite goes on. A stopped server exiting
 * cleanly is tested on its own (tests/faults/data-dir-lock.test.ts).
 */
const CLOSE_WAIT_MS = 20_000;

async function closeWithin(app: FastifyInstance, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([app.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late')
    console.warn(
      `test server: close still waiting after ${ms} ms on`,
      process.getActiveResourcesInfo().join(', '),
    );
}

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new database on the server of `baseUrl`, dropped again by `drop`: empty, or with `migrated` a
 * copy of the migrated template (./database-template.ts).
 */
export async function createScratchDatabase(
  baseUrl: string,
  { migrated = false } = {},
): Promise<ScratchDatabase> {
  const name = `relo_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const template = migrated ? ` template ${await postgresTemplate(baseUrl)}` : '';
  await admin(`create database ${name}${template}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** High enough that no suite meets it, yet counted: the limiter's own work stays in what is measured. */
const lifted = { max: 1_000_000_000, windowMs: 60_000 };

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'relo-test-'));
  const base = readConfig({ ...process.env, PORT: '0', LOG: 'off', WEB_ROOT: '' });
  const scratch =
    base.databaseUrl && !('databaseUrl' in overrides)
      ? await createScratchDatabase(base.databaseUrl, { migrated: true })
      : null;
  // A data folder of the test's own is used as it is (a restart on the same data, a folder left
  // to the server to make); a fresh one gets a copy of the migrated embedded database.
  if (!scratch && !overrides.databaseUrl && !overrides.dataDir) await seedEmbeddedDatabase(dataDir);
  const config: ServerConfig = {
    ...base,
    dataDir,
    databaseUrl: scratch?.url ?? null,
    redisUrl: null,
    authRateLimit: lifted,
    newsletterRateLimit: lifted,
    applicationRateLimit: lifted,
    trackingRateLimit: lifted,
    trackingMissLimit: lifted,
    paymentAccountLimit: lifted,
    paymentOrderLimit: lifted,
    orderRateLimit: 0,
    codeLimits: { ...base.codeLimits, issueIntervalMs: 0 },
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    apiUrl: `${origin}/api/v1`,
    dataDir,
    databaseUrl: config.databaseUrl,
    app,
    close: async () => {
      await closeWithin(app, CLOSE_WAIT_MS);
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
