/**
 * An account's emoji through the real core against the dev server: the server's name table
 * (server_emoji_data_url) and its custom emoji arrive with the first sync, and a custom emoji
 * deactivated elsewhere follows by its realm_emoji event (records:changed 'emoji').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startLiveCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { person, raw, type Person } from './support';

let dev: RunningDevServer;
let t: TestCore;
let member: AccountSummary;
let ownerWeb: Person;

beforeAll(async () => {
  dev = await startDevServer({ seed: 'demo' });
  const m = dev.byRole(400);
  ({ t, account: member } = await startLiveCore(tempDir(), dev.baseUrl, m));
  ownerWeb = await person(dev, dev.byRole(100));
});
afterAll(async () => {
  await t?.core.close();
  await dev?.stop();
});

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(v).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('emoji of an account', () => {
  it('has the server’s name table once synced', async () => {
    const names = await eventually(
      () => t.ok('emoji:names', { accountId: member.id }),
      (n) => n !== null,
    );
    expect(names?.['1f642']?.[0]).toBe('smile');
    expect(names?.['1f604']).toEqual(['big_smile']);
  });

  it('has the organization’s custom emoji with absolute image URLs, and follows a deactivation', async () => {
    const custom = await t.ok('emoji:custom', { accountId: member.id });
    const parley = custom.find((e) => e.name === 'parley')!;
    expect(parley).toMatchObject({ deactivated: false });
    expect(parley.imageUrl).toMatch(new RegExp(`^${dev.baseUrl}/user_avatars/1/emoji/images/\\d+\\.svg$`));
    expect(custom.find((e) => e.name === 'old_logo')?.deactivated).toBe(true);

    const before = t.events.length;
    await raw(ownerWeb, 'DELETE', '/realm/emoji/lgtm');
    const after = await eventually(
      () => t.ok('emoji:custom', { accountId: member.id }),
      (list) => list.find((e) => e.name === 'lgtm')?.deactivated === true,
    );
    expect(after.find((e) => e.name === 'parley')?.deactivated).toBe(false);
    // The renderer was told to ask again.
    const told = t.events
      .slice(before)
      .some((e) => e.name === 'records:changed' && (e.payload as { areas: string[] }).areas.includes('emoji'));
    expect(told).toBe(true);
  });

  it('deactivates through the server, which says in words who may', async () => {
    const refused = await t.call('emoji:deactivate', { accountId: member.id, name: 'parley' });
    expect(refused).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Must be an organization administrator or emoji author') },
    });
    const unknown = await t.call('emoji:deactivate', { accountId: member.id, name: 'no_such_emoji' });
    expect(unknown).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("Emoji 'no_such_emoji' does not exist") },
    });
    const custom = await t.ok('emoji:custom', { accountId: member.id });
    expect(custom.find((e) => e.name === 'parley')?.deactivated).toBe(false);
  });
});
