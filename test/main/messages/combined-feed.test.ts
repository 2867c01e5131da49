/**
 * The Combined feed (`{ kind: 'all' }`, issue 26 item 3) paged through the real core against the
 * dev server: channel messages and DMs together in one view, asked with `narrow: []`, stored as
 * a range of the cache so the next page of it is answered from the cache; a message that arrives
 * later joins the open range, and the view opens at the oldest unread message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, MessagePage } from '../../../common/model';
import type { RunningDevServer } from '../../helpers/devserver';
import type { TestCore } from '../core/harness';
import { sendDm, sendToChannel } from '../sync/http';
import { startTwoMembers } from './two-members';
import { serverMessages, type Creds } from './http';

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let me: Creds;
let other: Creds;
let meId: number;
let channelId: number;

beforeAll(async () => {
  let meUser;
  ({ server, t, account, me, other, channelId, meUser } = await startTwoMembers());
  meId = meUser.userId;
});
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const page = (anchor: number | 'newest' | 'first_unread', before: number, after: number): Promise<MessagePage> =>
  t.ok('messages:page', { accountId: account.id, narrow: { kind: 'all' }, anchor, before, after });

describe('the Combined feed', () => {
  it('pages channel messages and DMs together, as the server’s narrow [] has them, then from the cache', async () => {
    const inChannel = await sendToChannel(server.baseUrl, other, channelId, 'combined', 'in a channel');
    const dm = await sendDm(server.baseUrl, other, [meId], 'a direct message');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === dm));

    const first = await page('newest', 30, 0);
    expect(first.narrow).toEqual({ kind: 'all' });
    const ids = first.messages.map((m) => m.id);
    expect(ids).toContain(inChannel);
    expect(ids).toContain(dm);
    const server30 = (await serverMessages(server.baseUrl, me, [])).map((m) => m.id).slice(-30);
    expect(ids).toEqual(server30);

    const again = await page('newest', 30, 0);
    expect(again.fromCache).toBe(true);
    expect(again.messages.map((m) => m.id)).toEqual(ids);
  });

  it('a message that arrives later is in the next page from the cache; the feed opens at the first unread', async () => {
    const later = await sendToChannel(server.baseUrl, other, channelId, 'combined', 'arrives later');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === later));
    const next = await page('newest', 5, 0);
    expect(next.fromCache).toBe(true);
    expect(next.messages.at(-1)?.id).toBe(later);

    await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'all' } });
    const unread = await sendToChannel(server.baseUrl, other, channelId, 'combined', 'the first unread');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === unread));
    const opened = await page('first_unread', 5, 5);
    expect(opened.messages.find((m) => !m.read)?.id).toBe(unread);
  });
});
