/**
 * messages:markUnread (Zulip's "mark as unread from here", Shift+U) against the dev server: the
 * chosen message and the later ones of the view turn unread in the cache at once and on the
 * server, the earlier ones stay read; a refusal puts them back to read.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, MessageView, Narrow } from '../../../common/model';
import type { RunningDevServer } from '../../helpers/devserver';
import { faults, type FaultControl } from '../../helpers/devserverFaults';
import type { TestCore } from '../core/harness';
import { sendToChannel } from '../sync/http';
import { startTwoMembers } from './two-members';
import { serverState, type Creds } from './http';

let server: RunningDevServer;
let fault: FaultControl;
let t: TestCore;
let account: AccountSummary;
let me: Creds;
let other: Creds;
let channelId: number;

beforeAll(async () => {
  ({ server, t, account, me, other, channelId } = await startTwoMembers({ faults: true }));
  fault = faults(server);
});
afterEach(() => fault?.clear());
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const topicNarrow = (topic: string): Narrow => ({ kind: 'topic', channelId, topic });

/** Four messages in a fresh topic, cached and then read by the user. */
async function readTopic(topic: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= 4; i++) ids.push(await sendToChannel(server.baseUrl, other, channelId, topic, `m${i}`));
  await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === ids[3]));
  await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'topic', channelId, topic } });
  return ids;
}

async function unreadInCache(topic: string): Promise<number[]> {
  const page = await t.ok('messages:page', {
    accountId: account.id,
    narrow: topicNarrow(topic),
    anchor: 'newest',
    before: 10,
    after: 0,
  });
  return page.messages.filter((m: MessageView) => !m.read).map((m) => m.id);
}

async function unreadOnServer(topic: string): Promise<number[]> {
  const { unreads } = await serverState(server.baseUrl, me);
  return unreads.streams.filter((s) => s.topic === topic).flatMap((s) => s.unread_message_ids);
}

describe('mark as unread from a message', () => {
  it('turns that message and the later ones unread, in the cache and on the server', async () => {
    const ids = await readTopic('from-here');
    const result = await t.ok('messages:markUnread', {
      accountId: account.id,
      narrow: topicNarrow('from-here'),
      fromId: ids[1]!,
    });
    expect(result.count).toBe(3);
    expect(await unreadInCache('from-here')).toEqual(ids.slice(1));
    expect((await unreadOnServer('from-here')).sort((a, b) => a - b)).toEqual(ids.slice(1));
    const counts = await t.ok('unreads:get', { accountId: account.id });
    const topic = counts.channels.find((c) => c.channelId === channelId)?.topics.find((x) => x.topic === 'from-here');
    expect(topic?.count).toBe(3);
  });

  it('a refusal puts them back to read and the error reaches the caller', async () => {
    const ids = await readTopic('refused');
    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages/flags', method: 'POST' });
    const result = await t.call('messages:markUnread', {
      accountId: account.id,
      narrow: topicNarrow('refused'),
      fromId: ids[0]!,
    });
    expect(result.ok).toBe(false);
    expect(await unreadInCache('refused')).toEqual([]);
    expect(await unreadOnServer('refused')).toEqual([]);
  });
});
