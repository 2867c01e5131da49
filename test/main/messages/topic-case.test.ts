/**
 * A topic written in two spellings ("Lunch", then "lunch") through the dev server, which matches
 * topics without regard to case as Zulip does: the core shows one topic with both messages, and
 * marking it read marks both read on the server.
 */
import { waitForSidebar } from '../core/harness';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendToChannel } from '../sync/http';
import { serverState } from './http';
import { startTwoMembers, type TwoMembers } from './two-members';

let w: TwoMembers;

beforeAll(async () => {
  w = await startTwoMembers();
});
afterAll(async () => {
  await w?.stop();
});

it('shows "Lunch" and "lunch" as one topic, pages both, and marks both read', async () => {
  const { server, t, account, me, other, channelId } = w;
  const first = await sendToChannel(server.baseUrl, other, channelId, 'Case Lunch', 'first spelling');
  const second = await sendToChannel(server.baseUrl, other, channelId, 'case lunch', 'second spelling');
  const sidebar = await waitForSidebar(t, (s) =>
    s.channels.some((c) => c.id === channelId && c.topics.some((x) => x.maxMessageId === second)),
  );
  const topics = sidebar.channels.find((c) => c.id === channelId)!.topics.filter((x) => /^case lunch$/i.test(x.name));
  expect(topics).toEqual([{ name: 'case lunch', maxMessageId: second, unreadCount: 2 }]);

  const page = await t.ok('messages:page', {
    accountId: account.id,
    narrow: { kind: 'topic', channelId, topic: 'CASE LUNCH' },
    anchor: 'newest',
    before: 50,
    after: 0,
  });
  expect(page.messages.map((m) => m.id)).toEqual([first, second]);

  const { count } = await t.ok('messages:markRead', {
    accountId: account.id,
    scope: { kind: 'topic', channelId, topic: 'Case Lunch' },
  });
  expect(count).toBe(2);
  const { unreads } = await serverState(server.baseUrl, me);
  const stillUnread = unreads.streams.flatMap((s) => s.unread_message_ids);
  expect(stillUnread).not.toContain(first);
  expect(stillUnread).not.toContain(second);
});
