/** Users of the organization as register and realm_user events describe them. */
import type { Db } from '../db';
import type { UserSummary } from '../../../common/model';
import { parseObject } from './json';

type SummaryRow = [number, string, string, string | null, number, number, number];

const WRITTEN_NAMED_MAX = 2000;

function toSummary([id, fullName, email, avatarUrl, role, isBot, isActive]: SummaryRow): UserSummary {
  return { id, fullName, email, avatarUrl, role, isBot: isBot === 1, isActive: isActive === 1 };
}

export interface StoredUser {
  id: number;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  role: number;
  isBot: boolean;
  isActive: boolean;
  /** Fields kept but not queried: timezone, delivery_email, bot_type, profile_data, ... */
  extra: Record<string, unknown>;
}

/** A row of the users table, as every reader of it sees it. */
export interface UserRow {
  id: number;
  email: string;
  full_name: string;
  avatar_url: string | null;
  role: number;
  is_bot: number;
  is_active: number;
  extra: string;
}

export function toUser(r: UserRow): StoredUser {
  return {
    id: r.id,
    email: r.email,
    fullName: r.full_name,
    avatarUrl: r.avatar_url,
    role: r.role,
    isBot: r.is_bot === 1,
    isActive: r.is_active === 1,
    extra: parseObject(r.extra),
  };
}

function params(u: StoredUser): Record<string, unknown> {
  return {
    id: u.id,
    email: u.email,
    full_name: u.fullName,
    avatar_url: u.avatarUrl,
    role: u.role,
    is_bot: u.isBot ? 1 : 0,
    is_active: u.isActive ? 1 : 0,
    extra: JSON.stringify(u.extra),
  };
}

export class UsersRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #deleteAll;
  readonly #get;
  readonly #all;
  readonly #summaries;
  /** Memory only: nothing was taken yet, so everyone counts as written. */
  #written: Set<number> | 'all' = 'all';
  readonly #summariesOf;
  readonly #names;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO users (id, email, full_name, avatar_url, role, is_bot, is_active, extra)
       VALUES (@id, @email, @full_name, @avatar_url, @role, @is_bot, @is_active, @extra)
       ON CONFLICT (id) DO UPDATE SET email = excluded.email, full_name = excluded.full_name,
         avatar_url = excluded.avatar_url, role = excluded.role, is_bot = excluded.is_bot,
         is_active = excluded.is_active, extra = excluded.extra`,
    );
    this.#deleteAll = db.prepare('DELETE FROM users');
    this.#get = db.prepare('SELECT * FROM users WHERE id = ?');
    this.#all = db.prepare('SELECT * FROM users ORDER BY full_name COLLATE NOCASE, id');
    this.#summaries = db
      .prepare(
        'SELECT id, full_name, email, avatar_url, role, is_bot, is_active FROM users ORDER BY full_name COLLATE NOCASE, id',
      )
      .raw();
    this.#summariesOf = db
      .prepare(
        'SELECT id, full_name, email, avatar_url, role, is_bot, is_active FROM users WHERE id IN (SELECT value FROM json_each(?))',
      )
      .raw();
    this.#names = db.prepare('SELECT id, full_name FROM users WHERE id IN (SELECT value FROM json_each(?))').raw();
  }

  /**
   * Whom the writes since the last call touched: their IDs, or 'all' after a whole list was
   * written (a snapshot's swap that changed anyone: noteWritten) or too many to name. The sidebar
   * reads and compares only those (one person's event at 30,000 people read all of them).
   */
  takeWritten(): 'all' | number[] {
    const written = this.#written;
    this.#written = new Set();
    return written === 'all' ? 'all' : [...written];
  }

  /** The users table was written outside this repo (SnapshotStaging's swap). */
  noteWritten(): void {
    this.#written = 'all';
  }

  replaceAll(users: readonly StoredUser[]): void {
    this.#written = 'all';
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const u of users) this.#upsert.run(params(u));
    })();
  }

  upsert(user: StoredUser): void {
    if (this.#written !== 'all') {
      this.#written.add(user.id);
      // Past this many, reading everyone is as cheap as naming them.
      if (this.#written.size > WRITTEN_NAMED_MAX) this.#written = 'all';
    }
    this.#upsert.run(params(user));
  }

  /** The full names of those of these users that are known: one query, no profile parsed (DM list). */
  fullNames(ids: Iterable<number>): Map<number, string> {
    const list = [...new Set(ids)];
    if (list.length === 0) return new Map();
    return new Map(this.#names.all(JSON.stringify(list)) as [number, string][]);
  }

  get(id: number): StoredUser | null {
    const row = this.#get.get(id) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  /** Applies a partial change (extra is merged key by key); returns false for an unknown user. */
  patch(id: number, change: Partial<Omit<StoredUser, 'id'>>): boolean {
    const current = this.get(id);
    if (!current) return false;
    this.upsert({ ...current, ...change, extra: { ...current.extra, ...change.extra }, id });
    return true;
  }

  all(): StoredUser[] {
    return (this.#all.all() as UserRow[]).map(toUser);
  }

  /**
   * Everyone as the page lists them (common/model.ts UserSummary), by ID: without the kept JSON
   * of `extra`, whose parse was most of a 30,000-person read. By name, as all() orders them.
   */
  summaries(): UserSummary[] {
    return (this.#summaries.all() as SummaryRow[]).map(toSummary);
  }

  /** The sidebar's view of these people, those known, in no particular order. */
  summariesOf(ids: readonly number[]): UserSummary[] {
    if (ids.length === 0) return [];
    return (this.#summariesOf.all(JSON.stringify(ids)) as SummaryRow[]).map(toSummary);
  }
}
