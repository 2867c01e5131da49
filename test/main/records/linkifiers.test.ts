/**
 * Linkifiers through the real core: register's realm_linkifiers (asked for with the
 * linkifier_url_template capability) kept in the account's cache and answered by linkifiers:list,
 * and a change made by an administrator elsewhere arriving as a realm_linkifiers event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startLiveCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let dev: RunningDevServer;
let t: TestCore;
let member: AccountSummary;

beforeAll(async () => {
  dev = await startDevServer();
  const m = dev.byRole(400);
  ({ t, account: member } = await startLiveCore(tempDir(), dev.baseUrl, m));
}, 60_000);
afterAll(async () => {
  await t?.core.close();
  await dev?.stop();
});

async function asAdmin(
  method: string,
  path: string,
  form: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const admin = dev.byRole(200);
  const key = (await (
    await fetch(`${dev.baseUrl}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: admin.email, password: admin.password }),
    })
  ).json()) as { api_key: string };
  const res = await fetch(`${dev.baseUrl}/api/v1${path}`, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(`${admin.email}:${key.api_key}`).toString('base64')}` },
    ...(method === 'GET' ? {} : { body: new URLSearchParams(form) }),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('linkifiers', () => {
  it('keeps the organization linkifiers from register, and follows a change made elsewhere', async () => {
    expect(await t.ok('linkifiers:list', { accountId: member.id })).toEqual([
      { pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://tracker.example.org/parley/issues/{id}' },
    ]);
    const before = t.events.length;
    const added = await asAdmin('POST', '/realm/filters', {
      pattern: 'RFC(?P<num>[0-9]+)',
      url_template: 'https://www.rfc-editor.org/rfc/rfc{num}',
    });
    expect(added['result']).toBe('success');
    // The first sync's own announcement of 'linkifiers' may come after `before`: wait for the list itself.
    await t.waitForAfter(before, 'records:changed', (p) => p.accountId === member.id && p.areas.includes('linkifiers'));
    await expect
      .poll(() => t.ok('linkifiers:list', { accountId: member.id }), { timeout: 10_000 })
      .toContainEqual({
        pattern: 'RFC(?P<num>[0-9]+)',
        urlTemplate: 'https://www.rfc-editor.org/rfc/rfc{num}',
      });
  });
});
