/**
 * The organization's allowed sign-up domains: read from register into the cache, added and
 * removed through the record calls, and kept current by realm_domains events. A real core signed
 * in to the demo organization on the dev server as its owner; a second administrator changes the
 * list over plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { Actor } from '../consistency/actor';
import type { TestCore } from '../core/harness';
import { startLiveOwner, type LiveOwner } from './live-owner';

let live: LiveOwner | undefined;
let t: TestCore;
let account: AccountSummary;
let owner: Actor;

beforeAll(async () => {
  live = await startLiveOwner(async (server) => {
    const o = server.byRole(100);
    owner = await Actor.login(server.baseUrl, o.email, o.password);
    // Known before sign-in, so it can only reach the cache through register.
    await owner.call('POST', '/realm/domains', { domain: 'before.test', allow_subdomains: true });
  });
  ({ t, account } = live);
}, 30_000);
afterAll(() => live?.stop());

const list = () => t.ok('realmDomains:list', { accountId: account.id });
const settles = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000 });

describe('realm domains', () => {
  it('arrive with register', async () => {
    expect(await list()).toEqual([{ domain: 'before.test', allowSubdomains: true }]);
  });

  it('are added and removed through the record calls, and follow the events', async () => {
    await t.ok('realmDomains:add', { accountId: account.id, domain: 'Parley.Test', allowSubdomains: false });
    await settles(async () =>
      expect(await list()).toEqual([
        { domain: 'before.test', allowSubdomains: true },
        { domain: 'parley.test', allowSubdomains: false },
      ]),
    );
    await owner.call('PATCH', '/realm/domains/parley.test', { allow_subdomains: true });
    await settles(async () => expect((await list())[1]).toEqual({ domain: 'parley.test', allowSubdomains: true }));
    await t.ok('realmDomains:remove', { accountId: account.id, domain: 'before.test' });
    await settles(async () => expect(await list()).toEqual([{ domain: 'parley.test', allowSubdomains: true }]));
  });

  it('refuse a malformed domain with the server’s reason', async () => {
    const r = await t.call('realmDomains:add', { accountId: account.id, domain: 'nodot', allowSubdomains: false });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('Domain must have at least one dot');
    expect(await list()).toEqual([{ domain: 'parley.test', allowSubdomains: true }]);
  });
});
