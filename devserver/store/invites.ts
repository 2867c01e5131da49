import type { Database } from 'better-sqlite3';

export interface InviteRow {
  id: number;
  confirmation_key: string;
  referrer_id: number;
  invited_as: number;
  date_created: number;
  expires_at: number | null;
  stream_ids: string;
  group_ids: string;
  include_realm_default_subscriptions: number;
  welcome_message_custom_text: string | null;
  revoked: number;
}

export interface NewInvite {
  confirmation_key: string;
  referrer_id: number;
  invited_as: number;
  date_created: number;
  expires_at: number | null;
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  welcome_message_custom_text: string | null;
}

/** Reusable invitation links (POST /invites/multiuse) and their state. */
export class InvitesRepo {
  private readonly selectAll;
  private readonly selectOne;
  private readonly selectByKey;
  private readonly insertStmt;
  private readonly revokeStmt;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], InviteRow>('SELECT * FROM multiuse_invites ORDER BY id');
    this.selectOne = db.prepare<[number], InviteRow>('SELECT * FROM multiuse_invites WHERE id = ?');
    this.selectByKey = db.prepare<[string], InviteRow>('SELECT * FROM multiuse_invites WHERE confirmation_key = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO multiuse_invites (confirmation_key, referrer_id, invited_as, date_created, expires_at, stream_ids,
         group_ids, include_realm_default_subscriptions, welcome_message_custom_text)
       VALUES (@confirmation_key, @referrer_id, @invited_as, @date_created, @expires_at, @stream_ids, @group_ids,
         @include_realm_default_subscriptions, @welcome_message_custom_text)`,
    );
    this.revokeStmt = db.prepare<[number]>('UPDATE multiuse_invites SET revoked = 1 WHERE id = ?');
  }

  all(): InviteRow[] {
    return this.selectAll.all();
  }

  get(id: number): InviteRow | undefined {
    return this.selectOne.get(id);
  }

  byKey(key: string): InviteRow | undefined {
    return this.selectByKey.get(key);
  }

  insert(invite: NewInvite): InviteRow {
    const result = this.insertStmt.run({
      ...invite,
      stream_ids: JSON.stringify(invite.stream_ids),
      group_ids: JSON.stringify(invite.group_ids),
      include_realm_default_subscriptions: invite.include_realm_default_subscriptions ? 1 : 0,
    });
    return this.get(Number(result.lastInsertRowid))!;
  }

  revoke(id: number): void {
    this.revokeStmt.run(id);
  }
}
