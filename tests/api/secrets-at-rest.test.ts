/**
 * Secrets and privacy at rest (docs/reliability.md, "Durability: mail, timeouts and the data
 * folder" and docs/security.md): a weak staff token refuses the start; photo links are signed
 * with a key of their own, kept in the database; the request log never holds a link's signature;
 * the data folder is its owner's alone (0700, files 0600), a looser one narrowed on start; expired
 * sessions are purged in the background.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRefusedServer } from '../support/child-server';
import { readOutbox, waitUntil } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { opsTokenOf } from '../support/staff';
import { form, get, PASSWORD, pngBlob, post, quote, signUp, type Customer } from '../support/api';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const scratchFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'relo-secrets-'));
const STRONG_TOKEN = crypto.randomBytes(32).toString('base64');

/** Books a quote with a photo and answers the photo's signed link, as its owner sees it. */
async function photoLinkOf(server: TestServer, customer: Customer): Promise<string> {
  const booked = await post(
    server,
    'users/Office-service',
    form(quote(), { file: pngBlob() }),
    customer.token,
  );
  expect(booked.status).toBe(200);
  const order = await get(
    server,
    `users/orders/${booked.body.data.reference_number}`,
    customer.token,
  );
  return order.body.data.details.photos[0];
}

describe('the ops token', () => {
  it('refuses to start with an OPS_TOKEN shorter than 32 characters, and says how to make one', async () => {
    const refused = await startRefusedServer({
      dataDir: path.join(scratchFolder(), 'data'),
      databaseUrl: null,
      env: { OPS_TOKEN: 'relo2024' },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'OPS_TOKEN is 8 characters long: the staff token must be at least 32.',
    );
    expect(refused.stderr).toContain('openssl rand -base64 32');
    const dataDir = scratchFolder();
    await expect(startTestServer({ dataDir, opsToken: 'x'.repeat(31) })).rejects.toThrow(
      'OPS_TOKEN is 31 characters long',
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a short token found in DATA_DIR/ops-token, naming the file', async () => {
    const dataDir = scratchFolder();
    fs.writeFileSync(path.join(dataDir, 'ops-token'), 'relo2024\n');
    await expect(startTestServer({ dataDir, opsToken: null })).rejects.toThrow(
      `${path.join(dataDir, 'ops-token')} is 8 characters long`,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with a token of 32 characters or more', async () => {
    const server = await startTestServer({ opsToken: STRONG_TOKEN });
    try {
      expect((await get(server, 'staff/orders', STRONG_TOKEN)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('photo links', () => {
  it('are signed with a key of their own, not one derived from the ops token, which every instance shares', async () => {
    const first = await startTestServer();
    let second: TestServer | null = null;
    try {
      const customer = await signUp(first);
      const link = await photoLinkOf(first, customer);
      const [, name, expires, signature] =
        /^\/uploads\/([^?]+)\?expires=(\d+)&signature=(.+)$/.exec(link)!;
      // The old scheme: HMAC-SHA256 with SHA-256("photo-links:" + ops token) as the key.
      const oldKey = crypto
        .createHash('sha256')
        .update(`photo-links:${opsTokenOf(first)}`)
        .digest();
      const oldSignature = (at: string) =>
        crypto.createHmac('sha256', oldKey).update(`${name}:${at}`).digest('base64url');
      expect(signature).not.toBe(oldSignature(expires!));
      const later = String(Number(expires) - 60);
      expect(
        (
          await fetch(
            `${first.origin}/uploads/${name}?expires=${later}&signature=${oldSignature(later)}`,
          )
        ).status,
      ).toBe(404);
      expect((await fetch(`${first.origin}${link}`)).status).toBe(200);

      // On PostgreSQL a second instance shares the database; the embedded one is restarted on its folder.
      if (first.databaseUrl) second = await startTestServer({ databaseUrl: first.databaseUrl });
      else {
        await first.app.close();
        second = await startTestServer({ dataDir: first.dataDir });
      }
      expect((await fetch(`${second.origin}${link}`)).status).toBe(200);
    } finally {
      await second?.close();
      if (first.databaseUrl) await first.close();
    }
  });

  it('leave no signature in the request log', async () => {
    const lines: string[] = [];
    const server = await startTestServer({
      logger: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const customer = await signUp(server);
      const link = await photoLinkOf(server, customer);
      expect((await fetch(`${server.origin}${link}`)).status).toBe(200);
      const signature = /signature=(.+)$/.exec(link)![1]!;
      const photoPath = link.slice(0, link.indexOf('?'));
      const logged = lines.join('');
      expect(lines.some((line) => line.includes(`"url":"${photoPath}"`))).toBe(true);
      expect(logged).not.toContain(signature);
      expect(logged).not.toContain('signature=');
    } finally {
      await server.close();
    }
  });
});

// These servers make their embedded database from nothing (its initdb, not a copy of the migrated
// template: docs/decisions/test-speed.md), since its files' modes are what is checked: tens of
// seconds on a busy 2-core machine.
describe('the data folder', { timeout: 120_000 }, () => {
  it('is created 0700 with its files 0600: the ops token, the outbox and its mail, the embedded database', async () => {
    const dataDir = path.join(scratchFolder(), 'data');
    const server = await startTestServer({ dataDir });
    try {
      await signUp(server);
      await readOutbox(server);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'ops-token'))).toBe(0o600);
      const outbox = path.join(dataDir, 'outbox');
      expect(modeOf(outbox)).toBe(0o700);
      const mails = fs.readdirSync(outbox);
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) expect(modeOf(path.join(outbox, mail))).toBe(0o600);
      if (!server.databaseUrl) {
        expect(modeOf(path.join(dataDir, 'db'))).toBe(0o700);
        expect(modeOf(path.join(dataDir, 'server.lock'))).toBe(0o600);
      }
    } finally {
      await server.close();
    }
  });

  it('loses a looser mode on start: the folder, a copied-in ops token, older mail', async () => {
    const dataDir = scratchFolder();
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'ops-token'), `${STRONG_TOKEN}\n`, { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'ops-token'), 0o644);
    fs.mkdirSync(path.join(dataDir, 'outbox'), { mode: 0o755 });
    fs.chmodSync(path.join(dataDir, 'outbox'), 0o755);
    fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'Subject: old\n\nold mail\n');
    fs.chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o644);
    const server = await startTestServer({ dataDir, opsToken: null });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'ops-token'))).toBe(0o600);
      expect(modeOf(path.join(dataDir, 'outbox'))).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'outbox', 'old.eml'))).toBe(0o600);
      expect(opsTokenOf(server)).toBe(STRONG_TOKEN);
    } finally {
      await server.close();
    }
  });
});

describe('expired sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ sessionPurge: { everyMs: 100, batchSize: 2 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are deleted in the background, a few at a time, while live ones stay', async () => {
    const customer = await signUp(server);
    const logins = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(server, 'login', { email: customer.email, password: PASSWORD }),
      ),
    );
    expect(logins.map((login) => login.status)).toEqual([200, 200, 200, 200, 200]);
    await server.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', customer.userId)
      .where('token_hash', '!=', crypto.createHash('sha256').update(customer.token).digest('hex'))
      .execute();
    const sessions = async () =>
      (
        await server.app.db
          .selectFrom('sessions')
          .select('expires_at')
          .where('user_id', '=', customer.userId)
          .execute()
      ).length;
    expect(await sessions()).toBe(6);
    await waitUntil('the expired sessions to be purged', async () => (await sessions()) === 1);
    expect((await get(server, 'users/profile', customer.token)).status).toBe(200);
  });
});
