import type { Database } from 'better-sqlite3';

/** Organization columns of the realm table that PATCH /realm may change. */
export type RealmColumn = 'name' | 'description' | 'topics_policy';

/**
 * Organization settings changed after seeding. Settings that live in realm columns are updated in
 * place; every other setting is an override of its default, stored as JSON by its API name without
 * the realm_ prefix.
 */
export class RealmSettingsRepo {
  private readonly selectAll;
  private readonly upsert;
  private readonly updateColumn: Record<RealmColumn, (value: string) => void>;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], { name: string; value: string }>('SELECT name, value FROM realm_settings');
    this.upsert = db.prepare<[string, string]>(
      'INSERT INTO realm_settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    );
    const column = (name: RealmColumn) => {
      const stmt = db.prepare<[string]>(`UPDATE realm SET ${name} = ? WHERE id = 1`);
      return (value: string): void => void stmt.run(value);
    };
    this.updateColumn = {
      name: column('name'),
      description: column('description'),
      topics_policy: column('topics_policy'),
    };
  }

  /** Every override, by setting name. */
  overrides(): Record<string, unknown> {
    return Object.fromEntries(this.selectAll.all().map((row) => [row.name, JSON.parse(row.value) as unknown]));
  }

  set(name: string, value: unknown): void {
    this.upsert.run(name, JSON.stringify(value));
  }

  setColumn(name: RealmColumn, value: string): void {
    this.updateColumn[name](value);
  }
}
