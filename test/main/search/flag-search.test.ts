/**
 * is:mentioned, is:alerted and is:unread through the core against the dev server: the message
 * views carry the mention and alert-word flags, the server's narrow answers online and the cache
 * (through its flag indexes) answers alone when the server fails.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, MessageView } from '../../../common/model';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../../helpers/devserver';
import { faults, type FaultControl } from '../../helpers/devserverFaults';
import { startLiveCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, sendToChannel, subscriptionsOf, type Creds } from '../sync/http';

let server: RunningDevServer;
let fault: FaultControl;
let t: TestCore;
let account: AccountSummary;
let meUser: DevServerUser;
let other: Creds;
let channelId: number;
const sent: Record<'mention' | 'alert' | 'plain', number> = { mention: 0, alert: 0, plain: 0 };
const views = new Map<number, MessageView>();

beforeAll(async () => {
  server = await startDevServer({ faults: true });
  fault = faults(server);
  meUser = server.byRole(400);
  const otherUser = server.users.find((u) => u.role === 400 && u.userId !== meUser.userId)!;
  const me = await apiKeyOf(server.baseUrl, meUser.email, meUser.password);
  other = await apiKeyOf(server.baseUrl, otherUser.email, otherUser.password);
  const theirs = new Set((await subscriptionsOf(server.baseUrl, other)).map((s) => s.stream_id));
  channelId = (await subscriptionsOf(server.baseUrl, me)).find((s) => theirs.has(s.stream_id))!.stream_id;
  ({ t, account } = await startLiveCore(tempDir(), server.baseUrl, meUser));
  await t.ok('alertWords:add', { accountId: account.id, words: ['Quokkafest'] });

  const send = (content: string) => sendToChannel(server.baseUrl, other, channelId, 'flags', content);
  sent.mention = await send(`@**${meUser.fullName}** the quokkaboard is ready`);
  sent.alert = await send('quokkaboard: see you at quokkafest.');
  sent.plain = await send('the quokkaboard, unflagged');
  for (const id of Object.values(sent)) {
    const added = await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === id));
    views.set(
      id,
      added.messages.find((m) => m.id === id)!,
    );
  }
});
afterEach(() => fault?.clear());
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const ids = async (query: string) =>
  (await t.ok('search:query', { accountId: account.id, query, limit: 50 })).messages.map((m) => m.id);

describe('flags in message views', () => {
  it('marks a message that mentions the user and one that holds an alert word, and neither on the rest', () => {
    expect(views.get(sent.mention)).toMatchObject({ mentioned: true, alerted: false });
    expect(views.get(sent.alert)).toMatchObject({ mentioned: false, alerted: true });
    expect(views.get(sent.plain)).toMatchObject({ mentioned: false, alerted: false });
  });
});

describe('search by flag', () => {
  it('asks the server with the is: operands and merges what it finds', async () => {
    const online = await t.ok('search:query', { accountId: account.id, query: 'quokkaboard is:mentioned' });
    expect(online.serverConsulted).toBe(true);
    expect(online.messages.map((m) => m.id)).toEqual([sent.mention]);
    expect(online.messages[0]).toMatchObject({ mentioned: true });
    expect(await ids('quokkaboard is:alerted')).toEqual([sent.alert]);
    expect(await ids('quokkaboard is:unread')).toEqual([sent.plain, sent.alert, sent.mention]);
  });

  it('answers from the cache alone when the server fails, and says so', async () => {
    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages', method: 'GET' });
    const offline = await t.ok('search:query', { accountId: account.id, query: 'is:alerted' });
    expect(offline.serverConsulted).toBe(false);
    expect(offline.serverError).toBeTruthy();
    expect(offline.messages.map((m) => m.id)).toContain(sent.alert);
    expect(offline.messages.every((m) => m.alerted)).toBe(true);

    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages', method: 'GET' });
    const mentions = await t.ok('search:query', { accountId: account.id, query: 'is:mentioned' });
    expect(mentions.serverConsulted).toBe(false);
    expect(mentions.messages.map((m) => m.id)).toContain(sent.mention);
    expect(mentions.messages.map((m) => m.id)).not.toContain(sent.plain);
  });

  it('drops a message from is:unread once it is read, in the cache and on the server', async () => {
    await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'messages', ids: [sent.alert] } });
    expect(await ids('quokkaboard is:unread')).toEqual([sent.plain, sent.mention]);
    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages', method: 'GET' });
    expect(await ids('quokkaboard is:unread')).toEqual([sent.plain, sent.mention]);
  });
});
