/**
 * Several accounts live at once in one core: two organizations (two dev servers) and two users
 * of one of them. Each has its own cache file and its own event queue, receives its own events
 * only, and signing one out leaves the others running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, MessageView } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { accountDbPath } from '../../../main/store/account-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { FaultControl } from '../../helpers/devserverFaults';
import { Actor } from '../consistency/actor';
import { startCore, waitForSidebar, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { existsSync } from 'node:fs';

let orgA: RunningDevServer;
let orgB: RunningDevServer;
let dataDir: string;
let credentials: MemoryCredentialStore;
let t: TestCore;
let aMember: AccountSummary;
let aAdmin: AccountSummary;
let bMember: AccountSummary;

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([startDevServer({ faults: true }), startDevServer({ faults: true })]);
  dataDir = tempDir();
  credentials = new MemoryCredentialStore();
  t = await startCore(dataDir, credentials);
  const m = orgA.byRole(400);
  aMember = await t.ok('account:signIn', { url: orgA.baseUrl, email: m.email, password: m.password });
  const admin = await Actor.login(orgA.baseUrl, orgA.byRole(200).email, orgA.byRole(200).password);
  aAdmin = await t.ok('account:signInWithKey', { url: orgA.baseUrl, email: admin.email, apiKey: admin.apiKey });
  const b = orgB.byRole(400);
  bMember = await t.ok('account:signIn', { url: orgB.baseUrl, email: b.email, password: b.password });
  for (const a of [aMember, aAdmin, bMember]) {
    await t.waitFor('account:status', (p) => p.accountId === a.id && p.status.state === 'live');
  }
}, 60_000);
afterAll(async () => {
  await t?.core.close();
  await Promise.all([orgA?.stop(), orgB?.stop()]);
});

const hasMessage = (accountId: string, id: number) => (p: { accountId: string; messages: MessageView[] }) =>
  p.accountId === accountId && p.messages.some((m) => m.id === id);

function sawMessage(accountId: string, id: number): boolean {
  return t.events.some((e) => e.name === 'messages:added' && hasMessage(accountId, id)(e.payload as never));
}

/** A channel both accounts of organization A are subscribed to. */
async function sharedChannelOfA(): Promise<number> {
  const mine = new Set((await t.ok('sidebar:get', { accountId: aMember.id })).channels.map((c) => c.id));
  return (await t.ok('sidebar:get', { accountId: aAdmin.id })).channels.find((c) => mine.has(c.id))!.id;
}

