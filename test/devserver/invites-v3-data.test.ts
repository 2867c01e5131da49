/**
 * A dev-server data file of schema version 3, which kept reusable links (multiuse_invites) and
 * emailed invitations (email_invites, keys in email_invite_keys) in separate tables, still opens
 * now that both live in one `invites` table: each invitation keeps its ID, key and state, and the
 * routes treat them as before. The file is a real one written by the dev server, taken back to
 * version 3's invitation tables (the only part of the schema version 4 changed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { loginRole, type Client } from './records-support';
import type { Obj } from './support';

/** Version 3's invitation tables, as devserver/store/schema_records.ts and email_invites.ts made them. */
const V3_INVITE_TABLES = `
DROP TABLE invites;
CREATE TABLE multiuse_invites (
  id INTEGER PRIMARY KEY, confirmation_key TEXT NOT NULL UNIQUE, referrer_id INTEGER NOT NULL REFERENCES users(id),
  invited_as INTEGER NOT NULL, date_created INTEGER NOT NULL, expires_at INTEGER,
  stream_ids TEXT NOT NULL DEFAULT '[]', group_ids TEXT NOT NULL DEFAULT '[]',
  include_realm_default_subscriptions INTEGER NOT NULL DEFAULT 0, welcome_message_custom_text TEXT,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE email_invites (
  id INTEGER PRIMARY KEY, email TEXT NOT NULL, referrer_id INTEGER NOT NULL REFERENCES users(id),
  invited_as INTEGER NOT NULL, date_created INTEGER NOT NULL, expires_at INTEGER,
  stream_ids TEXT NOT NULL DEFAULT '[]', group_ids TEXT NOT NULL DEFAULT '[]',
  notify_referrer_on_join INTEGER NOT NULL DEFAULT 1, times_sent INTEGER NOT NULL DEFAULT 1,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE email_invite_keys (
  invite_id INTEGER PRIMARY KEY REFERENCES email_invites(id), confirmation_key TEXT NOT NULL UNIQUE
);
INSERT INTO multiuse_invites (id, confirmation_key, referrer_id, invited_as, date_created, expires_at, revoked,
  welcome_message_custom_text)
VALUES (1, 'linkkeyone00000000000000', 1, 400, 1700000000, NULL, 0, 'Hello from version 3'),
       (2, 'linkkeytwo00000000000000', 1, 400, 1700000000, NULL, 1, NULL);
INSERT INTO email_invites (id, email, referrer_id, invited_as, date_created, expires_at, times_sent)
VALUES (1, 'kept@example.com', 1, 600, 1700000100, NULL, 2),
       (2, 'unmailed@example.com', 1, 400, 1700000200, NULL, 1);
INSERT INTO email_invite_keys (invite_id, confirmation_key) VALUES (1, 'emailkeyone0000000000000');
`;

let dir: string;
let server: RunningDevServer;
let owner: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-v3-'));
  const file = join(dir, 'devserver.sqlite');
  await (await startDevServer({ seed: 'empty', dataFile: file })).stop();
  const db = new Database(file);
  db.exec(V3_INVITE_TABLES);
  db.pragma('user_version = 3');
  db.close();
  server = await startDevServer({ seed: 'empty', dataFile: file });
  owner = await loginRole(server, 100);
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function listed(): Promise<Obj[]> {
  return (await owner.ok('GET', '/invites'))['invites'] as Obj[];
}

describe('a version-3 data file', () => {
  it('opens at version 4 with its invitations listed as before, each kind with its own IDs', async () => {
    const invites = await listed();
    expect(invites.map((i) => [i['is_multiuse'], i['id'], i['email'] ?? i['link_url']])).toEqual([
      [false, 1, 'kept@example.com'],
      [false, 2, 'unmailed@example.com'],
      [true, 1, `${server.baseUrl}/join/linkkeyone00000000000000/`],
    ]);
    expect(invites[0]).toMatchObject({ invited_as: 600, invited: 1700000100, notify_referrer_on_join: true });
  });

  it('keeps each invitation key working: the link, and the emailed one for its own address', async () => {
    const link = await fetch(new URL('/join/linkkeyone00000000000000/', server.baseUrl));
    expect(link.status).toBe(200);
    const mailed = await fetch(new URL('/accounts/do_confirm/emailkeyone0000000000000', server.baseUrl));
    expect(mailed.status).toBe(200);
    expect(await mailed.text()).toContain('kept@example.com');
    const revoked = await fetch(new URL('/join/linkkeytwo00000000000000/', server.baseUrl));
    expect(revoked.status).toBe(404);
  });

  it('numbers new invitations after the old ones of the same kind, and revokes old ones by their IDs', async () => {
    await owner.ok('POST', '/invites/multiuse', { invite_expires_in_minutes: null });
    await owner.ok('POST', '/invites', { invitee_emails: 'new@example.com', invite_expires_in_minutes: null });
    const ids = (await listed()).map((i) => [i['is_multiuse'], i['id']]);
    expect(ids).toContainEqual([true, 3]);
    expect(ids).toContainEqual([false, 3]);

    await owner.ok('DELETE', '/invites/1');
    await owner.ok('DELETE', '/invites/multiuse/1');
    const after = (await listed()).map((i) => [i['is_multiuse'], i['id']]);
    expect(after).toEqual([
      [false, 2],
      [false, 3],
      [true, 3],
    ]);
    const again = await owner.call('DELETE', '/invites/multiuse/2');
    expect(again.body).toMatchObject({ result: 'error', msg: 'Invitation has already been revoked' });
  });
});
