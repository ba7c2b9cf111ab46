/**
 * A reusable statement (server/orders/reusable-statement.ts) is compiled once per shape and then only
 * given new values. A wrong reuse would store one customer's booking with another's values, so
 * this checks, on the real database, that every call stores its own values, whatever the shape.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type Generated } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reusableStatement } from '../../server/orders/reusable-statement';

interface Tables {
  parcels: {
    id: Generated<number>;
    label: string;
    note: string | null;
    weight: Generated<number | null>;
  };
}

interface Parcel {
  label: string;
  note?: string | null;
  weight?: number;
}

const insertParcels = reusableStatement((db: Kysely<Tables>, { parcels }: { parcels: Parcel[] }) =>
  db.insertInto('parcels').values(parcels).returning(['label', 'note', 'weight']),
);

describe('reusable statement', () => {
  let db: Kysely<Tables>;
  beforeAll(async () => {
    db = new Kysely<Tables>({ dialect: new PGliteDialect(new PGlite()) });
    await db.schema
      .createTable('parcels')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('weight', 'integer', (c) => c.defaultTo(1))
      .execute();
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const run = async (parcels: Parcel[]) =>
    (await db.executeQuery(insertParcels(db, { parcels }))).rows;

  it('runs each call with its own values, the statement reused', async () => {
    const first = insertParcels(db, { parcels: [{ label: 'a', note: 'x' }] });
    const second = insertParcels(db, { parcels: [{ label: 'b', note: null }] });
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toEqual(['a', 'x']);
    expect(second.parameters).toEqual(['b', null]);
    expect(await run([{ label: 'c', note: 'y' }])).toEqual([{ label: 'c', note: 'y', weight: 1 }]);
  });

  it('builds another statement when a field is left out or a list has another length', async () => {
    expect(await run([{ label: 'd' }])).toEqual([{ label: 'd', note: null, weight: 1 }]);
    expect(await run([{ label: 'e', note: 'z', weight: 3 }])).toEqual([
      { label: 'e', note: 'z', weight: 3 },
    ]);
    const three = [
      { label: 'f', note: '1' },
      { label: 'g', note: '2' },
      { label: 'h', note: '3' },
    ];
    expect(await run(three)).toEqual(three.map((parcel) => ({ ...parcel, weight: 1 })));
    expect(await run([{ label: 'i', note: '4' }])).toEqual([{ label: 'i', note: '4', weight: 1 }]);
    expect(insertParcels(db, { parcels: three }).sql).not.toBe(
      insertParcels(db, { parcels: [three[0]!] }).sql,
    );
  });

  it('refuses, at its first compile, a value that did not come from its values', () => {
    const withConstant = reusableStatement(
      (database: Kysely<Tables>, { label }: { label: string }) =>
        database.insertInto('parcels').values({ label, weight: 2 }),
    );
    expect(() => withConstant(db, { label: 'j' })).toThrow(/without a marker/);
  });
});