describe('several accounts in one process', () => {
  it('each has its own cache file and its own event queue on its server', async () => {
    const ids = [aMember.id, aAdmin.id, bMember.id];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(existsSync(accountDbPath(dataDir, id))).toBe(true);
    const queuesA = await new FaultControl(orgA.baseUrl).queues();
    expect(queuesA.filter((q) => q.user_id === aMember.userId)).toHaveLength(1);
    expect(queuesA.filter((q) => q.user_id === aAdmin.userId)).toHaveLength(1);
    const queuesB = await new FaultControl(orgB.baseUrl).queues();
    expect(queuesB.filter((q) => q.user_id === bMember.userId)).toHaveLength(1);
    const state = await t.ok('app:state', {});
    expect(state.accounts.map((a) => a.id).sort()).toEqual([...ids].sort());
  });

  it('every account receives its own events, live, at the same time', async () => {
    const channelId = await sharedChannelOfA();
    const someoneOnA = orgA.users.find(
      (u) => u.role <= 400 && u.userId !== aMember.userId && u.userId !== aAdmin.userId,
    )!;
    const a = await Actor.login(orgA.baseUrl, someoneOnA.email, someoneOnA.password);
    const someoneOnB = orgB.users.find((u) => u.role <= 400 && u.userId !== bMember.userId)!;
    const b = await Actor.login(orgB.baseUrl, someoneOnB.email, someoneOnB.password);

    const [onA, dmOnB] = await Promise.all([
      a.sendToChannel(channelId, 'to everyone on A', 'hello A'),
      b.sendDm([bMember.userId], 'hello B member'),
    ]);
    await t.waitFor('messages:added', hasMessage(aMember.id, onA));
    await t.waitFor('messages:added', hasMessage(aAdmin.id, onA));
    await t.waitFor('messages:added', hasMessage(bMember.id, dmOnB));
    // Message IDs are per server: equal numbers on A and B are different messages, and no
    // account is told about the other organization's message.
    if (onA !== dmOnB) {
      expect(sawMessage(bMember.id, onA)).toBe(false);
      expect(sawMessage(aMember.id, dmOnB)).toBe(false);
    }
    const bSidebar = await t.ok('sidebar:get', { accountId: bMember.id });
    expect(bSidebar.dms.some((d) => d.userIds.includes(someoneOnB.userId) && d.unreadCount > 0)).toBe(true);
  });

  it('account:switch makes another account active, with its own last view', async () => {
    const bChannel = (await t.ok('sidebar:get', { accountId: bMember.id })).channels[0]!.id;
    await t.ok('view:open', { accountId: bMember.id, narrow: { kind: 'channel', channelId: bChannel } });
    const toA = await t.ok('account:switch', { accountId: aMember.id });
    expect(toA.activeAccountId).toBe(aMember.id);
    const toB = await t.ok('account:switch', { accountId: bMember.id });
    expect(toB).toMatchObject({ activeAccountId: bMember.id, lastView: { kind: 'channel', channelId: bChannel } });
    expect((await t.ok('app:state', {})).activeAccountId).toBe(bMember.id);
    const unknown = await t.call('account:switch', { accountId: 'nobody' });
    expect(unknown.ok ? null : unknown.error.code).toBe('UNKNOWN_ACCOUNT');
  });

  it('signing one account out leaves the others running', async () => {
    await t.ok('account:signOut', { accountId: aMember.id });
    // Its event queue is gone from the server; the other user's on the same server is not.
    const queuesA = await new FaultControl(orgA.baseUrl).queues();
    expect(queuesA.filter((q) => q.user_id === aMember.userId)).toEqual([]);
    expect(queuesA.filter((q) => q.user_id === aAdmin.userId)).toHaveLength(1);
    expect((await t.ok('app:state', {})).accounts.map((a) => a.id).sort()).toEqual([aAdmin.id, bMember.id].sort());
    expect(await credentials.get({ realmUrl: orgA.baseUrl, email: aMember.email })).toBeNull();

    const channelId = (await t.ok('sidebar:get', { accountId: aAdmin.id })).channels[0]!.id;
    const someoneOnA = orgA.users.find(
      (u) => u.role <= 400 && u.userId !== aMember.userId && u.userId !== aAdmin.userId,
    )!;
    const a = await Actor.login(orgA.baseUrl, someoneOnA.email, someoneOnA.password);
    const later = await a.sendToChannel(channelId, 'after the sign-out', 'still here?');
    await t.waitFor('messages:added', hasMessage(aAdmin.id, later));
    const { localId } = await t.ok('compose:send', {
      accountId: bMember.id,
      to: { kind: 'dm', userIds: [] },
      content: 'note to self on B',
    });
    await t.waitFor(
      'messages:updated',
      (p) => p.accountId === bMember.id && p.messages.some((m) => m.localId === localId && m.id > 0),
    );
    const gone = await t.call('sidebar:get', { accountId: aMember.id });
    expect(gone.ok ? null : gone.error.code).toBe('UNKNOWN_ACCOUNT');
  });

  it('after a restart the remaining accounts come back and receive their events again', async () => {
    await t.core.close();
    t = await startCore(dataDir, credentials);
    expect((await t.ok('app:state', {})).accounts.map((a) => a.id).sort()).toEqual([aAdmin.id, bMember.id].sort());
    const a = await Actor.login(orgA.baseUrl, orgA.byRole(400).email, orgA.byRole(400).password);
    const b = await Actor.login(orgB.baseUrl, orgB.byRole(200).email, orgB.byRole(200).password);
    const [toAdmin, toB] = await Promise.all([
      a.sendDm([aAdmin.userId], 'welcome back A'),
      b.sendDm([bMember.userId], 'welcome back B'),
    ]);
    await t.waitFor('messages:added', hasMessage(aAdmin.id, toAdmin), 20_000);
    // B's restored last view is a channel (account:switch above): a DM reaches it as counts, not
    // as a message view (main/accounts/open-view.ts).
    await waitForSidebar(
      t,
      (s) => s.accountId === bMember.id && s.dms.some((d) => d.maxMessageId === toB && d.unreadCount > 0),
      20_000,
    );
    expect(sawMessage(bMember.id, toB)).toBe(false);
    for (const acc of [aAdmin, bMember]) {
      await t.waitFor('account:status', (p) => p.accountId === acc.id && p.status.state === 'live');
    }
  }, 30_000);
});
