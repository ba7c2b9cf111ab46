/**
 * The data folder is its owner's alone (docs/reliability.md, "The data folder"): the server as
 * `npm start` runs it (a process of its own, so its umask is the one `server/main.ts` sets), on
 * the embedded database, after a sign-up has written its mail. Every folder under DATA_DIR is
 * 0700 and every file 0600, the embedded database's own files included, which it creates as it
 * runs and which the start's narrowing never sees.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { register, uniqueEmail } from '../support/api';
import { startChildServer } from '../support/child-server';
import { outboxFiles, waitUntil } from '../support/mail';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every entry under `folder` (itself included) with its permission bits; symbolic links left out. */
function modesUnder(
  folder: string,
): Array<{ entry: string; kind: 'folder' | 'file'; mode: number }> {
  const found: Array<{ entry: string; kind: 'folder' | 'file'; mode: number }> = [];
  const pending = [folder];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const stats = fs.lstatSync(next);
    if (stats.isSymbolicLink()) continue;
    const kind = stats.isDirectory() ? 'folder' : 'file';
    found.push({ entry: path.relative(folder, next) || '.', kind, mode: stats.mode & 0o777 });
    if (kind === 'folder')
      for (const name of fs.readdirSync(next)) pending.push(path.join(next, name));
  }
  return found;
}

it('creates every folder under DATA_DIR 0700 and every file 0600, the embedded database’s included', async () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-modes-'));
  cleanups.push(() => fs.rmSync(parent, { recursive: true, force: true }));
  const dataDir = path.join(parent, 'data');
  const server = await startChildServer({ dataDir, databaseUrl: null });
  cleanups.push(async () => {
    server.kill('SIGKILL');
    await server.exited;
  });

  const email = uniqueEmail('modes');
  expect((await register(server, email)).status).toBe(200);
  await waitUntil('the sign-up mail in the outbox', () =>
    outboxFiles(dataDir).some((mail) => mail.to.includes(email)),
  );

  const entries = modesUnder(dataDir);
  // The embedded database's files are there, so the check covers what it creates itself.
  expect(entries.filter(({ entry }) => entry.startsWith(`db${path.sep}`)).length).toBeGreaterThan(
    5,
  );
  const loose = entries.filter(({ kind, mode }) => mode !== (kind === 'folder' ? 0o700 : 0o600));
  expect(loose.map(({ entry, mode }) => `${entry} ${mode.toString(8)}`)).toEqual([]);
});
