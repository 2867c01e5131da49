/** The user's own settings (register's user_settings, then user_settings events), as JSON values by name. */
import type { Db } from '../db';

export class UserSettingsRepo {
  readonly #db: Db;
  readonly #get;
  readonly #set;
  readonly #all;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#get = db.prepare('SELECT value FROM user_settings WHERE key = ?').pluck();
    this.#set = db.prepare(
      'INSERT INTO user_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.#all = db.prepare('SELECT key, value FROM user_settings ORDER BY key');
    this.#deleteAll = db.prepare('DELETE FROM user_settings');
  }

  replaceAll(values: Record<string, unknown>): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const [k, v] of Object.entries(values)) if (v !== undefined) this.set(k, v);
    })();
  }

  set(key: string, value: unknown): void {
    this.#set.run(key, JSON.stringify(value ?? null));
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

  /** A boolean setting, or the fallback when it is unknown or not a boolean. */
  getBoolean(key: string, fallback: boolean): boolean {
    const v = this.get(key);
    return typeof v === 'boolean' ? v : fallback;
  }

  all(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { key, value } of this.#all.all() as { key: string; value: string }[]) {
      try {
        out[key] = JSON.parse(value) as unknown;
      } catch {
        // A damaged value is left out rather than failing the whole read.
      }
    }
    return out;
  }
}
