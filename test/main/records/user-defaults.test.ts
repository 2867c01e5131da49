/**
 * The organization's default settings for new users: read from register into the cache, changed
 * through the record calls, and kept current by realm_user_settings_defaults events. A real core
 * signed in to the demo organization on the dev server as its owner; another administrator
 * changes a default over plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { Actor } from '../consistency/actor';
import type { TestCore } from '../core/harness';
import { startLiveOwner, type LiveOwner } from './live-owner';

let live: LiveOwner | undefined;
let t: TestCore;
let account: AccountSummary;
let admin: Actor;

beforeAll(async () => {
  live = await startLiveOwner(async (server) => {
    const a = server.byRole(200);
    admin = await Actor.login(server.baseUrl, a.email, a.password);
    // Changed before sign-in, so it can only reach the cache through register.
    await admin.call('PATCH', '/realm/user_settings_defaults', { twenty_four_hour_time: true });
  });
  ({ t, account } = live);
}, 30_000);
afterAll(() => live?.stop());

const defaults = () => t.ok('userDefaults:get', { accountId: account.id });
const settles = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000 });

describe('default settings for new users', () => {
  it('arrive with register', async () => {
    expect(await defaults()).toMatchObject({ twenty_four_hour_time: true, enter_sends: false, color_scheme: 1 });
  });

  it('are changed through the record call, and follow a change made elsewhere', async () => {
    await t.ok('userDefaults:update', { accountId: account.id, changes: { enter_sends: true, color_scheme: 2 } });
    await settles(async () => expect(await defaults()).toMatchObject({ enter_sends: true, color_scheme: 2 }));
    await admin.call('PATCH', '/realm/user_settings_defaults', { emojiset: 'text' });
    await settles(async () => expect((await defaults())['emojiset']).toBe('text'));
    // The user's own settings are not the defaults.
    expect(await t.ok('settings:get', { accountId: account.id })).not.toMatchObject({ emojiset: 'text' });
  });

  it('refuse a value outside the setting’s choices with the server’s reason', async () => {
    const r = await t.call('userDefaults:update', { accountId: account.id, changes: { color_scheme: 9 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('Invalid color_scheme');
    expect((await defaults())['color_scheme']).toBe(2);
  });
});
