/**
 * Issue 27 item 7 end to end (Chromium → bridge host → core → dev server): channel folders are
 * renamed, moved and archived from the admin screen, with the server's words when it refuses;
 * invitations go out by email beside the links, addresses already in use are reported, and the
 * pending list resends and revokes them. What the dev server holds is read back over HTTP.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { ApiUser, startOwnerScreens, type screenHelpers } from './screens-support';
import { UI_TIMEOUT, signInThroughUi, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let ownerHttp: ApiUser;
let ui: ReturnType<typeof screenHelpers>;

type Folder = { id: number; name: string; is_archived: boolean };
type Invite = { id: number; email?: string; is_multiuse: boolean; invited_as: number };

beforeAll(async () => {
  ({ e2e, server, page, ownerHttp, ui } = await startOwnerScreens('admin-folders-invites'));
  await ui.goTo('Organization settings');
});

afterAll(async () => {
  await e2e?.close();
});

const folders = async (): Promise<Folder[]> =>
  (await ownerHttp.get('/channel_folders', { include_archived: 'true' }))['channel_folders'] as Folder[];
const invites = async (): Promise<Invite[]> => (await ownerHttp.get('/invites'))['invites'] as Invite[];

describe('channel folders', () => {
  it('are renamed, moved, archived and unarchived; a folder with channels is refused in words', async () => {
    await page.getByRole('tab', { name: 'Channel folders' }).click();
    const list = page.getByRole('list', { name: 'Folders' });
    await ui.visible(list.getByRole('listitem', { name: 'External' }));

    await list.getByRole('button', { name: 'Rename External' }).click();
    await list.getByRole('textbox', { name: 'New name for External' }).fill('Partners');
    await list.getByRole('button', { name: 'Save name' }).click();
    await ui.visible(list.getByRole('listitem', { name: 'Partners' }));
    await expect.poll(async () => (await folders()).map((f) => f.name), { timeout: UI_TIMEOUT }).toContain('Partners');

    const before = (await folders()).map((f) => f.name);
    const at = before.indexOf('Partners');
    await list.getByRole('button', { name: 'Move Partners up' }).click();
    const expected = [...before];
    [expected[at - 1], expected[at]] = [expected[at]!, expected[at - 1]!];
    await expect.poll(async () => (await folders()).map((f) => f.name), { timeout: UI_TIMEOUT }).toEqual(expected);
    await expect
      .poll(() => list.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))))
      .toEqual(expected);
    const top = list.getByRole('button', { name: `Move ${expected[0]} up` });
    expect(await top.isDisabled()).toBe(true);
    expect(await top.getAttribute('title')).toBe('Already the first folder');

    await list.getByRole('button', { name: 'Archive Company' }).click();
    await ui.visible(list.getByRole('alert').filter({ hasText: 'remove all the channels from this folder' }));
    await list.getByRole('button', { name: 'Unarchive Old projects' }).click();
    await expect
      .poll(async () => (await folders()).find((f) => f.name === 'Old projects')?.is_archived, { timeout: UI_TIMEOUT })
      .toBe(false);
    await ui.visible(list.getByRole('button', { name: 'Archive Old projects' }));

    const create = page.getByRole('form', { name: 'Create a folder' });
    await create.getByRole('textbox', { name: 'Folder name' }).fill('Spare');
    await create.getByRole('button', { name: 'Create folder' }).click();
    await list.getByRole('button', { name: 'Archive Spare' }).click();
    await expect
      .poll(async () => (await folders()).find((f) => f.name === 'Spare')?.is_archived, { timeout: UI_TIMEOUT })
      .toBe(true);
    await ui.visible(list.getByRole('listitem', { name: 'Spare' }).getByText('(archived)'));
    await ui.shoot('folders');
  });
});

describe('invitations by email', () => {
  it('are sent beside the links, skip addresses in use, and are resent and revoked', async () => {
    const member = server.byRole(400);
    await page.getByRole('tab', { name: 'Invitations' }).click();
    const form = page.getByRole('form', { name: 'Invite by email' });
    await form.getByRole('textbox', { name: 'Email addresses' }).fill(`new.person@example.org, ${member.email}`);
    await form.getByRole('combobox', { name: 'Join as' }).selectOption({ label: 'Moderator' });
    await form.getByRole('button', { name: 'Send invitations' }).click();
    await ui.visible(form.getByRole('status').filter({ hasText: 'Invitation sent.' }));
    await ui.visible(page.getByRole('alert').filter({ hasText: `${member.email}: Already has an account.` }));
    await expect
      .poll(async () => (await invites()).filter((i) => !i.is_multiuse).map((i) => [i.email, i.invited_as]))
      .toEqual([['new.person@example.org', 300]]);

    await page
      .getByRole('form', { name: 'Create an invitation link' })
      .getByRole('button', { name: 'Create invitation link' })
      .click();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await ui.visible(pending.getByRole('listitem', { name: 'new.person@example.org' }));
    await ui.visible(pending.getByRole('listitem', { name: 'Reusable link' }).first());
    await pending.scrollIntoViewIfNeeded();
    await ui.shoot('invitations');

    await pending.getByRole('button', { name: 'Resend to new.person@example.org' }).click();
    await ui.visible(page.getByRole('status').filter({ hasText: 'Invitation to new.person@example.org sent again.' }));
    await pending.getByRole('button', { name: 'Revoke invitation to new.person@example.org' }).click();
    await ui.gone(pending.getByRole('listitem', { name: 'new.person@example.org' }));
    expect((await invites()).filter((i) => !i.is_multiuse)).toEqual([]);
  });

  it('are accepted from the mailed link: the new person joins with the role and channels named, and Parley signs in as them', async () => {
    const form = page.getByRole('form', { name: 'Invite by email' });
    await form.getByRole('textbox', { name: 'Email addresses' }).fill('ines@partner.example');
    await form.getByRole('combobox', { name: 'Join as' }).selectOption({ label: 'Moderator' });
    await form.getByRole('checkbox', { name: '#general' }).check();
    await form.getByRole('button', { name: 'Send invitations' }).click();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await ui.visible(pending.getByRole('listitem', { name: 'ines@partner.example' }));

    // Inês reads the mail (the dev server's /emails/ page) and follows its link in her browser.
    const inbox = await e2e.browser.newPage();
    await inbox.goto(`${server.baseUrl}/emails/`);
    const mail = inbox.locator('article[data-to="ines@partner.example"]').last();
    const link = (await mail.locator('pre').textContent())?.match(/http\S+\/accounts\/do_confirm\/\w+/)?.[0];
    expect(link).toBeDefined();
    await inbox.goto(link!);
    expect(await inbox.getByLabel('Email').inputValue()).toBe('ines@partner.example');
    await inbox.getByLabel('Full name').fill('Inês Duarte');
    await inbox.getByLabel('Password').fill('secret-pass');
    await inbox.getByRole('button', { name: 'Sign up' }).click();
    await inbox.getByRole('heading', { name: /^Welcome to/ }).waitFor({ timeout: UI_TIMEOUT });
    await inbox.screenshot({ path: 'test/artifacts/admin-folders-invites-accepted.png' });
    await inbox.close();

    // The administrator's list drops it without a reload: invites_changed.
    await ui.gone(pending.getByRole('listitem', { name: 'ines@partner.example' }));
    const ines = await ApiUser.login(server.baseUrl, 'ines@partner.example', 'secret-pass');
    expect(await ines.get('/users/me')).toMatchObject({ full_name: 'Inês Duarte', role: 300 });
    expect((await ines.subscriptions()).map((s) => s.name)).toContain('general');

    await page.getByRole('button', { name: 'Add account' }).click();
    await signInThroughUi(page, server.baseUrl, {
      ...server.byRole(400),
      email: 'ines@partner.example',
      password: 'secret-pass',
    });
    await ui.visible(page.getByText('Inês Duarte').first());
    await ui.shoot('signed-in-as-invitee');
  });
});
