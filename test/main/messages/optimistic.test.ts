/**
 * Optimistic changes undone when the server refuses (dev server fault injection answers 500 to
 * the flags and reactions routes), and typing notifications as another user's queue sees them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, FlagChange, MessageView, Narrow } from '../../../common/model';
import type { DevServerUser, RunningDevServer } from '../../helpers/devserver';
import { faults, type FaultControl } from '../../helpers/devserverFaults';
import type { TestCore } from '../core/harness';
import { sendToChannel } from '../sync/http';
import { startTwoMembers } from './two-members';
import { api, countsOf, serverMessages, serverState, type Creds } from './http';

let server: RunningDevServer;
let fault: FaultControl;
let t: TestCore;
let account: AccountSummary;
let meUser: DevServerUser;
let me: Creds;
let otherUser: DevServerUser;
let other: Creds;
let channelId: number;

beforeAll(async () => {
  ({ server, t, account, meUser, me, otherUser, other, channelId } = await startTwoMembers({ faults: true }));
  fault = faults(server);
});
afterEach(() => fault?.clear());
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const topicNarrow = (topic: string): Narrow => ({ kind: 'topic', channelId, topic });

async function sentAndCached(topic: string, content: string): Promise<number> {
  const id = await sendToChannel(server.baseUrl, other, channelId, topic, content);
  await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === id));
  return id;
}

async function viewOf(id: number, topic: string): Promise<MessageView> {
  const page = await t.ok('messages:page', {
    accountId: account.id,
    narrow: topicNarrow(topic),
    anchor: id,
    before: 0,
    after: 0,
  });
  return page.messages.find((m) => m.id === id)!;
}

const updatesOf = (id: number) =>
  t.events
    .filter((e) => e.name === 'messages:updated')
    .flatMap((e) => (e.payload as { messages: MessageView[] }).messages)
    .filter((m) => m.id === id);

/** The values `flag` of message `id` was given, in order, by whole views and by flag changes. */
const flagOf = (id: number, flag: FlagChange['flag']): boolean[] =>
  t.events.flatMap((e) => {
    if (e.name === 'messages:updated')
      return (e.payload as { messages: MessageView[] }).messages.filter((m) => m.id === id).map((m) => m[flag]);
    if (e.name === 'messages:flags')
      return (e.payload as { changes: FlagChange[] }).changes
        .filter((c) => c.flag === flag && c.ids.includes(id))
        .map((c) => c.on);
    return [];
  });

describe('a refused change is undone', () => {
  it('star: shown at once, then put back, and the error reaches the caller', async () => {
    const id = await sentAndCached('undo', 'star me');
    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages/flags', method: 'POST' });
    const result = await t.call('messages:star', { accountId: account.id, messageIds: [id], starred: true });
    expect(result.ok).toBe(false);
    expect(flagOf(id, 'starred')).toEqual([true, false]);
    expect((await t.ok('unreads:get', { accountId: account.id })).starred).toBe(
      (await serverState(server.baseUrl, me)).starred.length,
    );
    expect((await viewOf(id, 'undo')).starred).toBe(false);
    expect((await serverState(server.baseUrl, me)).starred).not.toContain(id);
  });

  it('mark a topic read: the unread counts come back as the server still has them', async () => {
    const id = await sentAndCached('undo-read', 'read me');
    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages/flags', method: 'POST' });
    const result = await t.call('messages:markRead', {
      accountId: account.id,
      scope: { kind: 'topic', channelId, topic: 'undo-read' },
    });
    expect(result.ok).toBe(false);
    // Checked before any page is fetched (a fetch would bring the server's read state anyway).
    expect(flagOf(id, 'read')).toEqual([true, false]);
    const { accountId: _a, starred: _s, ...counts } = await t.ok('unreads:get', { accountId: account.id });
    expect(counts).toEqual(countsOf((await serverState(server.baseUrl, me)).unreads, meUser.userId));
    expect((await viewOf(id, 'undo-read')).read).toBe(false);
  });

  it('react: the reaction disappears again; an "already there" answer is not an error', async () => {
    const id = await sentAndCached('undo-react', 'react to me');
    const emoji = { name: 'tada', code: '1f389', type: 'unicode_emoji' };
    await fault.serverErrorNext(1, { pathPrefix: `/api/v1/messages/${id}/reactions` });
    expect((await t.call('messages:react', { accountId: account.id, messageId: id, emoji, op: 'add' })).ok).toBe(false);
    expect(updatesOf(id).map((m) => m.reactions.length)).toEqual([1, 0]);
    expect((await viewOf(id, 'undo-react')).reactions).toEqual([]);

    // Another client of ours reacted first: the server says REACTION_ALREADY_EXISTS; the result is what we wanted.
    await api(server.baseUrl, me, 'POST', `/messages/${id}/reactions`, { emoji_name: 'tada' });
    await t.ok('messages:react', { accountId: account.id, messageId: id, emoji, op: 'add' });
    const server_ = (await serverMessages(server.baseUrl, me, [{ operator: 'id', operand: id }]))[0]!;
    expect(server_.reactions.map((r) => r.user_id)).toEqual([meUser.userId]);
    await expect.poll(async () => (await viewOf(id, 'undo-react')).reactions[0]?.userIds).toEqual([meUser.userId]);
  });
});

describe('typing:set', () => {
  it('tells the other participant once per period, then stops', async () => {
    const reg = await api(server.baseUrl, other, 'POST', '/register', { event_types: ['typing'] });
    const queueId = String(reg['queue_id']);
    const to = { kind: 'dm' as const, userIds: [otherUser.userId] };
    await t.ok('typing:set', { accountId: account.id, to, op: 'start' });
    await t.ok('typing:set', { accountId: account.id, to, op: 'start' });
    await t.ok('typing:set', { accountId: account.id, to, op: 'stop' });
    // Stopping again is a no-op: nothing was started.
    await t.ok('typing:set', { accountId: account.id, to, op: 'stop' });
    const res = await api(server.baseUrl, other, 'GET', '/events', {
      queue_id: queueId,
      last_event_id: -1,
      dont_block: true,
    });
    const typing = (res['events'] as { type: string; op: string; sender: { user_id: number } }[]).filter(
      (e) => e.type === 'typing',
    );
    expect(typing.map((e) => [e.op, e.sender.user_id])).toEqual([
      ['start', meUser.userId],
      ['stop', meUser.userId],
    ]);
  });
});
