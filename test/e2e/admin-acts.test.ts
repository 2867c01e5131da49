/**
 * Issue 27 item 7 end to end (Chromium → bridge host → core → dev server), in an organization of
 * 30,012 people (the `crowd` seed): the admin Users list holds everyone, drawn virtualized, reached
 * by scrolling and by filtering; a role is changed and a person deactivated and reactivated, each
 * after a confirmation, with the server's words when it refuses; channel folders are renamed,
 * moved and archived; invitations go out by email beside the links, and are resent and revoked.
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
let ui: ReturnType<typeof screenHelpers>;

type Person = { user_id: number; full_name: string; role: number; is_active: boolean; email: string };

beforeAll(async () => {
  e2e = await startE2eApp('admin-acts', { width: 1280, height: 900 }, { seed: 'crowd' });
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'admin-acts');
  const owner = server.byRole(100);
  ownerHttp = await ApiUser.login(server.baseUrl, owner.email, owner.password);
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, owner);
}, 180_000);

afterAll(async () => {
  await e2e?.close();
});

const person = async (id: number): Promise<Person> => (await ownerHttp.get(`/users/${id}`))['user'] as Person;
const byEmail = async (email: string): Promise<Person> =>
  (await ownerHttp.get(`/users/${encodeURIComponent(email)}`))['user'] as Person;

describe('admin Users', () => {
  it('holds 30,012 people: few rows drawn, the last reached by scrolling, anyone by filtering', async () => {
    await ui.goTo('Organization settings');
    const list = page.getByRole('list', { name: 'Users' });
    await ui.visible(list.getByRole('listitem').first());
    const everyone = ((await ownerHttp.get('/users'))['members'] as Person[]).length;
    expect(everyone).toBeGreaterThan(30_000);
    const count = page.getByRole('status').filter({ hasText: / users$/ });
    // Everyone the server lists, and the cross-realm bots register adds (Notification Bot, ...).
    const shownCount = async () => Number((await count.textContent())?.replace(/[^0-9]/g, '') ?? 0);
    await expect.poll(shownCount, { timeout: 60_000 }).toBeGreaterThanOrEqual(everyone);
    const total = await shownCount();
    expect(total).toBeLessThan(everyone + 5);
    expect(await list.getByRole('listitem').count()).toBeLessThan(100);

    const scroller = list.locator(':scope > div');
    const lastName = async () => {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      return list.getByRole('listitem').last().getAttribute('aria-label');
    };
    const members = (await ownerHttp.get('/users'))['members'] as Person[];
    const sorted = members.map((m) => m.full_name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    await expect.poll(lastName, { timeout: UI_TIMEOUT }).toBe(sorted.at(-1));
    await ui.shoot('users-scrolled-to-the-end');

    await page.getByRole('searchbox', { name: 'Filter users' }).fill('member29999@huge.example');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBe(1);
    await ui.visible(count.filter({ hasText: `1 of ${total.toLocaleString('en-US')} users` }));
  });

  it('changes a role and deactivates and reactivates, each after a confirmation', async () => {
    const target = await byEmail('member29999@huge.example');
    const list = page.getByRole('list', { name: 'Users' });
    await list.getByRole('button', { name: `Profile of ${target.full_name}` }).click();
    const manage = page.getByRole('group', { name: `Manage ${target.full_name}` });
    await manage.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Moderator' });
    await manage.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change role?' });
    await ui.visible(dialog.getByText(`${target.full_name} will be moderator instead of member.`));
    await ui.shoot('change-role-confirm');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect.poll(async () => (await person(target.user_id)).role, { timeout: UI_TIMEOUT }).toBe(300);
    await ui.visible(list.getByRole('listitem', { name: target.full_name }).getByText(/· Moderator/));

    await manage.getByRole('button', { name: `Deactivate ${target.full_name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${target.full_name}?` });
    await ui.visible(confirm.getByText(/signed out at once/));
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(async () => (await person(target.user_id)).is_active, { timeout: UI_TIMEOUT }).toBe(false);
    await ui.visible(list.getByRole('listitem', { name: target.full_name }).getByText(/· deactivated/));
    await ui.shoot('deactivated');

    await manage.getByRole('button', { name: `Reactivate ${target.full_name}` }).click();
    await page
      .getByRole('dialog', { name: `Reactivate ${target.full_name}?` })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect.poll(async () => (await person(target.user_id)).is_active, { timeout: UI_TIMEOUT }).toBe(true);
  });

  it("shows the server's words when the only owner would lose the role", async () => {
    const owner = server.byRole(100);
    const self = await byEmail(owner.email);
    await page.getByRole('searchbox', { name: 'Filter users' }).fill(owner.email);
    const list = page.getByRole('list', { name: 'Users' });
    // Until the filter has been applied: a row opened before it is drawn again, closed (CI saw
    // the profile's Manage group never come, under load).
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBe(1);
    await list.getByRole('button', { name: `Profile of ${self.full_name}` }).click();
    const manage = page.getByRole('group', { name: `Manage ${self.full_name}` });
    await manage.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Administrator' });
    await manage.getByRole('button', { name: 'Change role' }).click();
    await page.getByRole('dialog', { name: 'Change role?' }).getByRole('button', { name: 'Change role' }).click();
    await ui.visible(page.getByRole('alert').filter({ hasText: 'cannot be removed from the only organization owner' }));
    await ui.shoot('last-owner-refused');
    expect((await person(self.user_id)).role).toBe(100);
  });
});
