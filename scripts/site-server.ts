/**
 * The real server (API and the built website from DIST_DIR, default dist) on a free loopback
 * port with a scratch data folder, for the bench scripts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';

export interface SiteServer {
  origin: string;
  close: () => Promise<void>;
}

export async function serveBuiltSite(): Promise<SiteServer> {
  const webRoot = path.resolve(process.env.DIST_DIR ?? 'dist');
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error(
      `${webRoot}/index.html is missing: run \`npm run build\` first (DIST_DIR picks another folder).`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-bench-'));
  const config = {
    ...readConfig({ ...process.env, PORT: '0', LOG: 'off' }),
    webRoot,
    dataDir,
    databaseUrl: null,
    redisUrl: null,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
