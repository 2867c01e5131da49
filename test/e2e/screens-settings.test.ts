/**
 * The settings screens end to end (Chromium → bridge host → core → dev server): navigation
 * views, the user-group editor and custom profile fields. Each step checks the server over HTTP
 * and the screen; a change made on "another device" over HTTP must reach the screen through
 * the event queue.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ApiUser, screenHelpers, unique } from './screens-support';
import { UI_TIMEOUT, signInThroughUi, startE2eApp, type E2eApp } from './support';

interface ServerView {
  fragment: string;
  is_pinned: boolean;
  name: string | null;
}
interface ServerGroup {
  id: number;
  name: string;
  members: number[];
  is_system_group: boolean;
  can_mention_group: unknown;
  can_join_group: unknown;
}

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let owner: DevServerUser;
let member: DevServerUser;
let ownerHttp: ApiUser;
let memberHttp: ApiUser;
let ui: ReturnType<typeof screenHelpers>;

const poll = { timeout: UI_TIMEOUT };
const views = async (): Promise<ServerView[]> =>
  (await ownerHttp.get('/navigation_views'))['navigation_views'] as ServerView[];
const view = async (fragment: string): Promise<ServerView | undefined> =>
  (await views()).find((v) => v.fragment === fragment);
const groups = async (): Promise<ServerGroup[]> =>
  (await ownerHttp.get('/user_groups'))['user_groups'] as ServerGroup[];
const group = async (name: string): Promise<ServerGroup> => {
  const found = (await groups()).find((g) => g.name === name);
  if (!found) throw new Error(`No group ${name}`);
  return found;
};

beforeAll(async () => {
  e2e = await startE2eApp('screens-settings');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'screens-settings');
  owner = server.byRole(100);
  member = server.byRole(400);
  ownerHttp = await ApiUser.login(server.baseUrl, owner.email, owner.password);
  memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, owner);
});

afterAll(async () => {
  await e2e?.close();
});

describe('navigation views', () => {
  const screen = (): Locator => page.getByRole('region', { name: 'Navigation views' });
  const row = (label: string): Locator =>
    screen().getByRole('list', { name: 'Views' }).getByRole('listitem', { name: label, exact: true });
  let custom: ServerView;

  // What Zulip's web app calls its built-in views (the list shows these, not the fragments).
  const ZULIP_VIEW_NAMES: Record<string, string> = {
    inbox: 'Inbox',
    recent: 'Recent conversations',
    feed: 'Combined feed',
    drafts: 'Drafts',
    'narrow/has/reaction/sender/me': 'Reactions',
    'narrow/is/mentioned': 'Mentions',
    'narrow/is/starred': 'Starred messages',
  };
  const labelOf = (v: ServerView): string => {
    const label = v.name ?? ZULIP_VIEW_NAMES[v.fragment];
    if (label === undefined) throw new Error(`No name known for the view ${v.fragment}`);
    return label;
  };

  it('unpins and pins a view', async () => {
    const pinned = (await views()).find((v) => v.is_pinned && v.name === null);
    const named = (await views()).find((v) => v.name !== null);
    if (!pinned || !named) throw new Error('The demo seed lacks a pinned built-in view and a custom one');
    custom = named;
    const label = labelOf(pinned);
    await ui.goTo('Navigation views');
    await row(label)
      .getByRole('button', { name: `Unpin ${label}` })
      .click();
    await ui.visible(row(label).getByRole('button', { name: `Pin ${label}` }));
    await expect.poll(async () => (await view(pinned.fragment))?.is_pinned, poll).toBe(false);

    await row(label)
      .getByRole('button', { name: `Pin ${label}` })
      .click();
    await ui.visible(row(label).getByRole('button', { name: `Unpin ${label}` }));
    await expect.poll(async () => (await view(pinned.fragment))?.is_pinned, poll).toBe(true);
  });

  it('shows a view pinned on another device', async () => {
    const unpinned = (await views()).find((v) => !v.is_pinned);
    if (!unpinned) throw new Error('The demo seed lacks an unpinned view');
    const label = labelOf(unpinned);
    await ui.visible(row(label).getByRole('button', { name: `Pin ${label}` }));
    await ownerHttp.patch(`/navigation_views/${encodeURIComponent(unpinned.fragment)}`, { is_pinned: true });
    await ui.visible(row(label).getByRole('button', { name: `Unpin ${label}` }));
  });

  it('renames a custom view', async () => {
    const label = custom.name ?? '';
    const renamed = unique('Builds');
    await row(label)
      .getByRole('button', { name: `Rename ${label}` })
      .click();
    await row(label)
      .getByRole('textbox', { name: `New name for ${label}` })
      .fill(renamed);
    await row(label).getByRole('button', { name: 'Save name' }).click();
    await ui.visible(row(renamed));
    await expect.poll(async () => (await view(custom.fragment))?.name, poll).toBe(renamed);
    custom = { ...custom, name: renamed };
  });

  it('adds a view, says what is missing first, and deletes it', async () => {
    const form = screen().getByRole('form', { name: 'Add a view' });
    await form.getByRole('button', { name: 'Add view' }).click();
    await ui.visible(screen().getByRole('alert').filter({ hasText: 'A view needs a URL fragment' }));

    // narrow/is/mentioned alone is one of Zulip's built-in views, which take no name.
    const name = unique('Mentions');
    const fragment = `narrow/is/mentioned/sender/${member.userId}`;
    await form.getByRole('textbox', { name: 'URL fragment' }).fill(fragment);
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('button', { name: 'Add view' }).click();
    await ui.visible(row(name));
    expect(await view(fragment)).toEqual({ fragment, name, is_pinned: true });
    await ui.shoot('01-views');

    await row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await ui.gone(row(name));
    expect(await view(fragment)).toBeUndefined();
  });
});

describe('user groups', () => {
  const groupRow = (name: string): Locator =>
    page.getByRole('list', { name: 'Groups' }).getByRole('listitem', { name, exact: true });
  let target: ServerGroup;

  it('edits members and permissions, and the server has them', async () => {
    const found = (await groups()).find((g) => !g.is_system_group && !g.members.includes(owner.userId));
    if (!found || found.members.length === 0) throw new Error('The demo seed lacks a group without the owner');
    target = found;
    const users = (await ownerHttp.get('/users'))['members'] as Array<{ user_id: number; full_name: string }>;
    const leaving = users.find((u) => u.user_id === target.members[0]);
    const members = await group('role:members');
    if (!leaving) throw new Error('The demo seed lacks the users this test needs');

    await ui.goTo('Organization settings');
    await page.getByRole('tab', { name: 'User groups' }).click();
    await groupRow(target.name)
      .getByRole('button', { name: `Edit ${target.name}` })
      .click();
    const form = page.getByRole('form', { name: `Edit group ${target.name}` });
    const people = form.getByRole('group', { name: 'Members', exact: true });
    await people.getByRole('combobox', { name: 'Members' }).fill(owner.fullName);
    await people.getByRole('option', { name: new RegExp(owner.fullName) }).click();
    await people.getByRole('button', { name: `Remove ${leaving.full_name}` }).click();

    const mention = 'Who can mention this group';
    await form.getByRole('combobox', { name: `Who: ${mention}` }).selectOption('group');
    await form.getByRole('combobox', { name: `Group for ${mention}` }).selectOption({ label: 'Members' });
    const join = 'Who can join';
    await form.getByRole('combobox', { name: `Who: ${join}` }).selectOption('custom');
    const joiners = form.getByRole('group', { name: `People for ${join}` });
    await joiners.getByRole('combobox').fill(member.fullName);
    await joiners.getByRole('option', { name: new RegExp(member.fullName) }).click();
    await ui.shoot('02-group-editor');
    await form.getByRole('button', { name: 'Save group' }).click();
    await ui.gone(form);

    const saved = await group(target.name);
    expect(saved.members).toContain(owner.userId);
    expect(saved.members).not.toContain(leaving.user_id);
    expect(saved.can_mention_group).toBe(members.id);
    expect(saved.can_join_group).toEqual({ direct_members: [member.userId], direct_subgroups: [] });
    await ui.visible(groupRow(target.name).getByText(`${saved.members.length} members`));
  });

  it('shows a member added on another device', async () => {
    const before = (await group(target.name)).members;
    const joining = server.users.find((u) => u.role !== 600 && !before.includes(u.userId));
    if (!joining) throw new Error('Everyone is in the group already');
    await ownerHttp.post(`/user_groups/${target.id}/members`, { add: JSON.stringify([joining.userId]) });
    await ui.visible(groupRow(target.name).getByText(`${before.length + 1} members`));
  });

  it('shows the server refusing a stale permission change', async () => {
    await groupRow(target.name)
      .getByRole('button', { name: `Edit ${target.name}` })
      .click();
    const form = page.getByRole('form', { name: `Edit group ${target.name}` });
    const mention = 'Who can mention this group';
    await form.getByRole('combobox', { name: `Who: ${mention}` }).selectOption('custom');
    // Meanwhile someone else changes it: the editor's "old" value no longer matches.
    const admins = await group('role:administrators');
    await ownerHttp.patch(`/user_groups/${target.id}`, {
      can_mention_group: JSON.stringify({ new: admins.id }),
    });
    await form.getByRole('button', { name: 'Save group' }).click();
    await ui.visible(form.getByRole('alert').filter({ hasText: "'old' value does not match" }));
    expect((await group(target.name)).can_mention_group).toBe(admins.id);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('custom profile fields', () => {
  const fieldName = unique('Floor');
  let fieldId: number;

  it('adds a list-of-options field after saying what is missing', async () => {
    await page.getByRole('tab', { name: 'Profile fields' }).click();
    const form = page.getByRole('form', { name: 'Add a profile field' });
    await form.getByRole('combobox', { name: 'Field type' }).selectOption({ label: 'List of options' });
    await form.getByRole('textbox', { name: 'Field name' }).fill(fieldName);
    await form.getByRole('textbox', { name: 'Hint' }).fill('Where your desk is');
    await form.getByRole('button', { name: 'Add field' }).click();
    await ui.visible(form.getByRole('alert').filter({ hasText: 'needs at least one option' }));

    await form.getByRole('textbox', { name: 'Options, one per line' }).fill('Ground\nFirst\nRoof');
    await form.getByRole('button', { name: 'Add field' }).click();
    const listed = page.getByRole('list', { name: 'Profile fields' }).getByRole('listitem', { name: fieldName });
    await ui.visible(listed.getByText('List of options'));

    const fields = (await ownerHttp.get('/realm/profile_fields'))['custom_fields'] as Array<Record<string, unknown>>;
    const created = fields.find((f) => f['name'] === fieldName);
    expect(created).toMatchObject({ type: 3, hint: 'Where your desk is' });
    const choices = JSON.parse(String(created?.['field_data'])) as Record<string, { text: string }>;
    expect(Object.values(choices).map((c) => c.text)).toEqual(['Ground', 'First', 'Roof']);
    fieldId = created?.['id'] as number;
  });

  it("shows a user's values, choices and people by name", async () => {
    const fields = (await ownerHttp.get('/realm/profile_fields'))['custom_fields'] as Array<Record<string, unknown>>;
    const choices = JSON.parse(String(fields.find((f) => f['id'] === fieldId)?.['field_data'])) as Record<
      string,
      { text: string }
    >;
    const roof = Object.keys(choices).find((key) => choices[key]?.text === 'Roof');
    await memberHttp.patch('/users/me/profile_data', { data: JSON.stringify([{ id: fieldId, value: roof }]) });
    const { user } = (await ownerHttp.get(`/users/${member.userId}`, { include_custom_profile_fields: true })) as {
      user: { profile_data: Record<string, { value: string }> };
    };
    expect(user.profile_data[String(fieldId)]?.value).toBe(roof);
    const manager = fields.find((f) => f['type'] === 6);
    const managerIds = JSON.parse(user.profile_data[String(manager?.['id'])]?.value ?? '[]') as number[];
    const managerName = server.users.find((u) => u.userId === managerIds[0])?.fullName;
    if (!managerName) throw new Error('The demo seed gives this member no manager');

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: `Profile of ${member.fullName}` }).click();
    const profile = page.getByRole('region', { name: `Profile of ${member.fullName}` });
    await ui.visible(profile.getByRole('definition').filter({ hasText: 'Roof' }));
    await ui.visible(profile.getByRole('definition').filter({ hasText: managerName }));
    await ui.shoot('03-profile');
  });
});
