import type { Database } from 'better-sqlite3';

/**
 * The confirmation key of each emailed invitation (Zulip's Confirmation row for a
 * PreregistrationUser: the key in /accounts/do_confirm/<key>), and the mail the server "sent":
 * there is no mail here, so every message is kept and listed at /emails/ as Zulip's development
 * server lists its outgoing mail.
 */
export const CONFIRMATIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS email_invite_keys (
  invite_id INTEGER PRIMARY KEY REFERENCES email_invites(id),
  confirmation_key TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS sent_emails (
  id INTEGER PRIMARY KEY,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
`;

export interface SentEmail {
  id: number;
  to_email: string;
  subject: string;
  body: string;
  sent_at: number;
}

export class ConfirmationsRepo {
  private readonly selectKey;
  private readonly selectInvite;
  private readonly insertKey;
  private readonly insertEmail;
  private readonly selectEmails;

  constructor(db: Database) {
    this.selectKey = db.prepare<[number], { confirmation_key: string }>(
      'SELECT confirmation_key FROM email_invite_keys WHERE invite_id = ?',
    );
    this.selectInvite = db.prepare<[string], { invite_id: number }>(
      'SELECT invite_id FROM email_invite_keys WHERE confirmation_key = ?',
    );
    this.insertKey = db.prepare<[number, string]>(
      'INSERT INTO email_invite_keys (invite_id, confirmation_key) VALUES (?, ?)',
    );
    this.insertEmail = db.prepare<[string, string, string, number]>(
      'INSERT INTO sent_emails (to_email, subject, body, sent_at) VALUES (?, ?, ?, ?)',
    );
    this.selectEmails = db.prepare<[], SentEmail>('SELECT * FROM sent_emails ORDER BY id');
  }

  /** The invitation's key, made with `make` the first time it is asked for. */
  keyOf(inviteId: number, make: () => string): string {
    const kept = this.selectKey.get(inviteId)?.confirmation_key;
    if (kept !== undefined) return kept;
    const key = make();
    this.insertKey.run(inviteId, key);
    return key;
  }

  inviteByKey(key: string): number | undefined {
    return this.selectInvite.get(key)?.invite_id;
  }

  recordEmail(to: string, subject: string, body: string, now: number): void {
    this.insertEmail.run(to, subject, body, now);
  }

  emails(): SentEmail[] {
    return this.selectEmails.all();
  }
}
