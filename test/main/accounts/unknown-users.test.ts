/**
 * People a message names whom the cache lacks (user_list_incomplete). A real core signed in as the
 * demo's guest (Gabriel) on the dev server, with can_access_all_users_group at role:members, so
 * register leaves out Lars (he shares no channel with Gabriel) and Dana (deactivated, ditto). Every
 * request the core makes is counted, to prove each unknown person is asked about once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { Actor } from '../consistency/actor';
import { startLiveCore, type TestCore } from '../core/harness';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let owner: Actor;
let lars: Actor;
let partners: number;
let larsId: number;
let danaId: number;
const asked: string[] = [];

async function accessForGuests(group: 'role:members' | 'role:everyone'): Promise<void> {
  const groups = (await owner.call('GET', '/user_groups'))['user_groups'] as Array<Record<string, unknown>>;
  const id = groups.find((g) => g['name'] === group)!['id'];
  await owner.call('PATCH', '/realm', { can_access_all_users_group: { new: id } });
}

/** GET /users/{id} requests the core made for this user. */
const lookUps = (userId: number) => asked.filter((path) => path.endsWith(`/api/v1/users/${userId}`)).length;
const settles = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000 });
const userKnown = async (userId: number) => (await t.call('users:get', { accountId: account.id, userId })).ok;

beforeAll(async () => {
  server = await startDevServer();
  const person = (name: string) => server.users.find((u) => u.fullName === name)!;
  owner = await Actor.login(server.baseUrl, server.byRole(100).email, server.byRole(100).password);
  lars = await Actor.login(server.baseUrl, person('Lars Nilsson').email, 'parley');
  larsId = lars.userId;
  danaId = ((await owner.call('GET', '/users'))['members'] as Array<Record<string, unknown>>).find(
    (u) => u['full_name'] === 'Dana Former',
  )!['user_id'] as number;
  partners = Number((await owner.call('GET', '/get_stream_id', { stream: 'partners' }))['stream_id']);
  await accessForGuests('role:members');
  const counting: typeof fetch = (input, init) => {
    asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return fetch(input, init);
  };
  const guest = server.byRole(600);
  ({ t, account } = await startLiveCore(tempDir(), server.baseUrl, guest, new MemoryCredentialStore(), {
    fetch: counting,
  }));
}, 30_000);
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

describe('people a message names whom the cache lacks', () => {
  it('start out absent: register left them out', async () => {
    expect(await userKnown(larsId)).toBe(false);
    expect(await userKnown(danaId)).toBe(false);
  });

  it('are fetched once when the server lets us see them after all, cached, and pushed to the sidebar', async () => {
    // The organization widens guests' view: Zulip sends no realm_user events for that.
    await accessForGuests('role:everyone');
    const first = await owner.sendToChannel(partners, 'kickoff', 'Welcome @**Lars Nilsson**!');
    await owner.sendToChannel(partners, 'kickoff', 'Ask @**Lars Nilsson** about the schedule.');
    await lars.call('POST', `/messages/${first}/reactions`, { emoji_name: 'wave' });
    await settles(async () => expect(await userKnown(larsId)).toBe(true));
    expect(await t.ok('users:get', { accountId: account.id, userId: larsId })).toMatchObject({
      fullName: 'Lars Nilsson',
    });
    await t.waitFor('sidebar:delta', (p) => JSON.stringify(p.delta.users ?? []).includes('Lars Nilsson'));
    // Two mentions and a reaction, seen in the same moments: one request.
    expect(lookUps(larsId)).toBe(1);
  });

  it('are asked about once when the server refuses, and stay unknown', async () => {
    await accessForGuests('role:members');
    await owner.sendToChannel(partners, 'kickoff', 'Dana (@**Dana Former**) set this up.');
    await settles(() => expect(lookUps(danaId)).toBe(1));
    await settles(() => expect(t.logLines.some((l) => l.includes('keeps a user named in a message'))).toBe(true));
    await owner.sendToChannel(partners, 'kickoff', 'Thanks again, @**Dana Former**.');
    await t.waitFor('messages:added', (p) => JSON.stringify(p).includes('Thanks again'));
    // The renderer reads the page again, naming her again.
    await t.ok('messages:page', {
      accountId: account.id,
      narrow: { kind: 'channel', channelId: partners },
      anchor: 'newest',
      before: 20,
      after: 0,
    });
    expect(lookUps(danaId)).toBe(1);
    expect(await userKnown(danaId)).toBe(false);
  });

  it("are asked about again once the organization widens guests' view, and then known", async () => {
    await accessForGuests('role:everyone');
    // The realm event comes before the message on the guest's queue, so the core knows first.
    await owner.sendToChannel(partners, 'kickoff', 'Once more, @**Dana Former**.');
    await settles(async () => expect(await userKnown(danaId)).toBe(true));
    expect(lookUps(danaId)).toBe(2);
  });
});
