/**
 * A table of JSON values by name (key TEXT PRIMARY KEY, value TEXT). The realm facts and the
 * user's settings both arrive as flat objects from register and change one key at a time.
 */
import type { Db } from '../db';

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A damaged value reads as unknown rather than failing the caller.
    return undefined;
  }
}

export class KeyValueRepo {
  readonly #db: Db;
  readonly #get;
  readonly #set;
  readonly #all;
  readonly #deleteAll;

  /** `table` is one of our own table names, never input. */
  constructor(db: Db, table: 'realm' | 'user_settings') {
    this.#db = db;
    this.#get = db.prepare(`SELECT value FROM ${table} WHERE key = ?`).pluck();
    this.#set = db.prepare(
      `INSERT INTO ${table} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    this.#all = db.prepare(`SELECT key, value FROM ${table} ORDER BY key`);
    this.#deleteAll = db.prepare(`DELETE FROM ${table}`);
  }

  get(key: string): unknown {
    const text = this.#get.get(key) as string | undefined;
    return text === undefined ? undefined : parse(text);
  }

  getString(key: string, fallback: string): string {
    const v = this.get(key);
    return typeof v === 'string' ? v : fallback;
  }

  getNumber(key: string, fallback: number): number {
    const v = this.get(key);
    return typeof v === 'number' ? v : fallback;
  }

  /** A boolean value, or the fallback when it is unknown or not a boolean. */
  getBoolean(key: string, fallback: boolean): boolean {
    const v = this.get(key);
    return typeof v === 'boolean' ? v : fallback;
  }

  set(key: string, value: unknown): void {
    this.#set.run(key, JSON.stringify(value ?? null));
  }

  /** Replaces every value in one transaction (a fresh register snapshot). */
  replaceAll(values: Record<string, unknown>): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const [k, v] of Object.entries(values)) if (v !== undefined) this.set(k, v);
    })();
  }

  all(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { key, value } of this.#all.all() as { key: string; value: string }[]) {
      const parsed = parse(value);
      if (parsed !== undefined) out[key] = parsed;
    }
    return out;
  }
}
