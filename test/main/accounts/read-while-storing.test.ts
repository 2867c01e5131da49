/**
 * Acting on a page while it is still being stored (messages:page answers a fetched window before
 * storing it, main/accounts/pending-stores.ts): messages read then stay read, with the server
 * told; "mark as unread from here" covers every message of the page, written yet or not, and a
 * reaction to one of them shows at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import type { Narrow, UnreadCounts } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { startLiveCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

/** More than two of the store's slices, so it is still going when the page is answered. */
const COUNT = 450;

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

/**
 * COUNT messages from a peer in a new topic of `member`'s first channel, sent before `member`'s
 * core signs in (so none is cached); then that core, live, and the topic's newest page from it.
 */
async function pageNotYetStored(member: DevServerUser, label: string, readFirst: boolean) {
  const peer = server.users.find((u) => u.role === 400 && u.email !== member.email)!;
  const sender = await Actor.login(server.baseUrl, peer.email, peer.password);
  const me = await Actor.login(server.baseUrl, member.email, member.password);
  const { subscriptions } = (await me.call('GET', '/users/me/subscriptions', {})) as unknown as {
    subscriptions: { stream_id: number; name: string }[];
  };
  const channel = subscriptions[0]!;
  await sender.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: channel.name }] });
  const topic = `${label} ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 0; i < COUNT; i++) ids.push(await sender.sendToChannel(channel.stream_id, topic, `line ${i}`));
  if (readFirst) await me.call('POST', '/messages/flags', { messages: ids, op: 'add', flag: 'read' });

  const { t, account } = await startLiveCore(tempDir(), server.baseUrl, member, new MemoryCredentialStore());
  const narrow: Narrow = { kind: 'topic', channelId: channel.stream_id, topic };
  const pageArgs = { accountId: account.id, narrow, anchor: 'newest' as const, before: COUNT, after: 0 };
  const page = await t.ok('messages:page', pageArgs);
  expect(page.messages.map((m) => m.id)).toEqual(ids);
  const unread = async () => unreadIn(await t.ok('unreads:get', { accountId: account.id }), topic);
  const unreadOnServer = async () => {
    const narrowed = [
      { operator: 'channel', operand: channel.stream_id },
      { operator: 'topic', operand: topic },
    ];
    const messages = (await me.messages(narrowed, { count: COUNT })) as unknown as { flags: string[] }[];
    return messages.filter((m) => !m.flags.includes('read')).length;
  };
  return { t, account, narrow, ids, page, pageArgs, unread, unreadOnServer };
}

const storeSurelyEnded = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('acting on a page while it is stored', () => {
  it('keeps the messages read in the cache and tells the server', async () => {
    const p = await pageNotYetStored(server.byRole(400), 'read while stored', false);
    try {
      const scope = { kind: 'messages' as const, ids: p.ids };
      const read = await p.t.ok('messages:markRead', { accountId: p.account.id, scope, seen: true });
      expect(read.count).toBe(COUNT);
      await expect.poll(p.unread, { timeout: 10_000 }).toBe(0);
      await storeSurelyEnded();
      expect(await p.unread()).toBe(0);
      const again = await p.t.ok('messages:page', p.pageArgs);
      expect(again.messages.filter((m) => !m.read).map((m) => m.id)).toEqual([]);
    } finally {
      await p.t.core.close();
    }
    await expect.poll(p.unreadOnServer, { timeout: 10_000 }).toBe(0);
  });

  it('marks every message of the page unread from the first one, stored or not yet', async () => {
    const member = server.users.filter((u) => u.role === 400)[2]!;
    const p = await pageNotYetStored(member, 'unread while stored', true);
    try {
      expect(p.page.messages.every((m) => m.read)).toBe(true);
      const marked = await p.t.ok('messages:markUnread', {
        accountId: p.account.id,
        narrow: p.narrow,
        fromId: p.ids[0]!,
      });
      // All of them at once, as the reader sees them all: not only the slices already stored.
      expect(marked.count).toBe(COUNT);
      expect(await p.unread()).toBe(COUNT);
      await storeSurelyEnded();
      expect(await p.unread()).toBe(COUNT);
    } finally {
      await p.t.core.close();
    }
    await expect.poll(p.unreadOnServer, { timeout: 10_000 }).toBe(COUNT);
  });
  it('shows a reaction to a message of the page at once, written yet or not', async () => {
    const member = server.users.filter((u) => u.role === 400)[3]!;
    const p = await pageNotYetStored(member, 'react while stored', false);
    try {
      const last = p.ids.at(-1)!;
      const from = p.t.events.length;
      const emoji = { type: 'unicode_emoji' as const, code: '1f44d', name: '+1' };
      await p.t.ok('messages:react', { accountId: p.account.id, messageId: last, emoji, op: 'add' });
      // Published by the time the call is answered, not only once the server's event comes.
      const shown = p.t.events
        .slice(from)
        .filter((e) => e.name === 'messages:updated')
        .flatMap((e) => (e.payload as Events['messages:updated']).messages)
        .filter((m) => m.id === last && m.reactions.some((r) => r.emojiName === '+1'));
      expect(shown.length).toBeGreaterThan(0);
    } finally {
      await p.t.core.close();
    }
  });
});
