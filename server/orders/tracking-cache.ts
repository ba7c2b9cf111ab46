/**
 * Tracking answers kept for two seconds (TRACKING_CACHE_MS): a shared tracking link opened by many receivers costs one
 * query, not one per visitor. Status changes made through this server drop the entry at once;
 * changes seen by another instance (or an account deleted) show within the two seconds.
 */
import type { TrackingResult } from '../../src/api/contract';

export class TrackingCache {
  private readonly entries = new Map<string, { result: TrackingResult; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(reference: string): TrackingResult | null {
    const entry = this.entries.get(reference);
    if (!entry) return null;
    if (entry.expires > Date.now()) return entry.result;
    this.entries.delete(reference);
    return null;
  }

  set(reference: string, result: TrackingResult): void {
    if (this.ttlMs <= 0) return;
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(reference, { result, expires: Date.now() + this.ttlMs });
  }

  forget(reference: string): void {
    this.entries.delete(reference);
  }
}
