/**
 * The in-memory store of the per-address rate limits (docs/reliability.md, "Retries, limits and
 * files"), in place of @fastify/rate-limit's LocalStore. That one keeps the 5,000 most recently
 * used keys, so requests from 5,000 other addresses pushed out an address being limited and gave it
 * a fresh count. Here a count is only forgotten when its window has ended, with one exception kept
 * for memory's sake: once more than `capacity` addresses are counting at the same time, the oldest
 * counts still under their limit make room. A count that has reached its limit, an address
 * being refused, is never forgotten before its window ends, whatever else arrives; those grow
 * with the requests a window holds (each one took `max` requests), not with the addresses seen.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

interface Count {
  current: number;
  startedAt: number;
}

/** Addresses counting under their limit at once before the oldest make room: ~100 bytes each. */
export const DEFAULT_CAPACITY = 100_000;

export class WindowStore implements FastifyRateLimitStore {
  /** Under their limit; a Map keeps insertion order, which is the order the windows began. */
  private readonly counting = new Map<string, Count>();
  /** At or over their limit: kept until their window ends. */
  private readonly limited = new Map<string, Count>();

  private readonly capacity: number;

  /** The plugin constructs a store with its own settings, which carry no `capacity`: the default then. */
  constructor({ capacity = DEFAULT_CAPACITY }: { capacity?: number } = {}) {
    this.capacity = capacity;
  }

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    const now = Date.now();
    this.forgetEnded(now, timeWindow);
    let count = this.limited.get(key) ?? this.counting.get(key);
    if (!count || count.startedAt + timeWindow <= now) {
      this.limited.delete(key);
      this.counting.delete(key);
      count = { current: 0, startedAt: now };
      this.counting.set(key, count);
    }
    count.current += 1;
    if (count.current >= max && this.counting.delete(key)) this.limited.set(key, count);
    while (this.counting.size > this.capacity)
      this.counting.delete(this.counting.keys().next().value!);
    callback(null, { current: count.current, ttl: count.startedAt + timeWindow - now });
  }

  /**
   * The count as it stands, changing nothing (`createRateLimit`'s `{ increment: false }`); an
   * ended or unknown window reads as no requests, as @fastify/rate-limit's own stores answer.
   */
  read(...[key, callback, timeWindow]: Parameters<FastifyRateLimitStore['incr']>) {
    const now = Date.now();
    const count = this.limited.get(key) ?? this.counting.get(key);
    if (!count || count.startedAt + timeWindow <= now)
      return callback(null, { current: 0, ttl: 0 });
    callback(null, { current: count.current, ttl: count.startedAt + timeWindow - now });
  }

  /** Each limited route counts in a store of its own. */
  child() {
    return new WindowStore({ capacity: this.capacity });
  }

  /** How many addresses are counted now (for tests and docs/measurements.md's figures). */
  get size(): number {
    return this.counting.size + this.limited.size;
  }

  /**
   * Drops ended windows from the front of each map, where the oldest are: each count is dropped
   * once, so the work is bounded by the requests. (A count moves to `limited` when it reaches
   * its limit, so that map is only roughly in order; a count behind a later one is dropped with
   * it, at most one window late, and is never read as live meanwhile.)
   */
  private forgetEnded(now: number, timeWindow: number) {
    for (const map of [this.counting, this.limited]) {
      for (const [key, count] of map) {
        if (count.startedAt + timeWindow > now) break;
        map.delete(key);
      }
    }
  }
}
