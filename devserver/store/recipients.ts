import type { Database } from 'better-sqlite3';

export const RECIPIENT_CHANNEL = 2;
export const RECIPIENT_DIRECT = 3;

/**
 * Recipients: what a message is addressed to. A channel has one; every direct-message conversation
 * (one-to-one, group, or with oneself) has one keyed by its sorted participant IDs, so a `dm`
 * narrow is a single indexed lookup. Participants never change, so they are cached.
 */
export class RecipientsRepo {
  private readonly members = new Map<number, number[]>();
  private readonly insertStmt;
  private readonly selectByKey;
  private readonly insertMember;
  private readonly selectMembers;
  private readonly selectDmOfUser;

  constructor(db: Database) {
    this.insertStmt = db.prepare<[number, string | null]>('INSERT INTO recipients (kind, dm_key) VALUES (?, ?)');
    this.selectByKey = db.prepare<[string], { id: number }>('SELECT id FROM recipients WHERE dm_key = ?');
    this.insertMember = db.prepare<[number, number]>(
      'INSERT INTO recipient_members (recipient_id, user_id) VALUES (?, ?)',
    );
    this.selectMembers = db.prepare<[number], { user_id: number }>(
      'SELECT user_id FROM recipient_members WHERE recipient_id = ? ORDER BY user_id',
    );
    this.selectDmOfUser = db.prepare<[number], { recipient_id: number }>(
      'SELECT recipient_id FROM recipient_members WHERE user_id = ?',
    );
  }

  createForChannel(): number {
    return Number(this.insertStmt.run(RECIPIENT_CHANNEL, null).lastInsertRowid);
  }

  static dmKey(userIds: Iterable<number>): string {
    return [...new Set(userIds)].sort((a, b) => a - b).join(',');
  }

  /** The conversation among exactly these users (the sender included), if it ever existed. */
  findDirect(userIds: Iterable<number>): number | undefined {
    return this.selectByKey.get(RecipientsRepo.dmKey(userIds))?.id;
  }

  /** The conversation among exactly these users, created on first use. */
  direct(userIds: Iterable<number>): number {
    const key = RecipientsRepo.dmKey(userIds);
    const existing = this.selectByKey.get(key);
    if (existing) return existing.id;
    const id = Number(this.insertStmt.run(RECIPIENT_DIRECT, key).lastInsertRowid);
    const ids = key.split(',').map(Number);
    for (const userId of ids) this.insertMember.run(id, userId);
    this.members.set(id, ids);
    return id;
  }

  /** Sorted participant IDs of a direct conversation (empty for a channel recipient). */
  participants(recipientId: number): number[] {
    let ids = this.members.get(recipientId);
    if (!ids) {
      ids = this.selectMembers.all(recipientId).map((row) => row.user_id);
      this.members.set(recipientId, ids);
    }
    return ids;
  }

  /** Direct conversations a user takes part in. */
  directOf(userId: number): number[] {
    return this.selectDmOfUser.all(userId).map((row) => row.recipient_id);
  }
}
