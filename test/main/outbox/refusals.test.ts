/**
 * What the user does with a refused message (outbox:edit, outbox:discard), what read_by_sender
 * does, and a dead key found by a send: the account signs out and the message is kept.
 */
import { describe, expect, it } from 'vitest';
import { AccountStore, accountDbPath } from '../../../main/store/account-store';
import { Actor } from '../consistency/actor';
import type { TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { confirmed, ownInTopic, signedInCore, useFaultyServer, withLocalId } from './support';

const open: TestCore[] = [];
const env = useFaultyServer(open);

const MISSING_CHANNEL = 987_654;

describe('refused messages', () => {
  it('stay with the server error until edited to a good destination, then are sent', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(env.server, dataDir);
    open.push(s.t);
    const { localId } = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: MISSING_CHANNEL, topic: 'nowhere' },
      content: 'first draft',
    });
    const refused = await s.t.waitFor('messages:updated', (p) =>
      p.messages.some((m) => m.localId === localId && m.sendError !== undefined),
    );
    const echo = refused.messages.find((m) => m.localId === localId)!;
    expect(echo.id).toBeLessThan(0);
    expect(echo.sendError).toMatch(/\S/);

    // Edited to a channel that exists: the echo shows the new words without the error, then is confirmed.
    await s.t.ok('outbox:edit', {
      accountId: s.account.id,
      localId,
      content: 'second draft',
      to: { kind: 'channel', channelId: s.channelId, topic: 'found it' },
    });
    const edited = await s.t.waitFor('messages:updated', (p) =>
      p.messages.some((m) => m.localId === localId && m.contentHtml === '<p>second draft</p>'),
    );
    expect(edited.messages.find((m) => m.localId === localId)).toMatchObject({
      channelId: s.channelId,
      topic: 'found it',
    });
    expect(edited.messages.find((m) => m.localId === localId)?.sendError).toBeUndefined();
    const view = await confirmed(s.t, localId);
    expect(await ownInTopic(s.me, s.channelId, 'found it')).toEqual([{ id: view.id, content: 'second draft' }]);

    // Once sent it is no longer the outbox's to change.
    const late = await s.t.call('outbox:edit', { accountId: s.account.id, localId, content: 'third' });
    expect(late.ok ? null : late.error.code).toBe('NOT_FOUND');
  }, 60_000);

  it('can be discarded: the echo goes and the row is gone', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(env.server, dataDir);
    open.push(s.t);
    const { localId } = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: MISSING_CHANNEL, topic: 'nowhere' },
      content: 'not worth keeping',
    });
    const echo = (await s.t.waitFor('messages:added', withLocalId(localId))).messages[0]!;
    await s.t.waitFor('messages:updated', (p) => p.messages.some((m) => m.localId === localId && !!m.sendError));
    await s.t.ok('outbox:discard', { accountId: s.account.id, localId });
    await s.t.waitFor('messages:removed', (p) => p.messageIds.includes(echo.id));
    await s.t.core.close();
    open.splice(0);
    const store = AccountStore.open(accountDbPath(dataDir, s.account.id));
    try {
      expect(store.outbox.get(localId)).toBeNull();
    } finally {
      store.close();
    }
  }, 60_000);

  it('editing to an empty message is refused and changes nothing', async () => {
    const s = await signedInCore(env.server, tempDir());
    open.push(s.t);
    const { localId } = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: MISSING_CHANNEL, topic: 'nowhere' },
      content: 'keep me',
    });
    await s.t.waitFor('messages:updated', (p) => p.messages.some((m) => m.localId === localId && !!m.sendError));
    const r = await s.t.call('outbox:edit', { accountId: s.account.id, localId, content: '  ' });
    expect(r.ok ? null : r.error.code).toBe('INVALID_ARGUMENT');
    const unknown = await s.t.call('outbox:discard', { accountId: s.account.id, localId: 'no-such-row' });
    expect(unknown.ok ? null : unknown.error.code).toBe('NOT_FOUND');
  }, 60_000);
});

