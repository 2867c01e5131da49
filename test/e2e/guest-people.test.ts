/**
 * Issue 24 item 1 end to end (Chromium → bridge host → core → dev server), signed in as the demo's
 * guest while can_access_all_users_group keeps guests to the people they share something with.
 * Lars wrote in #partners and left it, so the guest may not see him: his message reads "Unknown
 * user", as on Zulip. Once the organization lets guests see everyone (Zulip sends no per-person
 * events for that), Lars typing in #partners makes the core look him up, and the typing line
 * names him.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { login, type Api } from '../devserver/support';
import { screenHelpers } from './screens-support';
import { signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let owner: Api;
let lars: Api;
let partners: number;
let ui: ReturnType<typeof screenHelpers>;

async function accessForGuests(group: 'role:members' | 'role:everyone'): Promise<void> {
  const groups = (await owner.ok('GET', '/user_groups'))['user_groups'] as Array<Record<string, unknown>>;
  await owner.ok('PATCH', '/realm', {
    can_access_all_users_group: { new: groups.find((g) => g['name'] === group)!['id'] },
  });
}

beforeAll(async () => {
  e2e = await startE2eApp('guest-people');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'guest-people');
  owner = await login(server, server.byRole(100));
  lars = await login(
    server,
    server.users.find((u) => u.fullName === 'Lars Nilsson')!,
  );
  partners = Number((await owner.ok('GET', '/get_stream_id', { stream: 'partners' }))['stream_id']);
  await accessForGuests('role:members');
  // Lars drops by #partners, writes, and leaves: the guest shares nothing with him afterwards.
  await lars.ok('POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'partners' }]) });
  await lars.ok('POST', '/messages', { type: 'stream', to: partners, topic: 'kickoff', content: 'Notes from Lars' });
  await lars.ok('DELETE', '/users/me/subscriptions', { subscriptions: JSON.stringify(['partners']) });
  // Read up, so #partners opens at its newest message (Lars's).
  await (await login(server, server.byRole(600))).ok('POST', '/mark_all_as_read');
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, server.byRole(600));
});

afterAll(async () => {
  await e2e?.close();
});

describe('a guest who may not see everyone', () => {
  it('reads a message from someone the server keeps from them as Zulip\'s "Unknown user"', async () => {
    await ui.channels().getByRole('button', { name: 'partners', exact: true }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Notes from Lars' });
    await ui.visible(row);
    expect(await row.textContent()).toContain('Unknown user');
    expect(await row.textContent()).not.toContain('Lars Nilsson');
    await ui.shoot('unknown-sender');
  });

  it('sees the real name once the server lets them see that person, looked up when he types', async () => {
    await accessForGuests('role:everyone');
    await lars.ok('POST', '/typing', { type: 'stream', stream_id: partners, topic: 'kickoff', op: 'start' });
    await ui.visible(page.getByRole('status').filter({ hasText: 'Lars Nilsson is typing' }));
    await ui.shoot('typing-named');
    await lars.ok('POST', '/typing', { type: 'stream', stream_id: partners, topic: 'kickoff', op: 'stop' });
  });
});
