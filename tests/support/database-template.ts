/**
 * A migrated database to copy, so a test server does not make and migrate its own: making the
 * embedded database (its initdb) and running every migration took 7-15 s per server on the 2-core
 * CI machine, and API, view and browser tests start a hundred servers or more
 * (docs/decisions/test-speed.md). The template is made once for the migrations as they stand
 * (their files' hash names it) and kept: the embedded one as a folder in the system's temporary
 * folder, PostgreSQL's as a database `relo_tpl_<hash>` that `CREATE DATABASE … TEMPLATE` copies.
 * A server started on a copy still runs its migrations, which find nothing left to do.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../server/db/database';

const root = path.resolve(import.meta.dirname, '../..');

/** The migrations' source and the embedded database's version: what the schema depends on. */
function schemaHash(): string {
  const hash = crypto.createHash('sha256');
  const folder = path.join(root, 'server/db/migrations');
  for (const name of fs.readdirSync(folder).sort()) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(folder, name)));
  }
  hash.update(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Only the pool's "idle connection lost" warning is logged while a template is made. */
const quiet = { warn: () => {} } as unknown as FastifyBaseLogger;

async function migrate(databaseUrl: string | null, dataDir: string): Promise<void> {
  const db = await openDatabase({ databaseUrl, dataDir, timeoutMs: 120_000, log: quiet });
  await db.destroy();
}

let embedded: Promise<string> | undefined;

/** The folder of a migrated embedded database (a DATA_DIR's `db`), made on first use. */
function embeddedTemplate(): Promise<string> {
  embedded ??= (async () => {
    const template = path.join(os.tmpdir(), `relo-db-template-${schemaHash()}`);
    if (fs.existsSync(template)) return template;
    const building = fs.mkdtempSync(path.join(os.tmpdir(), 'relo-db-template-building-'));
    try {
      await migrate(null, building);
      // A rename is atomic: another process that made the same template first keeps its own.
      fs.renameSync(path.join(building, 'db'), template);
    } catch (error) {
      if (!fs.existsSync(template)) throw error;
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
    return template;
  })();
  embedded.catch(() => (embedded = undefined));
  return embedded;
}

/** Copies the migrated embedded database into `dataDir` (which must not hold one yet). */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const template = await embeddedTemplate();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.cpSync(template, path.join(dataDir, 'db'), { recursive: true });
}

async function admin<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated PostgreSQL database on the server of `baseUrl`, made on first use under
 * an advisory lock (parallel test files, and other checkouts' runs on the same server, wait for
 * the one that makes it). No one connects to it afterwards: PostgreSQL copies a template only
 * while it has no connections.
 */
export function postgresTemplate(baseUrl: string): Promise<string> {
  let made = templates.get(baseUrl);
  if (!made) {
    made = admin(baseUrl, async (client) => {
      const name = `relo_tpl_${schemaHash()}`;
      const exists = async () =>
        (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
      if (await exists()) return name;
      await client.query('select pg_advisory_lock(hashtext($1))', [name]);
      try {
        if (await exists()) return name;
        const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
        await client.query(`create database ${building}`);
        try {
          await migrate(withDatabase(baseUrl, building), os.tmpdir());
          await client.query(`alter database ${building} rename to ${name}`);
        } catch (error) {
          await client.query(`drop database if exists ${building} with (force)`);
          throw error;
        }
        return name;
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    made.catch(() => templates.delete(baseUrl));
    templates.set(baseUrl, made);
  }
  return made;
}
