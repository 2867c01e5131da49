/**
 * Bots the user administers: read from register into the cache, created and deactivated through
 * the record calls, kept current by realm_bot events (including a bot made elsewhere), and the
 * bot's API key handed to the caller once but found in no log line and no file of the cache.
 * A real core signed in to the demo organization on the dev server as an administrator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { Actor } from '../consistency/actor';
import { startLiveCore, type TestCore } from '../core/harness';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let t: TestCore;
let dir: string;
let account: AccountSummary;
let member: Actor;

beforeAll(async () => {
  server = await startDevServer();
  const a = server.byRole(200);
  const m = server.byRole(400);
  member = await Actor.login(server.baseUrl, m.email, m.password);
  dir = tempDir();
  ({ t, account } = await startLiveCore(dir, server.baseUrl, a));
}, 30_000);
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const bots = () => t.ok('bots:list', { accountId: account.id });
const settles = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000 });

/** Every file under the data directory (SQLite, its WAL, anything else the core wrote). */
function everyFile(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? everyFile(join(root, e.name)) : [join(root, e.name)],
  );
}

describe('bots', () => {
  it('arrive with register: every bot of the organization for an administrator', async () => {
    const list = await bots();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((b) => typeof b.userId === 'number' && !('apiKey' in b) && !('api_key' in b))).toBe(true);
  });

  it('are created and deactivated through the record calls; the key is shown once and kept nowhere', async () => {
    const made = await t.ok('bots:create', { accountId: account.id, fullName: 'Ops Notifier', shortName: 'ops' });
    expect(made.apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
    await settles(async () =>
      expect((await bots()).find((b) => b.userId === made.userId)).toMatchObject({
        fullName: 'Ops Notifier',
        email: expect.stringMatching(/^ops-bot@/),
        isActive: true,
        botType: 1,
      }),
    );
    await t.ok('bots:deactivate', { accountId: account.id, userId: made.userId });
    await settles(async () => expect((await bots()).find((b) => b.userId === made.userId)?.isActive).toBe(false));
    // The bot user itself is in the user directory, marked as a bot, through realm_user.
    expect(await t.ok('users:get', { accountId: account.id, userId: made.userId })).toMatchObject({ isBot: true });

    expect(t.logLines.join('\n')).not.toContain(made.apiKey);
    for (const file of everyFile(dir)) expect(readFileSync(file).includes(made.apiKey), file).toBe(false);
  });

  it('follow a bot made and renamed elsewhere', async () => {
    const made = await member.call('POST', '/bots', { full_name: 'Member Bot', short_name: 'memberbot' });
    const id = made['user_id'] as number;
    await settles(async () => expect((await bots()).find((b) => b.userId === id)?.fullName).toBe('Member Bot'));
    await member.call('PATCH', `/bots/${id}`, { full_name: 'Renamed Bot' });
    await settles(async () => expect((await bots()).find((b) => b.userId === id)?.fullName).toBe('Renamed Bot'));
    for (const file of everyFile(dir)) expect(readFileSync(file).includes(String(made['api_key'])), file).toBe(false);
  });

  it('refuse a username Zulip would refuse, in words', async () => {
    const r = await t.call('bots:create', { accountId: account.id, fullName: 'Again', shortName: 'ops' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('Username already in use');
  });
});
