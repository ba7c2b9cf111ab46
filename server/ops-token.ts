/**
 * The staff token of the ops command and the staff routes: OPS_TOKEN, or else a random one the
 * server keeps in DATA_DIR/ops-token, readable only by its owner, where the command finds it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const opsTokenFile = (dataDir: string) => path.join(dataDir, 'ops-token');

export function readOpsToken(opsToken: string | null, dataDir: string): string | null {
  if (opsToken) return opsToken;
  try {
    return fs.readFileSync(opsTokenFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function ensureOpsToken(opsToken: string | null, dataDir: string): string {
  const existing = readOpsToken(opsToken, dataDir);
  if (existing) return existing;
  const token = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(opsTokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  return token;
}
