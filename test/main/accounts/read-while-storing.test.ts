/**
 * Messages read while the page that brought them is still being stored (messages:page answers a
 * fetched window before storing it, main/accounts/pending-stores.ts): the store must not bring
 * them back unread, and the server must be told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Narrow, UnreadCounts } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { startLiveCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The unread count of `topic` in any channel, 0 when it has none. */
function unreadIn(counts: UnreadCounts, topic: string): number {
  return counts.channels.flatMap((c) => c.topics).find((x) => x.topic === topic)?.count ?? 0;
}

describe('reading a page while it is stored', () => {
  it('keeps the messages read in the cache and tells the server', async () => {
    const member = server.byRole(400);
    const peer = server.users.find((u) => u.role === 400 && u.email !== member.email)!;
    const sender = await Actor.login(server.baseUrl, peer.email, peer.password);
    const me = await Actor.login(server.baseUrl, member.email, member.password);
    const channels = (await me.call('GET', '/users/me/subscriptions', {})) as unknown as {
      subscriptions: { stream_id: number; name: string }[];
    };
    const channel = channels.subscriptions[0]!;
    await sender.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: channel.name }] });
    const topic = `read while stored ${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 450; i++) ids.push(await sender.sendToChannel(channel.stream_id, topic, `line ${i}`));

    const { t, account } = await startLiveCore(tempDir(), server.baseUrl, member, new MemoryCredentialStore());
    try {
      const narrow: Narrow = { kind: 'topic', channelId: channel.stream_id, topic };
      const page = await t.ok('messages:page', {
        accountId: account.id,
        narrow,
        anchor: 'newest',
        before: 450,
        after: 0,
      });
      expect(page.messages.map((m) => m.id)).toEqual(ids);
      const read = await t.ok('messages:markRead', {
        accountId: account.id,
        scope: { kind: 'messages', ids },
        seen: true,
      });
      expect(read.count).toBe(ids.length);
      const unread = async () => unreadIn(await t.ok('unreads:get', { accountId: account.id }), topic);
      await expect.poll(unread, { timeout: 10_000 }).toBe(0);
      // After the page's store has surely ended, still read.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await unread()).toBe(0);
      const again = await t.ok('messages:page', {
        accountId: account.id,
        narrow,
        anchor: 'newest',
        before: 450,
        after: 0,
      });
      expect(again.messages.filter((m) => !m.read).map((m) => m.id)).toEqual([]);
    } finally {
      await t.core.close();
    }
    await expect
      .poll(
        async () => {
          const narrowed = [
            { operator: 'channel', operand: channel.stream_id },
            { operator: 'topic', operand: topic },
          ];
          const r = (await me.messages(narrowed, { count: 450 })) as unknown as { flags: string[] }[];
          return r.filter((m) => !m.flags.includes('read')).length;
        },
        { timeout: 10_000 },
      )
      .toBe(0);
  });
  it('marks every message of the page unread from the first one, stored or not yet', async () => {
    const member = server.users.filter((u) => u.role === 400)[2]!;
    const peer = server.users.find((u) => u.role === 400 && u.email !== member.email)!;
    const sender = await Actor.login(server.baseUrl, peer.email, peer.password);
    const me = await Actor.login(server.baseUrl, member.email, member.password);
    const subscriptions = (await me.call('GET', '/users/me/subscriptions', {})) as unknown as {
      subscriptions: { stream_id: number; name: string }[];
    };
    const channel = subscriptions.subscriptions[0]!;
    await sender.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: channel.name }] });
    const topic = `unread while stored ${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 450; i++) ids.push(await sender.sendToChannel(channel.stream_id, topic, `line ${i}`));
    await me.call('POST', '/messages/flags', { messages: ids, op: 'add', flag: 'read' });

    const { t, account } = await startLiveCore(tempDir(), server.baseUrl, member, new MemoryCredentialStore());
    try {
      const narrow: Narrow = { kind: 'topic', channelId: channel.stream_id, topic };
      const page = await t.ok('messages:page', {
        accountId: account.id,
        narrow,
        anchor: 'newest',
        before: 450,
        after: 0,
      });
      expect(page.messages.every((m) => m.read)).toBe(true);
      const marked = await t.ok('messages:markUnread', { accountId: account.id, narrow, fromId: ids[0]! });
      // All of them at once, as the reader sees them all: not only the slices already stored.
      expect(marked.count).toBe(ids.length);
      const unread = async () => unreadIn(await t.ok('unreads:get', { accountId: account.id }), topic);
      expect(await unread()).toBe(ids.length);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await unread()).toBe(ids.length);
    } finally {
      await t.core.close();
    }
  });
});
