/**
 * A map that keeps at most `limit` entries, dropping the least recently used: for results that
 * cost to compute and are asked for again soon (a message's sanitized HTML, computed again each
 * time its row is built or the message object is replaced, e.g. when it is read).
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value for `key`, computed by `make` only when it is not held. */
  get(key: K, make: () => V): V {
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as V;
      // Map keeps insertion order: re-inserting makes this entry the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const value = make();
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
