/**
 * The app database, <dataDir>/parley.sqlite: the accounts (never their keys), which one is
 * active, and the view each had open. Losing it would lose the account list, so a damaged
 * file is moved aside (kept) and an empty one started, and the caller is told.
 */
import { join } from 'node:path';
import type { Narrow } from '../../common/model';
import { openDatabase, type Db } from './db';
import type { StoreError } from './errors';
import { appMigrations } from './migrations/app';
import { narrowSchema } from './narrows';

export interface AccountRecord {
  id: string;
  realmUrl: string;
  email: string;
  userId: number;
  fullName: string;
  realmName: string;
  realmIcon: string | null;
  featureLevel: number;
  createdAt: number;
}

interface AccountRow {
  id: string;
  realm_url: string;
  email: string;
  user_id: number;
  full_name: string;
  realm_name: string;
  realm_icon: string | null;
  feature_level: number;
  created_at: number;
}

function toRecord(r: AccountRow): AccountRecord {
  return {
    id: r.id,
    realmUrl: r.realm_url,
    email: r.email,
    userId: r.user_id,
    fullName: r.full_name,
    realmName: r.realm_name,
    realmIcon: r.realm_icon,
    featureLevel: r.feature_level,
    createdAt: r.created_at,
  };
}

export function appDbPath(dataDir: string): string {
  return join(dataDir, 'parley.sqlite');
}

const ACTIVE_ACCOUNT = 'active_account_id';
const DO_NOT_DISTURB = 'do_not_disturb';

export class AppStore {
  readonly db: Db;
  readonly #stmts;

  private constructor(db: Db) {
    this.db = db;
    this.#stmts = {
      upsert: db.prepare(
        `INSERT INTO accounts (id, realm_url, email, user_id, full_name, realm_name, realm_icon, feature_level, created_at)
         VALUES (@id, @realmUrl, @email, @userId, @fullName, @realmName, @realmIcon, @featureLevel, @createdAt)
         ON CONFLICT (id) DO UPDATE SET realm_url = excluded.realm_url, email = excluded.email, user_id = excluded.user_id,
           full_name = excluded.full_name, realm_name = excluded.realm_name, realm_icon = excluded.realm_icon,
           feature_level = excluded.feature_level`,
      ),
      all: db.prepare('SELECT * FROM accounts ORDER BY created_at, id'),
      one: db.prepare('SELECT * FROM accounts WHERE id = ?'),
      remove: db.prepare('DELETE FROM accounts WHERE id = ?'),
      getSetting: db.prepare('SELECT value FROM app_settings WHERE key = ?').pluck(),
      setSetting: db.prepare(
        'INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      deleteSetting: db.prepare('DELETE FROM app_settings WHERE key = ?'),
      getView: db.prepare('SELECT narrow FROM last_views WHERE account_id = ?').pluck(),
      setView: db.prepare(
        `INSERT INTO last_views (account_id, narrow, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (account_id) DO UPDATE SET narrow = excluded.narrow, updated_at = excluded.updated_at`,
      ),
    };
  }

  static open(dataDir: string, onRecovered?: (e: StoreError) => void): AppStore {
    const db = openDatabase(appDbPath(dataDir), {
      migrations: appMigrations,
      recoverCorrupt: true,
      ...(onRecovered ? { onRecovered } : {}),
    });
    return new AppStore(db);
  }

  accounts(): AccountRecord[] {
    return (this.#stmts.all.all() as AccountRow[]).map(toRecord);
  }

  account(id: string): AccountRecord | null {
    const row = this.#stmts.one.get(id) as AccountRow | undefined;
    return row ? toRecord(row) : null;
  }

  saveAccount(record: AccountRecord): void {
    this.#stmts.upsert.run(record);
  }

  /** Removes the account row and its last view (foreign key cascade). */
  removeAccount(id: string): void {
    this.db.transaction(() => {
      this.#stmts.remove.run(id);
      if (this.activeAccountId() === id) this.#stmts.deleteSetting.run(ACTIVE_ACCOUNT);
    })();
  }

  activeAccountId(): string | null {
    const v = this.#stmts.getSetting.get(ACTIVE_ACCOUNT) as string | undefined;
    return v ?? null;
  }

  setActiveAccount(id: string): void {
    this.#stmts.setSetting.run(ACTIVE_ACCOUNT, id);
  }

  /** Parley's own do-not-disturb switch (Zulip has no such setting); off unless turned on. */
  doNotDisturb(): boolean {
    return this.#stmts.getSetting.get(DO_NOT_DISTURB) === '1';
  }

  setDoNotDisturb(on: boolean): void {
    this.#stmts.setSetting.run(DO_NOT_DISTURB, on ? '1' : '0');
  }

  lastView(accountId: string): Narrow | null {
    const text = this.#stmts.getView.get(accountId) as string | undefined;
    if (text === undefined) return null;
    try {
      const parsed = narrowSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  setLastView(accountId: string, narrow: Narrow, now: number): void {
    this.#stmts.setView.run(accountId, JSON.stringify(narrow), now);
  }

  close(): void {
    if (!this.db.open) return;
    // Lets SQLite refresh its planner statistics where they went stale; cheap when nothing did.
    // Only a nicety: a full or read-only disk must not keep the file from closing.
    try {
      this.db.pragma('optimize');
    } catch {
      // Statistics stay as they were.
    }
    this.db.close();
  }
}
