/**
 * One owner per data folder: the embedded database is a folder of files that only one process
 * may open, so the server takes DATA_DIR/server.lock (its pid, created exclusively) before
 * opening it. A lock whose process is gone (a `kill -9`, a crash) is stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder, PRIVATE_FILE } from './data-dir';

export class DataDirInUseError extends Error {}

const LOCK_FILE = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Takes the data folder's lock, or throws DataDirInUseError naming the folder and its holder. Answers the release. */
export function lockDataDir(dataDir: string): () => void {
  makePrivateFolder(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_FILE });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if ((holder !== null && isAlive(holder)) || attempt > 0) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another server (process ${holder ?? 'unknown'}, see ${file}). ` +
            'Stop that server, or give this one its own DATA_DIR (or DATABASE_URL).',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    if (fs.existsSync(file) && holderOf(file) === process.pid) fs.rmSync(file);
  };
}
