import type { Database } from 'better-sqlite3';

/**
 * Keeps the answer of an expensive read until the database changes. This server's one connection
 * makes every write, so its total_changes() moves with any of them; `key` tells apart reads that
 * differ by more (a time window). At the size of the biggest organizations (30,000 people, 333k
 * messages), register and GET /server_settings would otherwise read everyone, or every message,
 * on each request.
 */
export class UntilWrite<T> {
  private readonly totalChanges;
  private kept: { key: string; value: T } | undefined;

  constructor(db: Database) {
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  get(key: string, read: () => T): T {
    const full = `${this.totalChanges.get() as number}:${key}`;
    if (this.kept?.key !== full) this.kept = { key: full, value: read() };
    return this.kept.value;
  }
}
