/**
 * Stage-then-swap for register's biggest lists (people, unread messages). The first sync of a
 * 30,000-person organization spent most of a second writing them in one transaction, and every
 * call from the page waited behind it. Here they are written first, a slice at a time, into TEMP
 * tables (this connection's own, never in the account file, gone if the process dies), and then
 * made current by set-based statements inside the snapshot's one transaction: a reader sees the
 * old lists or the new ones, never half, and a crash before the swap leaves the cache as it was.
 */
import type { Db } from '../db';
import { BULK_UNREAD_ROWS, unreadRowsJson, type UnreadEntry, type UnreadsRepo } from './unreads';
import type { StoredUser } from './users';

const USER_COLUMNS = 'id, email, full_name, avatar_url, role, is_bot, is_active, extra';
const UNREAD_COLUMNS = 'message_id, channel_id, topic, topic_key, dm_key, mentioned';

export class SnapshotStaging {
  readonly #db: Db;
  readonly #stageUsers;
  readonly #stageUnreads;
  readonly #totalChanges;
  readonly #stagedUnreads;
  readonly #unreads: UnreadsRepo;
  readonly #onUsersWritten: () => void;

  /** `onUsersWritten`: told when a swap changed the users table (UsersRepo.noteWritten). */
  constructor(db: Db, unreads: UnreadsRepo, onUsersWritten: () => void = () => {}) {
    this.#db = db;
    this.#unreads = unreads;
    this.#onUsersWritten = onUsersWritten;
    this.#totalChanges = db.prepare('SELECT total_changes()').pluck();
    db.exec(`
      CREATE TEMP TABLE IF NOT EXISTS stage_users (
        id INTEGER PRIMARY KEY, email TEXT NOT NULL, full_name TEXT NOT NULL, avatar_url TEXT,
        role INTEGER NOT NULL, is_bot INTEGER NOT NULL, is_active INTEGER NOT NULL, extra TEXT NOT NULL
      );
      CREATE TEMP TABLE IF NOT EXISTS stage_unreads (
        message_id INTEGER PRIMARY KEY, channel_id INTEGER, topic TEXT, topic_key TEXT, dm_key TEXT,
        mentioned INTEGER NOT NULL
      );`);
    // One statement per slice, fed a JSON array of rows. A later row for the same ID wins, as the
    // row-by-row upserts this replaces did (cross-realm bots come after the organization's people).
    this.#stageUsers = db.prepare(
      `INSERT OR REPLACE INTO temp.stage_users (${USER_COLUMNS})
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7
       FROM json_each(?)`,
    );
    this.#stagedUnreads = db.prepare('SELECT count(*) FROM temp.stage_unreads').pluck();
    this.#stageUnreads = db.prepare(
      `INSERT OR REPLACE INTO temp.stage_unreads (${UNREAD_COLUMNS})
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)`,
    );
  }

  /** Forgets anything a sync that did not finish left staged. */
  clear(): void {
    this.#db.exec('DELETE FROM temp.stage_users; DELETE FROM temp.stage_unreads;');
  }

  addUsers(users: readonly StoredUser[]): void {
    if (users.length === 0) return;
    const rows = users.map((u) => [
      u.id,
      u.email,
      u.fullName,
      u.avatarUrl,
      u.role,
      u.isBot ? 1 : 0,
      u.isActive ? 1 : 0,
      JSON.stringify(u.extra),
    ]);
    this.#stageUsers.run(JSON.stringify(rows));
  }

  addUnreads(entries: readonly UnreadEntry[]): void {
    if (entries.length === 0) return;
    this.#stageUnreads.run(unreadRowsJson(entries));
  }

  /**
   * Makes the staged people the users table (inside the caller's transaction). Only the rows that
   * differ are written: on a warm start most people are as the cache has them, and when none
   * differs the sidebar need not read them again.
   */
  swapUsers(): void {
    const before = this.#totalChanges.get() as number;
    this.#db.exec(`
      DELETE FROM users WHERE id NOT IN (SELECT id FROM temp.stage_users);
      INSERT INTO users (${USER_COLUMNS}) SELECT ${USER_COLUMNS} FROM temp.stage_users WHERE true
      ON CONFLICT (id) DO UPDATE SET email = excluded.email, full_name = excluded.full_name,
        avatar_url = excluded.avatar_url, role = excluded.role, is_bot = excluded.is_bot,
        is_active = excluded.is_active, extra = excluded.extra
      WHERE email IS NOT excluded.email OR full_name IS NOT excluded.full_name
        OR avatar_url IS NOT excluded.avatar_url OR role IS NOT excluded.role OR is_bot IS NOT excluded.is_bot
        OR is_active IS NOT excluded.is_active OR extra IS NOT excluded.extra;`);
    if ((this.#totalChanges.get() as number) !== before) this.#onUsersWritten();
    this.#db.exec('DELETE FROM temp.stage_users');
  }

  /**
   * Makes the staged entries the unreads table, writing only what differs, and records each unread
   * topic with its newest message, keeping that message's spelling, as TopicsRepo.note does one
   * message at a time. Each write fires the count triggers of migrations 8 and 10; when the lists
   * differ by thousands (a first sync, a long absence) the counts are worked out once afterwards
   * instead (UnreadsRepo.writeInBulk): a cold start at 45,000 unreads spent most of its swap there.
   */
  swapUnreads(): void {
    const staged = this.#stagedUnreads.get() as number;
    // The triggers cost ~10 µs a row written, counting again ~1 µs a row kept (45,000 in ~40 ms):
    // the difference in size stands for what is written.
    const written = Math.abs(staged - this.#unreads.total());
    if (written >= BULK_UNREAD_ROWS && written * 8 >= staged) this.#unreads.writeInBulk(() => this.#swapUnreads());
    else this.#swapUnreads();
  }

  #swapUnreads(): void {
    this.#db.exec(`
      DELETE FROM unreads WHERE message_id NOT IN (SELECT message_id FROM temp.stage_unreads);
      INSERT INTO unreads (${UNREAD_COLUMNS}) SELECT ${UNREAD_COLUMNS} FROM temp.stage_unreads WHERE true
      ON CONFLICT (message_id) DO UPDATE SET channel_id = excluded.channel_id, topic = excluded.topic,
        topic_key = excluded.topic_key, dm_key = excluded.dm_key, mentioned = excluded.mentioned
      WHERE channel_id IS NOT excluded.channel_id OR topic IS NOT excluded.topic
        OR topic_key IS NOT excluded.topic_key OR dm_key IS NOT excluded.dm_key
        OR mentioned IS NOT excluded.mentioned;
      -- A bare column beside max() comes from the row holding the maximum (SQLite's documented rule).
      INSERT INTO topics (channel_id, topic_key, name, max_message_id)
      SELECT channel_id, topic_key, topic, max(message_id) FROM temp.stage_unreads
      WHERE channel_id IS NOT NULL AND topic IS NOT NULL GROUP BY channel_id, topic_key
      ON CONFLICT (channel_id, topic_key) DO UPDATE SET
        name = CASE WHEN excluded.max_message_id >= max_message_id THEN excluded.name ELSE name END,
        max_message_id = max(max_message_id, excluded.max_message_id);
      DELETE FROM temp.stage_unreads;`);
  }
}
