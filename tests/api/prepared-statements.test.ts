/**
 * On PostgreSQL the server runs its statements prepared (server/db/prepared-statements.ts). Another
 * instance's migration must not break the prepared ones of a running server: statements naming
 * their columns are planned again by PostgreSQL, and those with a `*` are never prepared, since a
 * prepared `*` whose columns change fails until the connection closes.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { get, post, signUp, type Customer } from '../support/api';

describe.skipIf(!process.env.DATABASE_URL)('prepared statements', () => {
  let server: TestServer;
  let customer: Customer;
  beforeAll(async () => {
    server = await startTestServer();
    customer = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = () => post(server, 'login', { email: customer.email, password: customer.password });

  it('keep answering after another instance adds a column to the table they read', async () => {
    // Every connection of the pool prepares the session lookup and the login's statements first.
    for (let round = 0; round < 12; round += 1) {
      expect((await get(server, 'users/profile', customer.token)).status).toBe(200);
      expect((await login()).status).toBe(200);
    }
    const migration = new pg.Client({ connectionString: server.databaseUrl! });
    await migration.connect();
    try {
      await migration.query('alter table users add column nickname text');
    } finally {
      await migration.end();
    }
    for (let round = 0; round < 12; round += 1) {
      expect((await get(server, 'users/profile', customer.token)).status).toBe(200);
      expect((await login()).status).toBe(200);
    }
  });
});
