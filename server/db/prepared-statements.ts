/**
 * Runs Kysely's statements on PostgreSQL as prepared statements: each connection parses and plans
 * a statement once, then only binds values. That halves what PostgreSQL spends on a booking (see
 * docs/measurements.md). Statements with a `*` (`select users.*`, `returning *`, `count(*)`) run
 * unprepared: another instance's migration can change the columns a `*` stands for, and a prepared
 * statement whose row type changes fails until the connection closes. DDL and transaction control
 * run unprepared too, and past MAX_PREPARED distinct statements (a query built with a varying
 * number of values) the rest run unprepared, so the server's memory stays bounded. A pooler in
 * front of PostgreSQL must keep prepared statements per client (PgBouncer 1.21 or later in
 * transaction mode, with max_prepared_statements set).
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

const MAX_PREPARED = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Statement text → its name, shared by every connection (each prepares it on first use). */
const names = new Map<string, string>();

function statementName(sql: string): string | undefined {
  const known = names.get(sql);
  if (known || names.size >= MAX_PREPARED || !PREPARABLE.test(sql) || sql.includes('*'))
    return known;
  const name = `kysely_${names.size}`;
  names.set(sql, name);
  return name;
}

export function preparedStatementsPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (sql: string, parameters: ReadonlyArray<unknown>) =>
        client.query({ name: statementName(sql), text: sql, values: [...parameters] });
      // Kysely's type also lists a cursor overload, which it uses only when the dialect is given a cursor.
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
