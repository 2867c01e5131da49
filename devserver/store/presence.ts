import type { Database } from 'better-sqlite3';

export interface PresenceRow {
  user_id: number;
  /** Unix seconds (fractional) of the last report of any kind. */
  last_connected_time: number;
  /** Unix seconds of the last "active" report; null if the user was never active. */
  last_active_time: number | null;
  last_update_id: number;
}

/** Rows joined with what formatting needs of their user. */
export interface PresenceWithUser extends PresenceRow {
  date_joined: number;
}

/**
 * Zulip's UserPresence: one row per user. Every write takes the next last_update_id of the
 * organization, so a client passing the highest one it saw gets only what changed since.
 */
export class PresenceRepo {
  private readonly selectOne;
  private readonly selectSince;
  private readonly selectMaxId;
  private readonly upsertStmt;

  constructor(db: Database) {
    this.selectOne = db.prepare<[number], PresenceRow>('SELECT * FROM user_presence WHERE user_id = ?');
    // Active people and bots only, as Zulip's get_presence_dict_by_realm.
    this.selectSince = db.prepare<[number, number], PresenceWithUser>(
      `SELECT p.*, u.date_joined FROM user_presence p JOIN users u ON u.id = p.user_id
       WHERE p.last_update_id > ? AND p.last_connected_time >= ? AND u.is_active = 1 AND u.is_bot = 0
       ORDER BY p.user_id`,
    );
    this.selectMaxId = db.prepare<[], { max_id: number | null }>(
      'SELECT max(last_update_id) AS max_id FROM user_presence',
    );
    this.upsertStmt = db.prepare(
      `INSERT INTO user_presence (user_id, last_connected_time, last_active_time, last_update_id)
       VALUES (@user_id, @last_connected_time, @last_active_time, @last_update_id)
       ON CONFLICT (user_id) DO UPDATE SET last_connected_time = excluded.last_connected_time,
         last_active_time = excluded.last_active_time, last_update_id = excluded.last_update_id`,
    );
  }

  get(userId: number): PresenceRow | undefined {
    return this.selectOne.get(userId);
  }

  /** Rows changed after `afterUpdateId` whose user connected at or after `connectedSince` (Unix seconds). */
  since(afterUpdateId: number, connectedSince: number): PresenceWithUser[] {
    return this.selectSince.all(afterUpdateId, connectedSince);
  }

  /** Stores the row with the organization's next last_update_id, which it returns. */
  save(row: Omit<PresenceRow, 'last_update_id'>): PresenceRow {
    const saved = { ...row, last_update_id: (this.selectMaxId.get()?.max_id ?? 0) + 1 };
    this.upsertStmt.run(saved);
    return saved;
  }
}
