/**
 * One owner per data folder: a second server on a DATA_DIR whose embedded database is in use
 * refuses to start, names the folder and the holder, and changes nothing; the lock of a server
 * killed with `kill -9` is taken over by the next start; a clean stop releases it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { get } from '../support/api';
import { startChildServer, startRefusedServer, type ChildServer } from '../support/child-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function started(dataDir: string): Promise<ChildServer> {
  const server = await startChildServer({ dataDir, databaseUrl: null });
  cleanups.push(async () => {
    server.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

const lockHolder = (dataDir: string) =>
  fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8').trim();

it('refuses a second server on the same data folder, takes over a stale lock, and releases it on stop', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-lock-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const owner = await started(dataDir);
  expect(lockHolder(dataDir)).toBe(String(owner.pid));
  const filesBefore = fs.readdirSync(dataDir).sort();

  const refused = await startRefusedServer({ dataDir, databaseUrl: null });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(
    `The data folder ${dataDir} is in use by another server (process ${owner.pid}`,
  );
  expect(lockHolder(dataDir)).toBe(String(owner.pid));
  expect(fs.readdirSync(dataDir).sort()).toEqual(filesBefore);
  expect((await get(owner, 'healthz')).status).toBe(200);

  owner.kill('SIGKILL');
  await owner.exited;
  expect(lockHolder(dataDir)).toBe(String(owner.pid));
  const successor = await started(dataDir);
  expect(lockHolder(dataDir)).toBe(String(successor.pid));
  expect((await fetch(`${successor.origin}/readyz`)).status).toBe(200);

  successor.kill('SIGTERM');
  expect(await successor.exited).toEqual({ code: 0, signal: null });
  expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
});
