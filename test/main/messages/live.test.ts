/**
 * The message cache through the real core against the dev server. Other users act through
 * plain HTTP (send, edit, move, react, delete); this account's cache, read back through IPC,
 * must then equal what a fresh GET /messages and a fresh POST /register say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, FlagChange, MessagePage, Narrow, UnreadCounts } from '../../../common/model';
import type { DevServerUser, RunningDevServer } from '../../helpers/devserver';
import type { TestCore } from '../core/harness';
import { apiKeyOf, sendDm, sendToChannel } from '../sync/http';
import { startTwoMembers } from './two-members';
import { api, countsOf, serverMessages, serverState, type Creds, type WireMessage } from './http';

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let meUser: DevServerUser;
let me: Creds;
let other: Creds;
let otherUser: DevServerUser;
let admin: Creds;
let channelId: number;

beforeAll(async () => {
  ({ server, t, account, meUser, me, otherUser, other, channelId } = await startTwoMembers());
  const adminUser = server.byRole(200);
  admin = await apiKeyOf(server.baseUrl, adminUser.email, adminUser.password);
});
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const topic = (name: string): Narrow => ({ kind: 'topic', channelId, topic: name });
const apiTopic = (name: string) => [
  { operator: 'channel', operand: channelId },
  { operator: 'topic', operand: name },
];

function page(narrow: Narrow): Promise<MessagePage> {
  return t.ok('messages:page', { accountId: account.id, narrow, anchor: 'newest', before: 100, after: 0 });
}

/** What a message list and the server must agree on. */
const shapeOfPage = (p: MessagePage) =>
  p.messages.map((m) => ({
    id: m.id,
    topic: m.topic,
    content: m.contentHtml,
    read: m.read,
    starred: m.starred,
    reactions: m.reactions.flatMap((r) => r.userIds.map((u) => `${r.emojiCode}:${u}`)).sort(),
  }));
const shapeOfServer = (list: WireMessage[]) =>
  list.map((m) => ({
    id: m.id,
    topic: m.subject,
    content: m.content,
    read: m.flags.includes('read'),
    starred: m.flags.includes('starred'),
    reactions: m.reactions.map((r) => `${r.emoji_code}:${r.user_id}`).sort(),
  }));

async function unreads(): Promise<Omit<UnreadCounts, 'accountId' | 'starred'>> {
  const { accountId: _a, starred: _s, ...rest } = await t.ok('unreads:get', { accountId: account.id });
  return rest;
}

async function expectUnreadsLikeServer(): Promise<void> {
  const { unreads: fresh } = await serverState(server.baseUrl, me);
  await expect.poll(unreads, { timeout: 10_000 }).toEqual(countsOf(fresh, meUser.userId));
}

describe('the cache follows other users', () => {
  it('edits, moves, reactions, deletes and mentions leave pages and unread counts equal to the server', async () => {
    const mention = `@**${meUser.fullName}**`;
    const ids: number[] = [];
    for (const content of ['first', `second for ${mention}`, 'third', 'fourth']) {
      ids.push(await sendToChannel(server.baseUrl, other, channelId, 'cache-a', content));
    }
    const [m1, m2, m3, m4] = ids as [number, number, number, number];
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === m4));
    // Opened while the queue is live, so both topics are proven complete up to the newest message.
    expect((await page(topic('cache-a'))).messages.map((m) => m.id)).toEqual(ids);
    expect((await page(topic('cache-b'))).messages).toEqual([]);

    await api(server.baseUrl, other, 'PATCH', `/messages/${m1}`, { content: `first, edited for ${mention}` });
    await api(server.baseUrl, other, 'PATCH', `/messages/${m3}`, { topic: 'cache-b', propagate_mode: 'change_later' });
    await api(server.baseUrl, other, 'POST', `/messages/${m2}/reactions`, { emoji_name: 'tada' });
    await api(server.baseUrl, admin, 'DELETE', `/messages/${m4}`);
    const m5 = await sendToChannel(server.baseUrl, other, channelId, 'cache-a', 'fifth');
    const dm = await sendDm(server.baseUrl, other, [meUser.userId], `a direct word for ${mention}`);
    const third = server.users.find((u) => u.role === 400 && ![meUser.userId, otherUser.userId].includes(u.userId))!;
    const group = await sendDm(server.baseUrl, other, [meUser.userId, third.userId], 'group hello');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === group));

    for (const name of ['cache-a', 'cache-b']) {
      const cached = await page(topic(name));
      expect(cached.fromCache).toBe(true);
      expect(shapeOfPage(cached)).toEqual(shapeOfServer(await serverMessages(server.baseUrl, me, apiTopic(name))));
    }
    expect((await page(topic('cache-a'))).messages.map((m) => m.id)).toEqual([m1, m2, m5]);
    // After m3 comes the Notification Bot's note about the move (send_notification_to_new_thread).
    expect((await page(topic('cache-b'))).messages.map((m) => m.id)[0]).toBe(m3);
    const dms = await page({ kind: 'dm', userIds: [otherUser.userId] });
    expect(dms.messages.at(-1)?.id).toBe(dm);
    await expectUnreadsLikeServer();
  });
});

