/**
 * messages:markRead with a DM scope (the Inbox's and Recent's DM row menu): the conversation's
 * unread messages turn read in the cache and on the server, and no other conversation's do.
 * Real core and cache, the dev server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCore } from '../core/harness';
import { sendDm, sendToChannel } from '../sync/http';
import { serverState } from './http';
import { startTwoMembers, type TwoMembers } from './two-members';

let m: TwoMembers;
let t: TestCore;

beforeAll(async () => {
  m = await startTwoMembers();
  t = m.t;
});
afterAll(async () => {
  await m?.stop();
});

describe('marking a DM conversation read', () => {
  it('reads every unread message of that DM, and only those', async () => {
    const dmIds: number[] = [];
    for (const text of ['one', 'two', 'three'])
      dmIds.push(await sendDm(m.server.baseUrl, m.other, [m.meUser.userId], `dm ${text}`));
    const elsewhere = await sendToChannel(m.server.baseUrl, m.other, m.channelId, 'stays unread', 'still unread');
    await t.waitFor('messages:added', (p) => p.messages.some((x) => x.id === elsewhere));

    const { count } = await t.ok('messages:markRead', {
      accountId: m.account.id,
      scope: { kind: 'dm', userIds: [m.otherUser.userId] },
    });
    expect(count).toBeGreaterThanOrEqual(3);

    // The cache: no unread DM left with that person; the channel message is still unread.
    const counts = await t.ok('unreads:get', { accountId: m.account.id });
    expect(counts.dms.filter((d) => d.userIds.join() === String(m.otherUser.userId) && d.count > 0)).toEqual([]);
    expect(counts.channels.find((c) => c.channelId === m.channelId)?.count).toBeGreaterThan(0);
    // The server, once the batched read flags have gone out.
    await expect
      .poll(
        async () => {
          const { unreads } = await serverState(m.server.baseUrl, m.me);
          const dmLeft = unreads.pms.find((p) => p.other_user_id === m.otherUser.userId)?.unread_message_ids ?? [];
          const channelLeft = unreads.streams.flatMap((s) => s.unread_message_ids);
          return { dmLeft, stillUnread: channelLeft.includes(elsewhere) };
        },
        { timeout: 10_000 },
      )
      .toEqual({ dmLeft: [], stillUnread: true });
  });

  it('answers 0 for a DM with nothing unread, without asking the server', async () => {
    const { count } = await t.ok('messages:markRead', {
      accountId: m.account.id,
      scope: { kind: 'dm', userIds: [m.otherUser.userId] },
    });
    expect(count).toBe(0);
  });
});
