/**
 * Everyone's presence as the server last told us (modern format, Unix seconds), and the clock
 * it came with: the highest presence_last_update_id seen and the server's time then.
 */
import type { Db } from '../db';

export interface StoredPresence {
  userId: number;
  /** Last report that the user was at the device. */
  activeTimestamp: number;
  /** Last report of any kind (the user's client was connected). */
  idleTimestamp: number;
}

export interface PresenceClock {
  /** -1 when the server gave none (before FL 263 or nothing to report). */
  lastUpdateId: number;
  /** The server's Unix time (seconds) when it answered. */
  serverTimestamp: number;
  /** Our epoch ms when that answer arrived. */
  receivedAt: number;
}

/**
 * The users written since it was last taken, for a reader that re-judges only what changed
 * (records/presence-changes.ts): 'all' after a full replacement. A write rolled back later
 * still counts, which only makes the reader look at a row again.
 */
export class PresenceWrites {
  #written: Set<number> | 'all' = 'all';

  /** What was written since the last take (everything, for a watch never taken). */
  take(): ReadonlySet<number> | 'all' {
    const written = this.#written;
    this.#written = new Set();
    return written;
  }

  noteUsers(userIds: Iterable<number>): void {
    if (this.#written === 'all') return;
    for (const id of userIds) this.#written.add(id);
  }

  noteAll(): void {
    this.#written = 'all';
  }
}

const COLUMNS = 'user_id AS userId, active_timestamp AS activeTimestamp, idle_timestamp AS idleTimestamp';

export class PresenceRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #get;
  readonly #all;
  readonly #deleteOthers;
  readonly #replaceRows;
  readonly #clock;
  readonly #setClock;
  readonly #inRange;
  readonly #ofUsers;
  readonly #watches: PresenceWrites[] = [];

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO presence (user_id, active_timestamp, idle_timestamp) VALUES (@userId, @activeTimestamp, @idleTimestamp)
       ON CONFLICT (user_id) DO UPDATE SET active_timestamp = excluded.active_timestamp,
         idle_timestamp = excluded.idle_timestamp`,
    );
    this.#get = db.prepare(`SELECT ${COLUMNS} FROM presence WHERE user_id = ?`);
    this.#all = db.prepare(`SELECT ${COLUMNS} FROM presence ORDER BY user_id`);
    // A full snapshot in two set-based statements fed one JSON array of [userId, active, idle]:
    // at 30,000 people, 30,000 separate upserts were most of the snapshot's presence cost, and on
    // a later register most rows are as cached, so only those that differ are written (each
    // write also moves two indexes).
    this.#deleteOthers = db.prepare('DELETE FROM presence WHERE user_id NOT IN (SELECT value ->> 0 FROM json_each(?))');
    this.#replaceRows = db.prepare(
      `INSERT INTO presence (user_id, active_timestamp, idle_timestamp)
       SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?) WHERE true
       ON CONFLICT (user_id) DO UPDATE SET active_timestamp = excluded.active_timestamp,
         idle_timestamp = excluded.idle_timestamp
       WHERE active_timestamp IS NOT excluded.active_timestamp OR idle_timestamp IS NOT excluded.idle_timestamp`,
    );
    // Two index range scans (SQLite's OR by union), one per timestamp.
    this.#inRange = db.prepare(
      `SELECT ${COLUMNS} FROM presence
       WHERE active_timestamp BETWEEN @from AND @to OR idle_timestamp BETWEEN @from AND @to`,
    );
    this.#ofUsers = db.prepare(`SELECT ${COLUMNS} FROM presence WHERE user_id IN (SELECT value FROM json_each(?))`);
    this.#clock = db.prepare(
      'SELECT last_update_id AS lastUpdateId, server_timestamp AS serverTimestamp, received_at AS receivedAt FROM presence_state',
    );
    this.#setClock = db.prepare(
      `INSERT INTO presence_state (id, last_update_id, server_timestamp, received_at)
       VALUES (1, @lastUpdateId, @serverTimestamp, @receivedAt)
       ON CONFLICT (id) DO UPDATE SET last_update_id = excluded.last_update_id,
         server_timestamp = excluded.server_timestamp, received_at = excluded.received_at`,
    );
  }

  /** The server's latest word on these users replaces what we had (newer or not: it may mean "went invisible"). */
  upsert(list: readonly StoredPresence[]): void {
    for (const watch of this.#watches) watch.noteUsers(list.map((p) => p.userId));
    this.#db.transaction(() => {
      for (const p of list)
        this.#upsert.run({
          ...p,
          activeTimestamp: Math.floor(p.activeTimestamp),
          idleTimestamp: Math.floor(p.idleTimestamp),
        });
    })();
  }

  /** A full snapshot (register): users it leaves out have not been online within its history limit. */
  replaceAll(list: readonly StoredPresence[]): void {
    for (const watch of this.#watches) watch.noteAll();
    const rows = JSON.stringify(
      list.map((p) => [p.userId, Math.floor(p.activeTimestamp), Math.floor(p.idleTimestamp)]),
    );
    this.#db.transaction(() => {
      this.#deleteOthers.run(rows);
      this.#replaceRows.run(rows);
    })();
  }

  get(userId: number): StoredPresence | undefined {
    return this.#get.get(userId) as StoredPresence | undefined;
  }

  all(): StoredPresence[] {
    return this.#all.all() as StoredPresence[];
  }

  /** The users whose active or idle time lies in [from, to] (Unix seconds), by index. */
  timedBetween(from: number, to: number): StoredPresence[] {
    return this.#inRange.all({ from, to }) as StoredPresence[];
  }

  /** These users' rows (those the cache has). */
  ofUsers(userIds: Iterable<number>): StoredPresence[] {
    return this.#ofUsers.all(JSON.stringify([...userIds])) as StoredPresence[];
  }

  /** Starts noting who is written from now on (everyone, until the first take). */
  watch(): PresenceWrites {
    const watch = new PresenceWrites();
    this.#watches.push(watch);
    return watch;
  }

  clock(): PresenceClock | null {
    return (this.#clock.get() as PresenceClock | undefined) ?? null;
  }

  setClock(clock: PresenceClock): void {
    this.#setClock.run(clock);
  }
}
