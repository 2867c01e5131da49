/**
 * The first schema of the app database: which accounts exist (never their keys), the active
 * one, and the view each account had open, so the next start can show it from the cache.
 */
import type { Migration } from '../../migrate';

export const initialAppSchema: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        realm_url TEXT NOT NULL,
        email TEXT NOT NULL COLLATE NOCASE,
        user_id INTEGER NOT NULL,
        full_name TEXT NOT NULL,
        realm_name TEXT NOT NULL,
        realm_icon TEXT,
        feature_level INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (realm_url, email)
      ) STRICT;

      CREATE TABLE app_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

      CREATE TABLE last_views (
        account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        narrow TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
