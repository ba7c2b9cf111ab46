/**
 * The data folder (DATA_DIR) holds secrets and personal data: the ops token, the outbox's mail,
 * the texts the Termii test gateway kept, the embedded database. Everything the server makes there is its owner's alone: folders 0700,
 * files 0600. On start, whatever it finds looser (a folder made by hand, files of an older
 * version, a copied-in ops token) loses its group and other bits. Only the server's own entries
 * are walked, so the work is bounded by what the server itself put there.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** What the server keeps in DATA_DIR (uploads: files of versions that kept them on disk). */
const OWN_ENTRIES = ['ops-token', 'server.lock', 'outbox', 'texts', 'db', 'uploads'];

/** Creates `folder` (and any missing parent) readable by its owner only. */
export const makePrivateFolder = (folder: string) =>
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });

function narrow(entry: string, stats: fs.Stats): void {
  if (stats.mode & 0o077) fs.chmodSync(entry, stats.mode & 0o700);
}

/** Takes group and other access away from `entry` and, for a folder, everything under it (symbolic links are left alone). */
function narrowTree(entry: string): void {
  const pending = [entry];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const stats = fs.lstatSync(next, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) continue;
    narrow(next, stats);
    if (stats.isDirectory())
      for (const name of fs.readdirSync(next)) pending.push(path.join(next, name));
  }
}

/** Narrows a looser mode on the data folder and the server's files in it; a folder not made yet is left to whoever makes it. */
export function protectDataDir(dataDir: string): void {
  const stats = fs.statSync(dataDir, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) return;
  narrow(dataDir, stats);
  for (const name of OWN_ENTRIES) narrowTree(path.join(dataDir, name));
}
