/**
 * A map that keeps at most `max` entries, dropping the least recently used one: every cache of the servers is one,
 * so no request, however many different paths it comes with, can make a process keep more.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  /** @param onEvict told of each entry dropped to make room (to release what the value holds). */
  constructor(
    private readonly max: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new Error('An LRU cache needs a size of at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    // Re-inserting moves the key to the end of the Map's order: the end is the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) {
      const [oldest, dropped] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldest);
      this.onEvict?.(oldest, dropped);
    }
  }
}
