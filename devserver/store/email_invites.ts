import type { Database } from 'better-sqlite3';

/**
 * Invitations sent by email (Zulip's PreregistrationUser), kept apart from the reusable links as
 * Zulip keeps them: each has its own IDs, so DELETE /invites/{id} and /invites/multiuse/{id} never
 * meet. There is no mail here; the record (and its resend count) is what a test reads back.
 */
export const EMAIL_INVITES_SCHEMA = `
CREATE TABLE IF NOT EXISTS email_invites (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  referrer_id INTEGER NOT NULL REFERENCES users(id),
  invited_as INTEGER NOT NULL,
  date_created INTEGER NOT NULL,
  expires_at INTEGER,                    -- NULL: never expires
  stream_ids TEXT NOT NULL DEFAULT '[]',
  group_ids TEXT NOT NULL DEFAULT '[]',
  notify_referrer_on_join INTEGER NOT NULL DEFAULT 1,
  times_sent INTEGER NOT NULL DEFAULT 1,
  revoked INTEGER NOT NULL DEFAULT 0
);
`;

export interface EmailInviteRow {
  id: number;
  email: string;
  referrer_id: number;
  invited_as: number;
  date_created: number;
  expires_at: number | null;
  stream_ids: string;
  group_ids: string;
  notify_referrer_on_join: number;
  times_sent: number;
  revoked: number;
}

export type NewEmailInvite = Omit<EmailInviteRow, 'id' | 'times_sent' | 'revoked' | 'stream_ids' | 'group_ids'> & {
  stream_ids: number[];
  group_ids: number[];
};

export class EmailInvitesRepo {
  private readonly selectAll;
  private readonly selectOne;
  private readonly insertStmt;
  private readonly revokeStmt;
  private readonly resendStmt;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], EmailInviteRow>('SELECT * FROM email_invites ORDER BY id');
    this.selectOne = db.prepare<[number], EmailInviteRow>('SELECT * FROM email_invites WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO email_invites (email, referrer_id, invited_as, date_created, expires_at, stream_ids, group_ids,
         notify_referrer_on_join)
       VALUES (@email, @referrer_id, @invited_as, @date_created, @expires_at, @stream_ids, @group_ids,
         @notify_referrer_on_join)`,
    );
    this.revokeStmt = db.prepare<[number]>('UPDATE email_invites SET revoked = 1 WHERE id = ?');
    this.resendStmt = db.prepare<[number, number]>(
      'UPDATE email_invites SET times_sent = times_sent + 1, date_created = ? WHERE id = ?',
    );
  }

  all(): EmailInviteRow[] {
    return this.selectAll.all();
  }

  get(id: number): EmailInviteRow | undefined {
    return this.selectOne.get(id);
  }

  insert(invite: NewEmailInvite): EmailInviteRow {
    const result = this.insertStmt.run({
      ...invite,
      stream_ids: JSON.stringify(invite.stream_ids),
      group_ids: JSON.stringify(invite.group_ids),
    });
    return this.get(Number(result.lastInsertRowid))!;
  }

  revoke(id: number): void {
    this.revokeStmt.run(id);
  }

  /** Sends it again: one more mail, dated now; the expiry stays where it was, as on Zulip. */
  resend(id: number, now: number): void {
    this.resendStmt.run(now, id);
  }
}
