/**
 * Mark-as-read against the dev server, counting the requests it receives (a zero-latency fault
 * rule counts every match): the reads of messages seen one by one go out in one request per burst,
 * leaving the view sends what is gathered at once, and a failed batch undoes each caller's reads.
 * And issue 23 item 2: a channel of 1,500 unread marked read in batches whose second batch fails
 * ends, in the cache and the counts, equal to the server, never showing read what it has unread.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageActions } from '../../../main/accounts/message-actions';
import { FLAG_BATCH } from '../../../main/accounts/mark-read';
import { createLogger } from '../../../main/log';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { faults, type FaultControl } from '../../helpers/devserverFaults';
import { Actor } from '../consistency/actor';
import { CacheRig } from '../consistency/cache-rig';

let server: RunningDevServer;
let me: Actor;
let f: FaultControl;
let rig: CacheRig | null = null;
let channelNo = 0;

beforeAll(async () => {
  server = await startDevServer({ seed: 'empty', faults: true });
  const owner = server.users.find((u) => u.role === 100)!;
  me = await Actor.login(server.baseUrl, owner.email, owner.password);
  f = faults(server);
});
afterEach(async () => {
  rig?.close();
  rig = null;
  await f.clear();
});
afterAll(() => server?.stop());

/** A channel of its own with `n` unread messages (our own, marked unread again). */
async function unreadChannel(n: number): Promise<{ channelId: number; ids: number[] }> {
  const name = `reads ${++channelNo}`;
  await me.call('POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
  const subs = (await me.call('GET', '/users/me/subscriptions'))['subscriptions'] as {
    stream_id: number;
    name: string;
  }[];
  const channelId = subs.find((s) => s.name === name)!.stream_id;
  // The channel's own notices (a new channel's first message) are read: only ours count.
  const notices = await serverUnread(channelId);
  if (notices.length > 0) await me.call('POST', '/messages/flags', { messages: notices, op: 'add', flag: 'read' });
  const ids: number[] = [];
  for (let i = 0; i < n; i += 25) {
    const sends = Array.from({ length: Math.min(25, n - i) }, (_, j) => me.sendToChannel(channelId, 't', `m ${i + j}`));
    ids.push(...(await Promise.all(sends)));
  }
  ids.sort((a, b) => a - b);
  await me.call('POST', '/messages/flags', { messages: ids, op: 'remove', flag: 'read' });
  return { channelId, ids };
}

async function serverUnread(channelId: number): Promise<number[]> {
  const narrow = [
    { operator: 'channel', operand: channelId },
    { operator: 'is', operand: 'unread' },
  ];
  return (await me.messages(narrow, { count: 5000, markdown: false }))
    .map((m) => Number(m['id']))
    .sort((a, b) => a - b);
}

async function connected(): Promise<{ rig: CacheRig; actions: MessageActions }> {
  rig = new CacheRig(server.baseUrl, { email: me.email, apiKey: me.apiKey, userId: me.userId });
  await rig.reconnect();
  const actions = new MessageActions({
    accountId: 'a',
    store: rig.store,
    client: rig.client,
    selfUserId: me.userId,
    featureLevel: () => 420,
    now: () => Date.now(),
    log: createLogger({ name: 'reads', sink: () => {} }),
    publish: () => {},
    // No pager here: no page is answered before it is stored.
    pagesStored: () => Promise.resolve(),
  });
  return { rig, actions };
}

/** Counts the POSTs to /messages/flags… from now on. */
async function countFlagRequests(): Promise<() => Promise<number>> {
  const rule = await f.latency(0, { pathPrefix: '/api/v1/messages/flags', method: 'POST' });
  return async () => (await f.list()).find((r) => r.id === rule.id)?.fired ?? -1;
}

describe('reads of messages seen on screen', () => {
  it('go out in one request per burst, and at once when the view is left', async () => {
    const { channelId, ids } = await unreadChannel(11);
    const { actions } = await connected();
    const requests = await countFlagRequests();
    // The read tracker asks for each message as it comes into view: ten calls in a burst.
    await Promise.all(ids.slice(0, 10).map((id) => actions.markRead({ kind: 'messages', ids: [id] })));
    expect(await requests()).toBe(1);
    expect(await serverUnread(channelId)).toEqual([ids[10]]);

    const last = actions.markRead({ kind: 'messages', ids: [ids[10]!] });
    await actions.flushReads();
    expect(await requests()).toBe(2);
    expect(await serverUnread(channelId)).toEqual([]);
    await last;
  });

  it('a failed batch undoes the reads of every call it carried', async () => {
    const { channelId, ids } = await unreadChannel(3);
    const { rig, actions } = await connected();
    await f.serverErrorNext(1, { pathPrefix: '/api/v1/messages/flags', method: 'POST' });
    const calls = ids.map((id) => actions.markRead({ kind: 'messages', ids: [id] }));
    for (const call of calls) await expect(call).rejects.toThrow();
    expect(ids.map((id) => rig.store.unreads.isUnread(id))).toEqual([true, true, true]);
    expect(await serverUnread(channelId)).toEqual(ids);
  });
});

describe('marking a large channel read when a later batch fails', () => {
  it('ends with the cache and the counts equal to the server', async () => {
    const total = FLAG_BATCH + 500;
    const { channelId, ids } = await unreadChannel(total);
    const { rig, actions } = await connected();
    expect(rig.store.unreads.inScope({ kind: 'channel', channelId })).toHaveLength(total);
    // The first batch's answer arms a 500 for the next request: the second batch fails.
    let armed = false;
    rig.beforeAnswer = async (url) => {
      if (armed || !url.pathname.endsWith('/messages/flags/narrow')) return;
      armed = true;
      await f.serverErrorNext(1, { pathPrefix: '/api/v1/messages/flags/narrow' });
    };
    await expect(actions.markRead({ kind: 'channel', channelId })).rejects.toThrow();
    const onServer = await serverUnread(channelId);
    expect(onServer).toHaveLength(total - FLAG_BATCH);
    // Nothing the server has unread is shown read.
    expect(onServer.filter((id) => !rig.store.unreads.isUnread(id))).toEqual([]);
    // The server's read events for the first batch arrive: the cache equals the server.
    await rig.drain();
    const cached = rig.store.unreads.inScope({ kind: 'channel', channelId }).map((e) => e.messageId);
    expect(cached.sort((a, b) => a - b)).toEqual(onServer);
    expect(actions.unreadCounts().channels.find((c) => c.channelId === channelId)?.count).toBe(onServer.length);
    expect(ids.slice(0, FLAG_BATCH).every((id) => !rig.store.unreads.isUnread(id))).toBe(true);
  }, 300_000);
});
