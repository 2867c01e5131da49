import type { Database } from 'better-sqlite3';

/**
 * The mail the server "sent": there is no mail here, so every message is kept and listed at
 * /emails/ as Zulip's development server lists its outgoing mail. (An emailed invitation's
 * confirmation key lives on its row in store/invites.ts.)
 */
export const CONFIRMATIONS_SCHEMA = `
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
  private readonly insertEmail;
  private readonly selectEmails;

  constructor(db: Database) {
    this.insertEmail = db.prepare<[string, string, string, number]>(
      'INSERT INTO sent_emails (to_email, subject, body, sent_at) VALUES (?, ?, ?, ?)',
    );
    this.selectEmails = db.prepare<[], SentEmail>('SELECT * FROM sent_emails ORDER BY id');
  }

  recordEmail(to: string, subject: string, body: string, now: number): void {
    this.insertEmail.run(to, subject, body, now);
  }

  emails(): SentEmail[] {
    return this.selectEmails.all();
  }
}
