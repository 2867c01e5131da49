import type { Database } from 'better-sqlite3';

/**
 * Every invitation, reusable link (Zulip's MultiuseInvite) or email (PreregistrationUser), in one
 * table. The API keeps the two kinds apart in one way only: each kind numbers its own IDs, so
 * DELETE /invites/{id} and DELETE /invites/multiuse/{id} never meet; hence the key (kind, id).
 * There is no mail here; an emailed row (and its resend count) is what a test reads back.
 */
export const INVITES_SCHEMA = `
CREATE TABLE IF NOT EXISTS invites (
  kind TEXT NOT NULL CHECK (kind IN ('link', 'email')),
  id INTEGER NOT NULL,
  confirmation_key TEXT NOT NULL UNIQUE, -- /join/<key>/ for a link, /accounts/do_confirm/<key> for an email
  email TEXT,                            -- the one address an emailed invitation is for; NULL for a link
  referrer_id INTEGER NOT NULL REFERENCES users(id),
  invited_as INTEGER NOT NULL,
  date_created INTEGER NOT NULL,         -- for an email, when it was last sent
  expires_at INTEGER,                    -- NULL: never expires
  stream_ids TEXT NOT NULL DEFAULT '[]',
  group_ids TEXT NOT NULL DEFAULT '[]',
  include_realm_default_subscriptions INTEGER NOT NULL DEFAULT 0,
  welcome_message_custom_text TEXT,
  notify_referrer_on_join INTEGER NOT NULL DEFAULT 1,
  times_sent INTEGER NOT NULL DEFAULT 1,
  revoked INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, id)
);
`;

export type InviteKind = 'link' | 'email';

export interface InviteRow {
  kind: InviteKind;
  id: number;
  confirmation_key: string;
  email: string | null;
  referrer_id: number;
  invited_as: number;
  date_created: number;
  expires_at: number | null;
  stream_ids: string;
  group_ids: string;
  include_realm_default_subscriptions: number;
  welcome_message_custom_text: string | null;
  notify_referrer_on_join: number;
  times_sent: number;
  revoked: number;
}

export type EmailInviteRow = InviteRow & { kind: 'email'; email: string };

interface NewInviteCommon {
  confirmation_key: string;
  referrer_id: number;
  invited_as: number;
  date_created: number;
  expires_at: number | null;
  stream_ids: number[];
  group_ids: number[];
}

export interface NewLinkInvite extends NewInviteCommon {
  include_realm_default_subscriptions: boolean;
  welcome_message_custom_text: string | null;
}

export interface NewEmailInvite extends NewInviteCommon {
  email: string;
  notify_referrer_on_join: boolean;
}

export class InvitesRepo {
  private readonly selectAll;
  private readonly selectOne;
  private readonly selectByKey;
  private readonly insertStmt;
  private readonly revokeStmt;
  private readonly resendStmt;

  constructor(db: Database) {
    this.selectAll = db.prepare<[InviteKind], InviteRow>('SELECT * FROM invites WHERE kind = ? ORDER BY id');
    this.selectOne = db.prepare<[InviteKind, number], InviteRow>('SELECT * FROM invites WHERE kind = ? AND id = ?');
    this.selectByKey = db.prepare<[string], InviteRow>('SELECT * FROM invites WHERE confirmation_key = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO invites (kind, id, confirmation_key, email, referrer_id, invited_as, date_created, expires_at,
         stream_ids, group_ids, include_realm_default_subscriptions, welcome_message_custom_text,
         notify_referrer_on_join)
       SELECT @kind, COALESCE(MAX(id), 0) + 1, @confirmation_key, @email, @referrer_id, @invited_as, @date_created,
         @expires_at, @stream_ids, @group_ids, @include_realm_default_subscriptions, @welcome_message_custom_text,
         @notify_referrer_on_join
       FROM invites WHERE kind = @kind
       RETURNING id`,
    );
    this.revokeStmt = db.prepare<[InviteKind, number]>('UPDATE invites SET revoked = 1 WHERE kind = ? AND id = ?');
    this.resendStmt = db.prepare<[number, number]>(
      "UPDATE invites SET times_sent = times_sent + 1, date_created = ? WHERE kind = 'email' AND id = ?",
    );
  }

  links(): InviteRow[] {
    return this.selectAll.all('link');
  }

  emails(): EmailInviteRow[] {
    return this.selectAll.all('email') as EmailInviteRow[];
  }

  link(id: number): InviteRow | undefined {
    return this.selectOne.get('link', id);
  }

  email(id: number): EmailInviteRow | undefined {
    return this.selectOne.get('email', id) as EmailInviteRow | undefined;
  }

  /** The invitation, of either kind, whose link carries this key. */
  byKey(key: string): InviteRow | undefined {
    return this.selectByKey.get(key);
  }

  insertLink(invite: NewLinkInvite): InviteRow {
    const id = this.insert('link', {
      ...invite,
      email: null,
      include_realm_default_subscriptions: invite.include_realm_default_subscriptions ? 1 : 0,
      notify_referrer_on_join: 1,
    });
    return this.link(id)!;
  }

  insertEmail(invite: NewEmailInvite): EmailInviteRow {
    const id = this.insert('email', {
      ...invite,
      include_realm_default_subscriptions: 0,
      welcome_message_custom_text: null,
      notify_referrer_on_join: invite.notify_referrer_on_join ? 1 : 0,
    });
    return this.email(id)!;
  }

  revoke(kind: InviteKind, id: number): void {
    this.revokeStmt.run(kind, id);
  }

  /** Sends an emailed one again: one more mail, dated now; the expiry stays where it was, as on Zulip. */
  resend(id: number, now: number): void {
    this.resendStmt.run(now, id);
  }

  private insert(kind: InviteKind, row: Record<string, unknown> & NewInviteCommon): number {
    const result = this.insertStmt.get({
      ...row,
      kind,
      stream_ids: JSON.stringify(row.stream_ids),
      group_ids: JSON.stringify(row.group_ids),
    }) as { id: number };
    return result.id;
  }
}
