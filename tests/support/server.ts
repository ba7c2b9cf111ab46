/**
 * Starts the real server for a test: a fresh DATA_DIR, the embedded database (or PostgreSQL
 * when DATABASE_URL is set), loopback on a free port. Mail lands in DATA_DIR/outbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';

export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + /api/v1 */
  apiUrl: string;
  dataDir: string;
  app: FastifyInstance;
  close: () => Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-test-'));
  const config: ServerConfig = {
    ...readConfig({ ...process.env, PORT: '0', LOG: 'off', WEB_ROOT: '' }),
    dataDir,
    ...overrides,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    apiUrl: `${origin}/api/v1`,
    dataDir,
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
