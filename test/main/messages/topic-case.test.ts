/**
 * A topic written in two spellings ("Lunch", then "lunch") through the dev server, which matches
 * topics without regard to case as Zulip does: the core shows one topic with both messages, and
 * marking it read marks both read on the server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, sendToChannel, subscriptionsOf } from '../sync/http';
import { serverState, type Creds } from './http';

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let me: Creds;
let other: Creds;
let channelId: number;

beforeAll(async () => {
  server = await startDevServer();
  const meUser = server.byRole(400);
  const otherUser = server.users.find((u) => u.role === 400 && u.userId !== meUser.userId)!;
  me = await apiKeyOf(server.baseUrl, meUser.email, meUser.password);
  other = await apiKeyOf(server.baseUrl, otherUser.email, otherUser.password);
  const theirs = new Set((await subscriptionsOf(server.baseUrl, other)).map((s) => s.stream_id));
  channelId = (await subscriptionsOf(server.baseUrl, me)).find((s) => theirs.has(s.stream_id))!.stream_id;
  t = await startCore(tempDir(), new MemoryCredentialStore());
  account = await t.ok('account:signIn', { url: server.baseUrl, email: meUser.email, password: meUser.password });
  await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'live');
});
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

it('shows "Lunch" and "lunch" as one topic, pages both, and marks both read', async () => {
  const first = await sendToChannel(server.baseUrl, other, channelId, 'Case Lunch', 'first spelling');
  const second = await sendToChannel(server.baseUrl, other, channelId, 'case lunch', 'second spelling');
  const { sidebar } = await t.waitFor('sidebar:changed', (p) =>
    p.sidebar.channels.some((c) => c.id === channelId && c.topics.some((x) => x.maxMessageId === second)),
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
