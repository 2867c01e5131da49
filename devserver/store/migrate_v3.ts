import type { Database } from 'better-sqlite3';
import { INVITES_SCHEMA } from './invites';

/**
 * Schema version 3 kept reusable links (multiuse_invites) and emailed invitations (email_invites,
 * with their keys in email_invite_keys) in separate tables; version 4 keeps both in `invites`. A
 * version-3 file without one of these tables (made before it existed) gets it, so they are made
 * empty first. Each kind keeps its IDs; an emailed invitation that never got a key (none was
 * mailed) gets a new one of the same form (24 lowercase hex digits fit Zulip's alphabet).
 */
const V3_TO_V4 = `
CREATE TABLE IF NOT EXISTS email_invites (
  id INTEGER PRIMARY KEY, email TEXT NOT NULL, referrer_id INTEGER NOT NULL, invited_as INTEGER NOT NULL,
  date_created INTEGER NOT NULL, expires_at INTEGER, stream_ids TEXT NOT NULL DEFAULT '[]',
  group_ids TEXT NOT NULL DEFAULT '[]', notify_referrer_on_join INTEGER NOT NULL DEFAULT 1,
  times_sent INTEGER NOT NULL DEFAULT 1, revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS multiuse_invites (
  id INTEGER PRIMARY KEY, confirmation_key TEXT NOT NULL UNIQUE, referrer_id INTEGER NOT NULL,
  invited_as INTEGER NOT NULL, date_created INTEGER NOT NULL, expires_at INTEGER,
  stream_ids TEXT NOT NULL DEFAULT '[]', group_ids TEXT NOT NULL DEFAULT '[]',
  include_realm_default_subscriptions INTEGER NOT NULL DEFAULT 0, welcome_message_custom_text TEXT,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS email_invite_keys (invite_id INTEGER PRIMARY KEY, confirmation_key TEXT NOT NULL UNIQUE);
${INVITES_SCHEMA}
INSERT INTO invites (kind, id, confirmation_key, email, referrer_id, invited_as, date_created, expires_at, stream_ids,
  group_ids, include_realm_default_subscriptions, welcome_message_custom_text, revoked)
SELECT 'link', id, confirmation_key, NULL, referrer_id, invited_as, date_created, expires_at, stream_ids, group_ids,
  include_realm_default_subscriptions, welcome_message_custom_text, revoked
FROM multiuse_invites;
INSERT INTO invites (kind, id, confirmation_key, email, referrer_id, invited_as, date_created, expires_at, stream_ids,
  group_ids, notify_referrer_on_join, times_sent, revoked)
SELECT 'email', e.id, COALESCE(k.confirmation_key, lower(hex(randomblob(12)))), e.email, e.referrer_id, e.invited_as,
  e.date_created, e.expires_at, e.stream_ids, e.group_ids, e.notify_referrer_on_join, e.times_sent, e.revoked
FROM email_invites e LEFT JOIN email_invite_keys k ON k.invite_id = e.id;
DROP TABLE email_invite_keys;
DROP TABLE email_invites;
DROP TABLE multiuse_invites;
`;

/** Brings a version-3 data file to version 4, in one transaction (a failure leaves it at 3). */
export function migrateV3ToV4(db: Database): void {
  db.transaction(() => {
    db.exec(V3_TO_V4);
    db.pragma('user_version = 4');
  })();
}
