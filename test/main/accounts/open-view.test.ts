/**
 * New messages outside the open view go to the renderer as counts only (issue 28: a message to a
 * channel nobody has open must cost the core almost nothing): no message view is built or sent
 * for them, while the sidebar's delta still counts them unread. With no view known (a fresh
 * start), every new message is sent, as before. Against the dev server, through a real core.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import type { AccountSummary } from '../../../common/model';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { startLiveCore, waitForSidebar, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let other: Actor;
let open: { id: number; name: string };
let elsewhere: { id: number; name: string };

beforeAll(async () => {
  server = await startDevServer();
  const member = server.byRole(400);
  ({ t, account } = await startLiveCore(tempDir(), server.baseUrl, member));
  const o = server.users.find((u) => u.role <= 400 && u.userId !== member.userId)!;
  other = await Actor.login(server.baseUrl, o.email, o.password);
  const channels = (await t.ok('sidebar:get', { accountId: account.id })).channels;
  [open, elsewhere] = [channels[0]!, channels[1]!];
  await other.call('POST', '/users/me/subscriptions', {
    subscriptions: [{ name: open.name }, { name: elsewhere.name }],
  });
}, 30_000);
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const addedIds = (): number[] =>
  t.events
    .filter((e) => e.name === 'messages:added')
    .flatMap((e) => (e.payload as Events['messages:added']).messages.map((m) => m.id));

const unreadIn = async (channelId: number): Promise<number> =>
  (await t.ok('sidebar:get', { accountId: account.id })).channels.find((c) => c.id === channelId)?.unreadCount ?? 0;

describe('new messages and the open view', () => {
  it('with no view known, a new message anywhere is sent whole', async () => {
    const id = await other.sendToChannel(elsewhere.id, 'before any view', 'no view open yet (v-0)');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === id));
  });

  it('a message outside the open channel is counted, not sent; one inside it is sent', async () => {
    await t.ok('view:open', { accountId: account.id, narrow: { kind: 'channel', channelId: open.id } });
    const unreadBefore = await unreadIn(elsewhere.id);
    // In this order: by the time the second is published, the first (earlier in the queue) was too.
    const outside = await other.sendToChannel(elsewhere.id, 'elsewhere', 'nobody is looking here (v-1)');
    const inside = await other.sendToChannel(open.id, 'here', 'shown on screen (v-2)');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === inside));
    expect(addedIds()).not.toContain(outside);
    // The sidebar still counts it.
    await waitForSidebar(t, (s) => s.channels.find((c) => c.id === elsewhere.id)?.unreadCount === unreadBefore + 1);
  });

  it('a topic view sends its topic whatever the letter case, and not the channel’s other topics', async () => {
    await t.ok('view:open', { accountId: account.id, narrow: { kind: 'topic', channelId: open.id, topic: 'Lunch' } });
    const otherTopic = await other.sendToChannel(open.id, 'dinner', 'another topic (v-3)');
    const sameTopic = await other.sendToChannel(open.id, 'lunch', 'the open topic (v-4)');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === sameTopic));
    expect(addedIds()).not.toContain(otherTopic);
  });

  it('a direct message is sent when its conversation is open, not when a channel is', async () => {
    await t.ok('view:open', { accountId: account.id, narrow: { kind: 'dm', userIds: [other.userId] } });
    const toOpen = await other.sendDm([account.userId], 'in the open conversation (v-5)');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === toOpen));
    await t.ok('view:open', { accountId: account.id, narrow: { kind: 'channel', channelId: open.id } });
    const dm = await other.sendDm([account.userId], 'while a channel is open (v-6)');
    const inside = await other.sendToChannel(open.id, 'here', 'after the DM (v-7)');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === inside));
    expect(addedIds()).not.toContain(dm);
  });
});
