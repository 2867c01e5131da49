import type { Database } from 'better-sqlite3';

/** The organization's changes to the default settings of people who join from now on. */
export class RealmUserDefaultsRepo {
  private readonly selectAll;
  private readonly upsert;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], { name: string; value: string }>('SELECT name, value FROM realm_user_defaults');
    this.upsert = db.prepare<[string, string]>(
      'INSERT INTO realm_user_defaults (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    );
  }

  /** Every changed default, by setting name. */
  overrides(): Record<string, unknown> {
    return Object.fromEntries(this.selectAll.all().map((row) => [row.name, JSON.parse(row.value) as unknown]));
  }

  set(name: string, value: unknown): void {
    this.upsert.run(name, JSON.stringify(value));
  }
}
