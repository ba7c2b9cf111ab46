/**
 * A statement built and compiled once per shape, then run with new values. Kysely builds a
 * query's tree and compiles it to SQL on every call; for a booking that was about an eighth of the
 * server's time (docs/measurements.md). The idea is kysely-params' (whose release pins an old
 * Kysely): the query is built once with a marker in place of each value, compiled, and each
 * later call only puts its values where the markers are.
 *
 * The shape is read from the values themselves: which fields are left out (undefined, which
 * Kysely leaves out of an insert) and how many rows each list of rows has. A builder may branch
 * on whether a field is there, never on its value; every value it uses comes from `values`, so
 * the first compile throws when a parameter is not a marker, and no call can run with a value
 * from another call.
 */
import { createQueryId, type CompiledQuery, type Compilable, type Kysely } from 'kysely';

class Marker {
  constructor(readonly read: (values: object) => unknown) {}
}

type Tree = { [key: string]: unknown };

const isRow = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
const isRowList = (value: unknown): value is Tree[] =>
  Array.isArray(value) && value.length > 0 && value.every(isRow);

/** Which fields are there and how long each list of rows is: all a statement's text depends on. */
export function shapeOf(value: unknown): string {
  if (value === undefined) return '_';
  if (isRowList(value)) return `[${value.map(shapeOf).join(',')}]`;
  if (isRow(value)) {
    let shape = '{';
    for (const key in value) shape += `${key}:${shapeOf(value[key])},`;
    return `${shape}}`;
  }
  return '$';
}

/** The same tree as `value`, a marker at each leaf that reads that leaf from later values. */
function markersOf(value: unknown, read: (values: object) => unknown): unknown {
  if (value === undefined) return undefined;
  if (isRowList(value))
    return value.map((row, index) => markersOf(row, (values) => (read(values) as Tree[])[index]));
  if (isRow(value)) {
    const markers: Tree = {};
    for (const key in value)
      markers[key] = markersOf(value[key], (values) => (read(values) as Tree)[key]);
    return markers;
  }
  return new Marker(read);
}

/**
 * `build` makes the statement from `values` (markers, when it runs); the function returned
 * compiles it on first use per shape and database, then only reads the new values into it.
 */
export function reusableStatement<Db, Values extends object>(
  build: (db: Kysely<Db>, values: Values) => Compilable<unknown>,
) {
  const compiledByDatabase = new WeakMap<
    Kysely<Db>,
    Map<string, { sql: string; query: CompiledQuery['query']; markers: Marker[] }>
  >();
  return (db: Kysely<Db>, values: Values): CompiledQuery => {
    let compiled = compiledByDatabase.get(db);
    if (!compiled) compiledByDatabase.set(db, (compiled = new Map()));
    const shape = shapeOf(values);
    let statement = compiled.get(shape);
    if (!statement) {
      const { sql, query, parameters } = build(
        db,
        markersOf(values, (all) => all) as Values,
      ).compile();
      const markers = parameters.map((parameter) => {
        if (parameter instanceof Marker) return parameter;
        throw new Error(
          `reusableStatement: a value reached the statement without a marker (${String(parameter)}); pass it in \`values\``,
        );
      });
      compiled.set(shape, (statement = { sql, query, markers }));
    }
    const { sql, query, markers } = statement;
    return {
      sql,
      query,
      queryId: createQueryId(),
      parameters: markers.map((marker) => marker.read(values)),
    };
  };
}