describe('what the user does', () => {
  it('marks messages, a topic, a channel and everything read: at once here, and on the server', async () => {
    const a = await sendToChannel(server.baseUrl, other, channelId, 'read-me', 'one');
    const b = await sendToChannel(server.baseUrl, other, channelId, 'read-me', 'two');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === b));

    expect(await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'messages', ids: [a] } })).toEqual({
      count: 1,
    });
    let counts = await t.ok('unreads:get', { accountId: account.id });
    expect(counts.channels.find((c) => c.channelId === channelId)?.topics).toContainEqual({
      topic: 'read-me',
      count: 1,
    });
    await expectUnreadsLikeServer();

    await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'topic', channelId, topic: 'read-me' } });
    counts = await t.ok('unreads:get', { accountId: account.id });
    expect(counts.channels.find((c) => c.channelId === channelId)?.topics.map((x) => x.topic)).not.toContain('read-me');
    await expectUnreadsLikeServer();
    const published = t.events.filter((e) => e.name === 'unreads:changed');
    expect(published.length).toBeGreaterThan(0);

    await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'channel', channelId } });
    expect((await t.ok('unreads:get', { accountId: account.id })).channels.map((c) => c.channelId)).not.toContain(
      channelId,
    );
    await expectUnreadsLikeServer();

    await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'all' } });
    expect(await unreads()).toEqual({ total: 0, mentions: 0, channels: [], dms: [] });
    await expectUnreadsLikeServer();
  });

  it('tells the page which messages turned read, not the messages again, when everything is marked read', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await sendToChannel(server.baseUrl, other, channelId, 'many', `unread ${i}`));
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === ids.at(-1)));
    const from = t.events.length;
    await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'all' } });
    const since = t.events.slice(from);
    const flagged = since
      .filter((e) => e.name === 'messages:flags')
      .flatMap((e) => (e.payload as { changes: FlagChange[] }).changes);
    expect(flagged.filter((c) => c.flag === 'read' && c.on).flatMap((c) => c.ids)).toEqual(expect.arrayContaining(ids));
    // No message view travels for a read flag: at 45k unread that was every cached message again.
    const views = since
      .filter((e) => e.name === 'messages:updated')
      .flatMap((e) => (e.payload as { messages: { id: number }[] }).messages.map((m) => m.id));
    expect(views.filter((id) => ids.includes(id))).toEqual([]);
    const [view] = (await page(topic('many'))).messages.filter((m) => m.id === ids[0]);
    expect(view?.read).toBe(true);
  });

  it('stars, reacts, edits, moves and deletes its own messages; the server agrees', async () => {
    const own = await sendToChannel(server.baseUrl, me, channelId, 'mine', 'my words');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === own));
    await page(topic('mine'));

    await t.ok('messages:star', { accountId: account.id, messageIds: [own], starred: true });
    expect((await t.ok('unreads:get', { accountId: account.id })).starred).toBeGreaterThan(0);
    expect((await serverState(server.baseUrl, me)).starred).toContain(own);
    const emoji = { name: 'octopus', code: '1f419', type: 'unicode_emoji' };
    await t.ok('messages:react', { accountId: account.id, messageId: own, emoji, op: 'add' });
    // The user's own reaction shows at once, before the event.
    const reacted = (await page(topic('mine'))).messages.find((m) => m.id === own)!;
    expect(reacted.reactions).toEqual([
      { emojiName: 'octopus', emojiCode: '1f419', reactionType: 'unicode_emoji', userIds: [meUser.userId] },
    ]);

    await t.ok('messages:edit', { accountId: account.id, messageId: own, edit: { content: 'my **new** words' } });
    await t.waitFor('messages:updated', (p) =>
      p.messages.some((m) => m.id === own && m.contentHtml.includes('<strong>new</strong>')),
    );
    await t.ok('messages:edit', {
      accountId: account.id,
      messageId: own,
      edit: { topic: 'mine, moved', propagateMode: 'change_all', notifyOldThread: false, notifyNewThread: false },
    });
    await t.waitFor('messages:updated', (p) => p.messages.some((m) => m.id === own && m.topic === 'mine, moved'));
    const moved = await page(topic('mine, moved'));
    expect(shapeOfPage(moved)).toEqual(
      shapeOfServer(await serverMessages(server.baseUrl, me, apiTopic('mine, moved'))),
    );
    expect(moved.messages.find((m) => m.id === own)).toMatchObject({ starred: true });

    await t.ok('messages:star', { accountId: account.id, messageIds: [own], starred: false });
    await t.ok('messages:react', { accountId: account.id, messageId: own, emoji, op: 'remove' });
    expect((await serverMessages(server.baseUrl, me, apiTopic('mine, moved'))).find((m) => m.id === own)).toMatchObject(
      {
        reactions: [],
      },
    );
    expect((await serverState(server.baseUrl, me)).starred).not.toContain(own);

    await t.ok('messages:delete', { accountId: account.id, messageId: own });
    await t.waitFor('messages:removed', (p) => p.messageIds.includes(own));
    expect((await page(topic('mine, moved'))).messages.map((m) => m.id)).not.toContain(own);
  });

  it('refuses a bad edit and an unknown message clearly, changing nothing', async () => {
    const both = await t.call('messages:edit', {
      accountId: account.id,
      messageId: 1,
      edit: { content: 'x', channelId },
    });
    expect(both).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const nothing = await t.call('messages:edit', { accountId: account.id, messageId: 1, edit: {} });
    expect(nothing).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const missing = await t.call('messages:delete', { accountId: account.id, messageId: 987654 });
    expect(missing).toMatchObject({ ok: false });
    if (!missing.ok) expect(missing.error.message).not.toBe('');
  });
});
