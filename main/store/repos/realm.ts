/** Organization facts and limits from register (max_message_length, realm_empty_topic_display_name, ...), as JSON values. */
import type { Db } from '../db';

export class RealmRepo {
  readonly #db: Db;
  readonly #get;
  readonly #set;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#get = db.prepare('SELECT value FROM realm WHERE key = ?').pluck();
    this.#set = db.prepare(
      'INSERT INTO realm (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.#deleteAll = db.prepare('DELETE FROM realm');
  }

  get(key: string): unknown {
    const text = this.#get.get(key) as string | undefined;
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  getString(key: string, fallback: string): string {
    const v = this.get(key);
    return typeof v === 'string' ? v : fallback;
  }

  getNumber(key: string, fallback: number): number {
    const v = this.get(key);
    return typeof v === 'number' ? v : fallback;
  }

  set(key: string, value: unknown): void {
    this.#set.run(key, JSON.stringify(value ?? null));
  }

  replaceAll(values: Record<string, unknown>): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const [k, v] of Object.entries(values)) if (v !== undefined) this.set(k, v);
    })();
  }
}
