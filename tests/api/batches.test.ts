/** Group commit (server/orders/batches.ts), without a database: what goes together, how many run, and what a failure does. */
import { expect, it } from 'vitest';
import { Batches } from '../../server/orders/batches';

/** A `run` whose batches finish when the test says so. */
function controlledRun() {
  const batches: Array<{ items: string[]; finish: (error?: Error) => void }> = [];
  const run = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push({ items, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { batches, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('runs an item at once when there is room, and groups what waits by kind, oldest kind first, up to the size', async () => {
  const { batches, run } = controlledRun();
  const group = new Batches(run, { maxSize: 3, maxRunning: 1 });
  const done: string[] = [];
  const add = (kind: string, item: string) => group.add(kind, item).then(() => done.push(item));
  void add('delivery', 'd1');
  await settle();
  expect(batches.map((batch) => batch.items)).toEqual([['d1']]);
  for (const [kind, item] of [
    ['quote', 'q1'],
    ['delivery', 'd2'],
    ['delivery', 'd3'],
    ['quote', 'q2'],
    ['delivery', 'd4'],
    ['delivery', 'd5'],
  ] as const)
    void add(kind, item);
  batches[0]!.finish();
  await settle();
  expect(batches.map((batch) => batch.items)).toEqual([['d1'], ['q1', 'q2']]);
  batches[1]!.finish();
  await settle();
  expect(batches.at(-1)!.items).toEqual(['d2', 'd3', 'd4']);
  batches[2]!.finish();
  await settle();
  expect(batches.at(-1)!.items).toEqual(['d5']);
  batches[3]!.finish();
  await settle();
  expect(done).toEqual(['d1', 'q1', 'q2', 'd2', 'd3', 'd4', 'd5']);
});

it('never runs more batches at once than allowed', async () => {
  const { batches, run } = controlledRun();
  const group = new Batches(run, { maxSize: 2, maxRunning: 2 });
  for (let item = 0; item < 7; item += 1) void group.add('delivery', `d${item}`);
  await settle();
  expect(batches.map((batch) => batch.items)).toEqual([['d0'], ['d1']]);
  batches[0]!.finish();
  await settle();
  expect(batches.map((batch) => batch.items)).toEqual([['d0'], ['d1'], ['d2', 'd3']]);
});

it('runs each item of a failed batch again alone, so one refusal fails only its own item', async () => {
  const runs: string[][] = [];
  const group = new Batches(
    async (items: string[]) => {
      runs.push(items);
      if (items.includes('refused')) throw new Error(`refused among ${items.join(', ')}`);
    },
    { maxSize: 4, maxRunning: 1 },
  );
  const first = group.add('delivery', 'first');
  const others = ['a', 'refused', 'b'].map((item) =>
    group.add('delivery', item).then(
      () => 'stored',
      (error: Error) => error.message,
    ),
  );
  await first;
  expect(await Promise.all(others)).toEqual(['stored', 'refused among refused', 'stored']);
  expect(runs).toEqual([['first'], ['a', 'refused', 'b'], ['a'], ['refused'], ['b']]);
});
