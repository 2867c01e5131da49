/**
 * Issue 24 item 6 end to end (Chromium → bridge host → core → dev server): the admin Bots tab
 * lists the organization's bots, adds one (its API key shown once, and found nowhere in the
 * page once dismissed), follows a bot a member makes elsewhere, and deactivates one; the new
 * bot is offered in the direct-message picker marked as a bot. A deactivated bot is reactivated
 * from the tab; bots stay out of the People list.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { ApiUser, screenHelpers } from './screens-support';
import { UI_TIMEOUT, signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let ownerHttp: ApiUser;
let memberHttp: ApiUser;
let ui: ReturnType<typeof screenHelpers>;

beforeAll(async () => {
  e2e = await startE2eApp('bots');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'bots');
  const owner = server.byRole(100);
  const member = server.byRole(400);
  ownerHttp = await ApiUser.login(server.baseUrl, owner.email, owner.password);
  memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, owner);
});

afterAll(async () => {
  await e2e?.close();
});

interface ServerBot {
  user_id: number;
  full_name: string;
  is_active: boolean;
  api_key: string;
}
const serverBots = async (): Promise<ServerBot[]> =>
  (await ownerHttp.initialState('realm_bot'))['realm_bots'] as ServerBot[];

describe('bots', () => {
  it('are added with the key shown once, follow a bot made elsewhere, and are deactivated', async () => {
    await ui.goTo('Organization settings');
    await page.getByRole('tab', { name: 'Bots' }).click();
    const list = page.getByRole('list', { name: 'Bots' });
    await ui.visible(list.getByRole('listitem', { name: 'Build Bot' }));

    const form = page.getByRole('form', { name: 'Add a bot' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Deploy Notifier');
    await form.getByRole('textbox', { name: 'Username' }).fill('deploy');
    await form.getByRole('button', { name: 'Add bot' }).click();
    const notice = page.getByRole('status', { name: "New bot's API key" });
    await ui.visible(notice);
    await expect
      .poll(async () => (await serverBots()).some((b) => b.full_name === 'Deploy Notifier'), {
        timeout: UI_TIMEOUT,
      })
      .toBe(true);
    const key = (await serverBots()).find((b) => b.full_name === 'Deploy Notifier')!.api_key;
    expect(await notice.textContent()).toContain(key);
    await ui.visible(list.getByRole('listitem', { name: 'Deploy Notifier' }));

    await memberHttp.post('/bots', { full_name: 'Standup Reminder', short_name: 'standup' });
    await ui.visible(list.getByRole('listitem', { name: 'Standup Reminder' }));
    await ui.shoot('admin-bots');

    await notice.getByRole('button', { name: 'Done' }).click();
    await ui.gone(notice);
    expect(await page.content()).not.toContain(key);

    await list.getByRole('button', { name: 'Deactivate Standup Reminder' }).click();
    await ui.visible(list.getByRole('listitem', { name: 'Standup Reminder' }).getByText('deactivated'));
    await expect
      .poll(async () => (await serverBots()).find((b) => b.full_name === 'Standup Reminder')?.is_active, {
        timeout: UI_TIMEOUT,
      })
      .toBe(false);

    // Zulip's POST /users/{id}/reactivate takes bots too.
    await list.getByRole('button', { name: 'Reactivate Standup Reminder' }).click();
    await ui.visible(list.getByRole('button', { name: 'Deactivate Standup Reminder' }));
    expect(await list.getByRole('listitem', { name: 'Standup Reminder' }).textContent()).not.toContain('deactivated');
    await expect
      .poll(async () => (await serverBots()).find((b) => b.full_name === 'Standup Reminder')?.is_active, {
        timeout: UI_TIMEOUT,
      })
      .toBe(true);
    await ui.shoot('admin-bots-reactivated');
  });

  it('are offered in the direct-message picker marked as bots', async () => {
    await page.getByRole('button', { name: /New direct message/ }).click();
    const box = page.getByRole('combobox', { name: 'Add people' });
    await box.fill('deploy');
    const option = page.getByRole('option', { name: /Deploy Notifier/ });
    await ui.visible(option);
    expect(await option.textContent()).toContain('Bot · deploy-bot@');
    await ui.shoot('dm-picker-bot');
    await page.keyboard.press('Escape');
  });

  it("stay out of the People list, as Zulip's buddy list leaves out bots", async () => {
    const people = page.getByRole('navigation', { name: 'People' });
    const filter = people.getByRole('searchbox', { name: 'Filter people' });
    await filter.fill('Build');
    await ui.visible(people.getByText('No one matches “Build”.'));
    await people.getByText('No one matches “Build”.').scrollIntoViewIfNeeded();
    await ui.shoot('people-without-bots');
    await filter.fill('Amir');
    await ui.visible(people.getByRole('button', { name: /Amir Haddad/ }));
    await filter.fill('');
  });
});
