/**
 * The staff token of the ops command and the staff routes: OPS_TOKEN, or else a random one the
 * server keeps in DATA_DIR/ops-token, readable only by its owner, where the command finds it.
 * A token shorter than 32 characters is refused at start: a guessable one falls to anyone who
 * tries enough (docs/configuration.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder, PRIVATE_FILE } from '../db/data-dir';

export const MIN_OPS_TOKEN_LENGTH = 32;

/** The server will not start with a weak staff token; the message says how to make a good one. */
export class WeakOpsTokenError extends Error {}

export const opsTokenFile = (dataDir: string) => path.join(dataDir, 'ops-token');

export function readOpsToken(opsToken: string | null, dataDir: string): string | null {
  if (opsToken) return opsToken;
  try {
    return fs.readFileSync(opsTokenFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function refuseWeak(token: string, fromEnvironment: boolean, dataDir: string): string {
  if (token.length >= MIN_OPS_TOKEN_LENGTH) return token;
  const tooShort = `is ${token.length} characters long: the staff token must be at least ${MIN_OPS_TOKEN_LENGTH}.`;
  throw new WeakOpsTokenError(
    fromEnvironment
      ? `OPS_TOKEN ${tooShort} Make one with: openssl rand -base64 32`
      : `The ops token in ${opsTokenFile(dataDir)} ${tooShort} Delete the file (the server then makes a strong one), or write one made with: openssl rand -base64 32`,
  );
}

/** The staff token, made and kept in DATA_DIR when none is given; throws WeakOpsTokenError for a short one. */
export function ensureOpsToken(opsToken: string | null, dataDir: string): string {
  const existing = readOpsToken(opsToken, dataDir);
  if (existing) return refuseWeak(existing, Boolean(opsToken), dataDir);
  const token = crypto.randomBytes(32).toString('base64url');
  makePrivateFolder(dataDir);
  fs.writeFileSync(opsTokenFile(dataDir), `${token}\n`, { mode: PRIVATE_FILE });
  return token;
}
