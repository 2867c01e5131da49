import type { Database } from 'better-sqlite3';
import type { RealmRow } from './rows';

export type NewRealm = Omit<RealmRow, 'id' | 'deactivated' | 'icon_version'>;

/** The single organization this server hosts, plus dev-only metadata about its seed. */
export class RealmRepo {
  private readonly selectRealm;
  private readonly insertRealm;
  private readonly selectMeta;
  private readonly upsertMeta;

  constructor(db: Database) {
    this.selectRealm = db.prepare<[], RealmRow>('SELECT * FROM realm WHERE id = 1');
    this.insertRealm = db.prepare(
      `INSERT INTO realm (id, name, description, string_id, placeholder_email_domain, date_created, topics_policy,
         empty_topic_display_name)
       VALUES (1, @name, @description, @string_id, @placeholder_email_domain, @date_created, @topics_policy,
         @empty_topic_display_name)`,
    );
    this.selectMeta = db.prepare<[string], { value: string }>('SELECT value FROM dev_meta WHERE key = ?');
    this.upsertMeta = db.prepare<[string, string]>(
      'INSERT INTO dev_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
  }

  get(): RealmRow {
    const row = this.selectRealm.get();
    if (!row) throw new Error('The database has no organization; it was never seeded');
    return row;
  }

  exists(): boolean {
    return this.selectRealm.get() !== undefined;
  }

  create(realm: NewRealm): void {
    this.insertRealm.run(realm);
  }

  meta(key: string): string | undefined {
    return this.selectMeta.get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.upsertMeta.run(key, value);
  }
}
