/**
 * A warm start's first screen is answered before syncing begins (CoreOptions.syncGraceMs): the
 * sync's first work shares the core's thread, so the app lets it wait for the conversation it
 * reopens (or the sidebar, when none was open), at most the grace; by default it starts at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Narrow } from '../../../common/model';
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

/** Every request of a sync loop (a new event queue, or a poll of the one kept from last time). */
function syncCounter() {
  const seen = { requests: 0 };
  const counting: typeof fetch = (input, init) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (path.endsWith('/api/v1/register') || path.endsWith('/api/v1/events')) seen.requests++;
    return fetch(input, init);
  };
  return { seen, fetch: counting };
}

/** Waits until the sync loop has asked the server (a resumed queue is live only after its first answer). */
async function syncStarted(t: TestCore, seen: { requests: number }): Promise<void> {
  await t.waitFor('account:status', (p) => p.status.state === 'connecting');
  await expect.poll(() => seen.requests, { timeout: 10_000 }).toBeGreaterThan(0);
}

/** A data folder with a signed-in account, its cache filled, and (optionally) a conversation left open. */
async function usedFolder(credentials: MemoryCredentialStore, leaveOpen: boolean) {
  server = await startDevServer();
  const { t, dataDir, accountId, channelIds } = await signedInFolder(server, credentials);
  const narrow: Narrow = { kind: 'channel', channelId: channelIds[0]! };
  await t.ok('messages:page', { accountId, narrow, anchor: 'newest', before: 20, after: 0 });
  if (leaveOpen) await t.ok('view:open', { accountId, narrow });
  await t.core.close();
  return { dataDir, accountId, narrow };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sync start on a warm start', () => {
  it('waits for the reopened conversation to be answered, not for the sidebar', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials, true);
    const counter = syncCounter();
    const t = await startCore(dataDir, credentials, { fetch: counter.fetch, syncGraceMs: 60_000 });
    cores.push(t);
    await t.ok('app:state', {});
    await t.ok('sidebar:get', { accountId });
    await pause(300);
    expect(counter.seen.requests).toBe(0);
    expect(t.events.some((e) => e.name === 'account:status')).toBe(false);
    const page = await t.ok('messages:page', { accountId, narrow, anchor: 'newest', before: 20, after: 0 });
    expect(page.fromCache).toBe(true);
    await syncStarted(t, counter.seen);
  });

  it("waits for the rest of the page's first calls, which reach the core just after the conversation's", async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials, true);
    const counter = syncCounter();
    // A long quiet: a pause of this machine between two of the calls below must not count as one.
    const t = await startCore(dataDir, credentials, {
      fetch: counter.fetch,
      syncGraceMs: 60_000,
      firstScreenQuietMs: 3000,
      firstScreenCapMs: 60_000,
    });
    cores.push(t);
    await t.ok('app:state', {});
    // As the core's thread receives them on a warm start: the reopened conversation answered
    // first, the compose box's draft and the rest each on a later turn.
    const syncSeen = () => counter.seen.requests + t.events.filter((e) => e.name === 'account:status').length;
    const seenAtAnswer: Record<string, number> = {};
    await t.ok('messages:page', { accountId, narrow, anchor: 'newest', before: 20, after: 0 });
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const rest = [
      ['drafts:forNarrow', () => t.ok('drafts:forNarrow', { accountId, narrow })],
      ['sidebar:get', () => t.ok('sidebar:get', { accountId })],
      ['settings:get', () => t.ok('settings:get', { accountId })],
    ] as const;
    for (const [name, call] of rest) {
      await nextTurn();
      await nextTurn();
      await call();
      seenAtAnswer[name] = syncSeen();
    }
    expect(seenAtAnswer).toEqual({ 'drafts:forNarrow': 0, 'sidebar:get': 0, 'settings:get': 0 });
    await syncStarted(t, counter.seen);
  });

  it('once the reopened conversation is asked for, waits for its calls past the grace', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId, narrow } = await usedFolder(credentials, true);
    const counter = syncCounter();
    // On a loaded machine the window's first calls can come when the grace is nearly over.
    const t = await startCore(dataDir, credentials, {
      fetch: counter.fetch,
      syncGraceMs: 2000,
      firstScreenQuietMs: 60_000,
      firstScreenCapMs: 60_000,
    });
    cores.push(t);
    const page = t.ok('messages:page', { accountId, narrow, anchor: 'newest', before: 20, after: 0 });
    // A call of the first screen still being answered when the grace ends.
    const sidebar = t.ok('sidebar:get', { accountId });
    await Promise.all([page, sidebar]);
    // Past the grace, which counts from the core's start.
    await pause(2300);
    expect(counter.seen.requests).toBe(0);
    expect(t.events.some((e) => e.name === 'account:status')).toBe(false);
  });

  it('with no conversation left open, waits for the sidebar (the Inbox is drawn from it)', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir, accountId } = await usedFolder(credentials, false);
    const counter = syncCounter();
    const t = await startCore(dataDir, credentials, { fetch: counter.fetch, syncGraceMs: 60_000 });
    cores.push(t);
    await t.ok('app:state', {});
    await pause(300);
    expect(counter.seen.requests).toBe(0);
    await t.ok('sidebar:get', { accountId });
    await syncStarted(t, counter.seen);
  });

  it('starts once the grace is over when no screen asks, and at once by default', async () => {
    const credentials = new MemoryCredentialStore();
    const { dataDir } = await usedFolder(credentials, true);
    const graced = syncCounter();
    const startedAt = Date.now();
    const t = await startCore(dataDir, credentials, { fetch: graced.fetch, syncGraceMs: 700 });
    cores.push(t);
    await pause(300);
    expect(graced.seen.requests).toBe(0);
    await syncStarted(t, graced.seen);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(650);
    await t.core.close();
    cores.splice(0);

    const immediate = syncCounter();
    const u = await startCore(dataDir, credentials, { fetch: immediate.fetch });
    cores.push(u);
    await syncStarted(u, immediate.seen);
  });
});
