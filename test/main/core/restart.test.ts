/**
 * Warm start: after a restart the sidebar and the last view come from the cache, even with
 * the server gone or holding every request unanswered; and a restart after the event queue expired loses no message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Narrow } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { faults } from '../../helpers/devserverFaults';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, sendToChannel } from '../sync/http';
import { startCore, type TestCore } from './harness';

let server: RunningDevServer | undefined;
const cores: TestCore[] = [];
afterEach(async () => {
  for (const t of cores.splice(0)) await t.core.close();
  await server?.stop();
  server = undefined;
});

async function signedIn(dataDir: string, credentials: MemoryCredentialStore) {
  const t = await startCore(dataDir, credentials);
  cores.push(t);
  const member = server!.byRole(400);
  const account = await t.ok('account:signIn', {
    url: server!.baseUrl,
    email: member.email,
    password: member.password,
  });
  await t.waitFor('account:status', (p) => p.status.state === 'live');
  const sidebar = await t.ok('sidebar:get', { accountId: account.id });
  return { t, account, sidebar, member };
}

describe('restart', () => {
  it('answers sidebar:get and the last view from the cache with the server stopped', async () => {
    server = await startDevServer();
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const { t, account, sidebar } = await signedIn(dataDir, credentials);
    const channel = sidebar.channels[0]!;
    const narrow: Narrow = { kind: 'channel', channelId: channel.id };
    await t.ok('view:open', { accountId: account.id, narrow });
    const first = await t.ok('messages:page', {
      accountId: account.id,
      narrow,
      anchor: 'newest',
      before: 20,
      after: 0,
    });
    expect(first.fromCache).toBe(false);
    expect(first.messages.length).toBeGreaterThan(0);
    expect(first.messages.every((m) => m.channelId === channel.id)).toBe(true);
    const second = await t.ok('messages:page', {
      accountId: account.id,
      narrow,
      anchor: 'newest',
      before: 20,
      after: 0,
    });
    expect(second.fromCache).toBe(true);
    expect(second.messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));

    await t.core.close();
    await server.stop();

    const t2 = await startCore(dataDir, credentials);
    cores.push(t2);
    const warm = await t2.waitFor('sidebar:changed', (p) => p.sidebar.accountId === account.id);
    expect(warm.sidebar.channels.map((c) => c.id)).toEqual(sidebar.channels.map((c) => c.id));
    const state = await t2.ok('app:state', {});
    expect(state.activeAccountId).toBe(account.id);
    expect(state.lastView).toEqual(narrow);
    const cachedSidebar = await t2.ok('sidebar:get', { accountId: account.id });
    expect(cachedSidebar.users.length).toBe(sidebar.users.length);
    const page = await t2.ok('messages:page', {
      accountId: account.id,
      narrow: state.lastView!,
      anchor: 'newest',
      before: 20,
      after: 0,
    });
    expect(page.fromCache).toBe(true);
    expect(page.messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));
    expect(page.messages[0]?.contentHtml).toBe(first.messages[0]?.contentHtml);
    // The server is gone: the account says so instead of failing.
    const offline = await t2.waitFor('account:status', (p) => p.status.state === 'offline');
    expect(offline.status.state === 'offline' && offline.status.retryInMs).toBeGreaterThan(0);

    // Writing offline still works: the message is kept and shown at the end of its view.
    const { localId } = await t2.ok('compose:send', {
      accountId: account.id,
      to: { kind: 'channel', channelId: channel.id, topic: 'offline' },
      content: 'later',
    });
    const withEcho = await t2.ok('messages:page', {
      accountId: account.id,
      narrow,
      anchor: 'newest',
      before: 20,
      after: 0,
    });
    expect(withEcho.messages.at(-1)).toMatchObject({ localId, topic: 'offline', channelId: channel.id });
    expect(withEcho.messages.at(-1)!.id).toBeLessThan(0);
  });

  it('shows the sidebar and the last view from the cache while the server answers nothing at all', async () => {
    server = await startDevServer({ faults: true });
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const { t, account, sidebar } = await signedIn(dataDir, credentials);
    const narrow: Narrow = { kind: 'channel', channelId: sidebar.channels[0]!.id };
    await t.ok('view:open', { accountId: account.id, narrow });
    const page = { accountId: account.id, narrow, anchor: 'newest' as const, before: 20, after: 0 };
    const first = await t.ok('messages:page', page);
    await t.core.close();

    // Every request from now on hangs: a warm start must not wait on any of them.
    await faults(server).hangNext(10_000);
    const t2 = await startCore(dataDir, credentials);
    cores.push(t2);
    // The restarted core's first request is held by the server before the screens ask.
    await vi.waitFor(async () => expect((await faults(server!).list())[0]?.fired).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    const warm = await t2.ok('sidebar:get', { accountId: account.id });
    expect(warm.channels.map((c) => c.id)).toEqual(sidebar.channels.map((c) => c.id));
    const state = await t2.ok('app:state', {});
    expect(state.lastView).toEqual(narrow);
    const again = await t2.ok('messages:page', page);
    expect(again.fromCache).toBe(true);
    expect(again.messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));
    await faults(server).clear();
  });

  it('after the event queue expired while closed, the open view gets the missed message', async () => {
    server = await startDevServer({ args: ['--queue-gc-seconds', '1'] });
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const { t, account, sidebar, member } = await signedIn(dataDir, credentials);
    const channel = sidebar.channels[0]!;
    const narrow: Narrow = { kind: 'channel', channelId: channel.id };
    await t.ok('view:open', { accountId: account.id, narrow });
    await t.ok('messages:page', { accountId: account.id, narrow, anchor: 'newest', before: 20, after: 0 });
    await t.core.close();

    const otherUser = server.users.find((u) => u.userId !== member.userId && u.role <= 400)!;
    const other = await apiKeyOf(server.baseUrl, otherUser.email, otherUser.password);
    const missed = await sendToChannel(server.baseUrl, other, channel.id, 'while away', 'did you see this?');
    await new Promise((r) => setTimeout(r, 2500));

    const t2 = await startCore(dataDir, credentials);
    cores.push(t2);
    const added = await t2.waitFor('messages:added', (p) => p.messages.some((m) => m.id === missed), 15_000);
    expect(added.messages.find((m) => m.id === missed)).toMatchObject({
      channelId: channel.id,
      topic: 'while away',
      read: false,
    });
    const page = await t2.ok('messages:page', { accountId: account.id, narrow, anchor: 'newest', before: 5, after: 0 });
    expect(page.messages.map((m) => m.id)).toContain(missed);
    expect(t2.logLines.some((l) => l.includes('BAD_EVENT_QUEUE_ID') || l.includes('reregister'))).toBe(true);
  });
});
