/**
 * Password hashing (argon2id, @node-rs/argon2's default algorithm) and the common-password check.
 * common-passwords.txt is the 30,000 most common passwords of the zxcvbn project (MIT licence,
 * Dropbox Inc. and Daniel Wolf), one per line, most common first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Please choose another.';

// A plain path, not `new URL(…, import.meta.url)`: Vite rewrites that pattern into an asset URL
// when the server runs inside a jsdom view test.
const commonPasswordsFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'common-passwords.txt',
);
const commonPasswords = new Set(
  fs.readFileSync(commonPasswordsFile, 'utf8').split('\n').filter(Boolean),
);

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase());

export const hashPassword = (password: string) => hash(password);

/** Compared against when the email is unknown, so a failed login takes as long either way. */
const decoyHash = hash('decoy password that matches nothing');

export async function passwordMatches(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}
