/** compose:send end to end: outbox row, local echo, server confirmation, and a refusal kept with its error. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, MessageView } from '../../../common/model';
import { AccountStore, accountDbPath } from '../../../main/store/account-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { startLiveCore, type TestCore } from './harness';

let server: RunningDevServer;
let dataDir: string;
let t: TestCore;
let account: AccountSummary;
let channelId: number;

beforeAll(async () => {
  server = await startDevServer();
  dataDir = tempDir();
  const member = server.byRole(400);
  ({ t, account } = await startLiveCore(dataDir, server.baseUrl, member));
  channelId = (await t.ok('sidebar:get', { accountId: account.id })).channels[0]!.id;
});
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const withLocalId = (localId: string) => (p: { messages: MessageView[] }) =>
  p.messages.some((m) => m.localId === localId);

describe('compose:send', () => {
  it('echoes at once, then the server message replaces the echo (messages:updated carrying the localId)', async () => {
    const { localId } = await t.ok('compose:send', {
      accountId: account.id,
      to: { kind: 'channel', channelId, topic: 'compose test' },
      content: 'hello **world**',
    });
    const echo = (await t.waitFor('messages:added', withLocalId(localId))).messages[0]!;
    expect(echo.id).toBeLessThan(0);
    expect(echo).toMatchObject({ localId, channelId, topic: 'compose test', senderId: account.userId });
    expect(echo.contentHtml).toContain('hello **world**');

    const confirmed = (await t.waitFor('messages:updated', withLocalId(localId))).messages.find(
      (m) => m.localId === localId,
    )!;
    expect(confirmed.id).toBeGreaterThan(0);
    expect(confirmed.contentHtml).toContain('<strong>world</strong>');
    expect(confirmed.sendError).toBeUndefined();
    // It was not also announced as a new message.
    expect(
      t.events.some(
        (e) =>
          e.name === 'messages:added' &&
          (e.payload as { messages: MessageView[] }).messages.some((m) => m.id === confirmed.id),
      ),
    ).toBe(false);

    const page = await t.ok('messages:page', {
      accountId: account.id,
      narrow: { kind: 'topic', channelId, topic: 'compose test' },
      anchor: 'newest',
      before: 10,
      after: 0,
    });
    expect(page.messages.map((m) => m.id)).toContain(confirmed.id);
    expect(page.messages.some((m) => m.localId !== undefined)).toBe(false);
  });

  it('sends a direct message and confirms it the same way', async () => {
    const other = server.users.find((u) => u.userId !== account.userId)!;
    const { localId } = await t.ok('compose:send', {
      accountId: account.id,
      to: { kind: 'dm', userIds: [other.userId] },
      content: 'psst',
    });
    const confirmed = (await t.waitFor('messages:updated', withLocalId(localId))).messages.find(
      (m) => m.localId === localId,
    )!;
    expect(confirmed.dmUserIds).toEqual([account.userId, other.userId].sort((a, b) => a - b));
  });

  it('keeps a refused message in the outbox with the server error, and tells the renderer', async () => {
    const { localId } = await t.ok('compose:send', {
      accountId: account.id,
      to: { kind: 'channel', channelId: 987654, topic: 'nowhere' },
      content: 'into the void',
    });
    await t.waitFor('messages:added', withLocalId(localId));
    const failed = (
      await t.waitFor('messages:updated', (p) =>
        p.messages.some((m) => m.localId === localId && m.sendError !== undefined),
      )
    ).messages[0]!;
    expect(failed.id).toBeLessThan(0);
    expect(failed.sendError).toMatch(/\S/);

    const store = AccountStore.open(accountDbPath(dataDir, account.id));
    try {
      expect(store.outbox.get(localId)).toMatchObject({
        state: 'failed',
        content: 'into the void',
        sendError: failed.sendError,
      });
    } finally {
      store.close();
    }
  });

  it('refuses an empty message with a clear error and stores nothing', async () => {
    const r = await t.call('compose:send', {
      accountId: account.id,
      to: { kind: 'channel', channelId, topic: 't' },
      content: '   ',
    });
    expect(r.ok ? null : r.error).toEqual({ code: 'INVALID_ARGUMENT', message: 'The message is empty.' });
  });
});