describe('sending', () => {
  it('marks our own messages read for us (read_by_sender)', async () => {
    const s = await signedInCore(env.server, tempDir());
    open.push(s.t);
    const { localId } = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: s.channelId, topic: 'read by sender' },
      content: 'mine, and read',
    });
    const view = await confirmed(s.t, localId);
    expect(view.read).toBe(true);
    const fresh = await s.me.register(['message', 'update_message_flags']);
    const unread = fresh['unread_msgs'] as { streams: { unread_message_ids: number[] }[] };
    expect(unread.streams.flatMap((x) => x.unread_message_ids)).not.toContain(view.id);
  }, 60_000);

  it('a send that finds the account deactivated signs it out with a message and keeps the text', async () => {
    const dataDir = tempDir();
    // A member of its own, so deactivating it disturbs no other test.
    const victim = env.server.users.find((u) => u.role === 400 && u.userId !== env.server.byRole(400).userId)!;
    const admin = await Actor.login(env.server.baseUrl, env.server.byRole(200).email, env.server.byRole(200).password);
    const s = await signedInCore(env.server, dataDir, { email: victim.email });
    open.push(s.t);
    // The event stream stalls, so only the send can learn what happened.
    await env.faults.hangNext(1000, { pathPrefix: '/api/v1/events' });
    const mark = s.t.events.length;
    await env.faults.expireQueues({ userId: s.me.userId });
    await s.t.waitFor(
      'account:status',
      (p) => p.status.state === 'live' && s.t.events.findIndex((e) => e.payload === p) >= mark,
    );
    await admin.call('DELETE', `/users/${s.me.userId}`);

    const { localId } = await s.t.ok('compose:send', {
      accountId: s.account.id,
      to: { kind: 'channel', channelId: s.channelId, topic: 'too late' },
      content: 'still mine',
    });
    const out = await s.t.waitFor('account:status', (p) => p.status.state === 'signedOut');
    expect(out.status.state === 'signedOut' && out.status.message).toMatch(/deactivated/i);
    const state = await s.t.ok('app:state', {});
    expect(state.accounts.find((a) => a.id === s.account.id)?.status.state).toBe('signedOut');
    await s.t.core.close();
    open.splice(0);
    const store = AccountStore.open(accountDbPath(dataDir, s.account.id));
    try {
      expect(store.outbox.get(localId)).toMatchObject({ state: 'pending', content: 'still mine' });
    } finally {
      store.close();
    }
    await admin.call('POST', `/users/${s.me.userId}/reactivate`);
  }, 60_000);

  it('reading history also notices a deactivated account: signed out, the cache still answers', async () => {
    const victim = env.server.users.filter((u) => u.role === 400 && u.userId !== env.server.byRole(400).userId)[1]!;
    const admin = await Actor.login(env.server.baseUrl, env.server.byRole(200).email, env.server.byRole(200).password);
    const s = await signedInCore(env.server, tempDir(), { email: victim.email });
    open.push(s.t);
    await env.faults.hangNext(1000, { pathPrefix: '/api/v1/events' });
    const mark = s.t.events.length;
    await env.faults.expireQueues({ userId: s.me.userId });
    await s.t.waitFor(
      'account:status',
      (p) => p.status.state === 'live' && s.t.events.findIndex((e) => e.payload === p) >= mark,
    );
    await admin.call('DELETE', `/users/${s.me.userId}`);
    try {
      const page = await s.t.ok('messages:page', {
        accountId: s.account.id,
        narrow: { kind: 'channel', channelId: s.channelId },
        anchor: 'newest',
        before: 20,
        after: 0,
      });
      expect(page.fromCache).toBe(true);
      const out = await s.t.waitFor('account:status', (p) => p.status.state === 'signedOut');
      expect(out.status.state === 'signedOut' && out.status.message).toMatch(/deactivated/i);
    } finally {
      await admin.call('POST', `/users/${s.me.userId}/reactivate`);
    }
  }, 60_000);
});
