/**
 * Group commit for statements that many requests make at once. Work given while `maxRunning`
 * batches are already running waits, and the next batch takes up to `maxSize` waiting items of
 * one kind together: one statement, one round trip and one commit for all of them. Alone, an item
 * runs at once, so a quiet server adds no wait; under load, batches grow by themselves. `run`
 * answers each item of a batch (what became of it), so a refusal of one is answered without
 * costing the others anything. When a batch fails all the same, each of its items runs again
 * alone, so one item's error never fails the others.
 */
export interface BatchLimits {
  /** Items in one batch at most. */
  maxSize: number;
  /** Batches running at once at most (each holds one database connection). */
  maxRunning: number;
}

interface Waiting<Item, Outcome> {
  item: Item;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

export class Batches<Item, Outcome = void> {
  private readonly queues = new Map<string, Waiting<Item, Outcome>[]>();
  private running = 0;

  /** `run` handles `items` in one statement and answers each one's outcome, in order; or throws. */
  constructor(
    private readonly run: (items: Item[]) => Promise<Outcome[] | void>,
    private readonly limits: BatchLimits,
  ) {}

  /** Stores `item` with the others of its `kind` (items of one kind make one statement). */
  add(kind: string, item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      const queue = this.queues.get(kind);
      if (queue) queue.push({ item, resolve, reject });
      else this.queues.set(kind, [{ item, resolve, reject }]);
      this.startBatches();
    });
  }

  private startBatches() {
    while (this.running < this.limits.maxRunning && this.queues.size > 0) {
      // The kind waiting longest goes first: a Map keeps its keys in the order they were added.
      const [kind, queue] = this.queues.entries().next().value!;
      const batch = queue.splice(0, this.limits.maxSize);
      // What is left of the kind waits behind the others.
      this.queues.delete(kind);
      if (queue.length > 0) this.queues.set(kind, queue);
      this.running += 1;
      void this.runBatch(batch).finally(() => {
        this.running -= 1;
        this.startBatches();
      });
    }
  }

  private async runBatch(batch: Waiting<Item, Outcome>[]) {
    try {
      const outcomes = await this.run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(outcomes?.[index] as Outcome));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One after another: they hold this batch's one connection, not the pool.
      for (const waiting of batch) await this.runBatch([waiting]);
    }
  }
}
