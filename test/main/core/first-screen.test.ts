/**
 * A warm start reads the reopened conversation's opening page from the cache while the window
 * loads (main/first-screen.ts), and hands it to the call that asks for exactly that, once, while
 * the cache is as it was read. Real core, real SQLite files, the dev server on loopback.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Narrow } from '../../../common/model';
import { OPENING_WINDOW } from '../../../common/opening';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCore, type TestCore } from './harness';
import { signedInFolder } from './signed-in-folder';

let server: RunningDevServer | undefined;
const cores: TestCore[] = [];
afterEach(async () => {
  for (const t of cores.splice(0)) await t.core.close();
  await server?.stop();
  server = undefined;
});

const GRACE = { syncGraceMs: 60_000 };
const ANSWERED = 'first screen: answered from the read at start';

/** Counts requests for messages (GET /messages) made through the core's fetch. */
function messageRequests() {
  const seen = { count: 0 };
  const counting: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/api/v1/messages') && (init?.method ?? 'GET') === 'GET') seen.count++;
    return fetch(input, init);
  };
  return { seen, fetch: counting };
}

/**
 * A data folder with a signed-in account whose first channel's newest messages are cached; the
 * view left open is that channel, or (`openUncached`) a channel never paged.
 */
async function usedFolder(credentials: MemoryCredentialStore, openUncached = false) {
  server = await startDevServer();
  const { t, dataDir, accountId, channelIds } = await signedInFolder(server, credentials);
  const cached: Narrow = { kind: 'channel', channelId: channelIds[0]! };
  const uncached: Narrow = { kind: 'channel', channelId: channelIds[1]! };
  await t.ok('messages:page', { accountId, narrow: cached, ...OPENING_WINDOW, cacheFirst: true });
  const narrow = openUncached ? uncached : cached;
  await t.ok('view:open', { accountId, narrow });
  await t.core.close();
  return { dataDir, accountId, narrow };
}

const openingArgs = (accountId: string, narrow: Narrow) => ({ accountId, narrow, ...OPENING_WINDOW, cacheFirst: true });

describe('the first screen read at start', () => {
  it('answers the reopened conversation from the read at start, the same page a fresh read gives', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials);
    const requests = messageRequests();
    const t = await startCore(dataDir, credentials, { ...GRACE, fetch: requests.fetch });
    cores.push(t);
    const first = await t.ok('messages:page', openingArgs(accountId, narrow));
    expect(t.logLines.some((l) => l.includes(ANSWERED))).toBe(true);
    expect(first.fromCache).toBe(true);
    expect(first.messages.length).toBeGreaterThan(0);
    // Given once: the same call again is read afresh, and agrees.
    const again = await t.ok('messages:page', openingArgs(accountId, narrow));
    expect(t.logLines.filter((l) => l.includes(ANSWERED))).toHaveLength(1);
    expect(again).toEqual(first);
    expect(requests.seen.count).toBe(0);
  });

  it('does not hand out a read the cache has moved past (messages marked read since)', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials);
    const t = await startCore(dataDir, credentials, GRACE);
    cores.push(t);
    if (narrow.kind !== 'channel') throw new Error('expected a channel');
    const unread = await t.ok('unreads:get', { accountId });
    expect(unread.channels.find((c) => c.channelId === narrow.channelId)?.count).toBeGreaterThan(0);
    await t.ok('messages:markRead', { accountId, scope: { kind: 'channel', channelId: narrow.channelId } });
    const page = await t.ok('messages:page', openingArgs(accountId, narrow));
    expect(t.logLines.some((l) => l.includes('first screen: the cache changed since the read at start'))).toBe(true);
    expect(page.messages.length).toBeGreaterThan(0);
    expect(page.messages.every((m) => m.read)).toBe(true);
  });

  it('asks the server nothing ahead when the cache cannot answer; the call then fetches', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials, true);
    const requests = messageRequests();
    const t = await startCore(dataDir, credentials, { ...GRACE, fetch: requests.fetch });
    cores.push(t);
    await t.ok('app:state', {});
    expect(requests.seen.count).toBe(0);
    const page = await t.ok('messages:page', openingArgs(accountId, narrow));
    expect(t.logLines.some((l) => l.includes('first screen: the cache could not answer at start'))).toBe(true);
    expect(page.fromCache).toBe(false);
    expect(requests.seen.count).toBeGreaterThan(0);
  });

  it('answers any other call as always, and reads nothing ahead without a sync grace', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials);
    const t = await startCore(dataDir, credentials, GRACE);
    cores.push(t);
    const smaller = await t.ok('messages:page', { ...openingArgs(accountId, narrow), after: 20 });
    expect(smaller.messages.length).toBeGreaterThan(0);
    expect(t.logLines.some((l) => l.includes('first screen:'))).toBe(false);
    await t.core.close();
    cores.splice(0);

    const u = await startCore(dataDir, credentials);
    cores.push(u);
    await u.ok('messages:page', openingArgs(accountId, narrow));
    expect(u.logLines.some((l) => l.includes('first screen:'))).toBe(false);
  });

  it('reopening the restored view writes nothing; opening another one is saved', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials);
    const t = await startCore(dataDir, credentials, GRACE);
    cores.push(t);
    const saved = () => {
      const db = new Database(join(dataDir, 'parley.sqlite'), { readonly: true });
      try {
        return db.prepare('SELECT narrow, updated_at AS at FROM last_views WHERE account_id = ?').get(accountId);
      } finally {
        db.close();
      }
    };
    const before = saved();
    await t.ok('view:open', { accountId, narrow });
    expect(saved()).toEqual(before);
    const other: Narrow = { kind: 'dm', userIds: [] };
    await t.ok('view:open', { accountId, narrow: other });
    // Written a moment later, after the page asked for alongside it (accounts/last-view-saver.ts).
    await vi.waitFor(() => expect(saved()).not.toEqual(before), { timeout: 5_000, interval: 20 });
    expect((await t.ok('app:state', {})).lastView).toEqual(other);
  });
});
