/**
 * Reading messages touches only their conversations' sidebar rows (issue 28 item 2): the deltas
 * of a read name the channels (or the DM list) whose rows change, so the account rebuilds and
 * compares those instead of the whole sidebar for every message read on screen (the whole
 * sidebar was built per read). Against the dev server, with a real cache.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageActions } from '../../../main/accounts/message-actions';
import { createLogger } from '../../../main/log';
import type { Delta } from '../../../main/sync/deltas';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { CacheRig } from '../consistency/cache-rig';

let server: RunningDevServer;
let me: Actor;
let rig: CacheRig | null = null;

beforeAll(async () => {
  server = await startDevServer({ seed: 'empty' });
  const owner = server.users.find((u) => u.role === 100)!;
  me = await Actor.login(server.baseUrl, owner.email, owner.password);
});
afterEach(() => {
  rig?.close();
  rig = null;
});
afterAll(() => server?.stop());

async function unreadIn(name: string): Promise<{ channelId: number; id: number }> {
  await me.call('POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
  const subs = (await me.call('GET', '/users/me/subscriptions'))['subscriptions'] as {
    stream_id: number;
    name: string;
  }[];
  const channelId = subs.find((s) => s.name === name)!.stream_id;
  const id = await me.sendToChannel(channelId, 't', `unread in ${name}`);
  await me.call('POST', '/messages/flags', { messages: [id], op: 'remove', flag: 'read' });
  return { channelId, id };
}

async function connected(published: Delta[][]): Promise<MessageActions> {
  rig = new CacheRig(server.baseUrl, { email: me.email, apiKey: me.apiKey, userId: me.userId });
  await rig.reconnect();
  return new MessageActions({
    accountId: 'a',
    store: rig.store,
    client: rig.client,
    selfUserId: me.userId,
    featureLevel: () => 420,
    now: () => Date.now(),
    log: createLogger({ name: 'reads', sink: () => {} }),
    publish: (deltas) => published.push(deltas),
    // No pager here: no page is answered before it is stored.
    pagesStored: () => Promise.resolve(),
  });
}

describe('a read of messages on screen', () => {
  it('names the channel whose sidebar row changes, not the whole sidebar', async () => {
    const { channelId, id } = await unreadIn('rows one');
    await unreadIn('rows two');
    const published: Delta[][] = [];
    const actions = await connected(published);
    expect(actions.markSeen([id])).toEqual({ count: 1 });
    // The message itself is not cached here (no page was read): only the sidebar's delta.
    expect(published).toEqual([[{ kind: 'sidebarChanged', touched: { channels: [channelId], dms: false } }]]);
    await actions.flushReads();
  });

  it('marking a topic read names its channel too', async () => {
    const { channelId } = await unreadIn('rows three');
    const published: Delta[][] = [];
    const actions = await connected(published);
    await actions.markRead({ kind: 'topic', channelId, topic: 't' });
    expect(published[0]?.at(-1)).toEqual({ kind: 'sidebarChanged', touched: { channels: [channelId], dms: false } });
  });
});
