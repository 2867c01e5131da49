/**
 * Issue 24 item 6 end to end (Chromium → bridge host → core → dev server): the organization's
 * default settings for new users are shown in the admin screen, changed there (the dev server
 * stores them), refused with the server's reason, and a change made on "another device" over
 * HTTP reaches the screen through the event queue (realm_user_settings_defaults).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnerScreens, type ApiUser, type screenHelpers } from './screens-support';
import { UI_TIMEOUT, type E2eApp } from './support';

let e2e: E2eApp;
let page: Page;
let ownerHttp: ApiUser;
let ui: ReturnType<typeof screenHelpers>;

beforeAll(async () => {
  ({ e2e, page, ownerHttp, ui } = await startOwnerScreens('new-user-defaults'));
});

afterAll(async () => {
  await e2e?.close();
});

const serverDefaults = async (): Promise<Record<string, unknown>> =>
  (await ownerHttp.initialState('realm_user_settings_defaults'))['realm_user_settings_defaults'] as Record<
    string,
    unknown
  >;

describe('default settings for new users', () => {
  it('are changed in the admin screen and follow a change made elsewhere', async () => {
    await ui.goTo('Organization settings');
    await page.getByRole('tab', { name: 'Default user settings' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Default user settings' });
    const theme = panel.getByRole('combobox', { name: 'Theme' });
    await expect.poll(() => theme.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await theme.selectOption({ label: 'Dark' });
    await ui.visible(panel.getByRole('status').filter({ hasText: 'Saved for new users: Theme.' }));
    await expect.poll(async () => (await serverDefaults())['color_scheme'], { timeout: UI_TIMEOUT }).toBe(2);

    const enterSends = panel.getByRole('checkbox', { name: /Enter sends/ });
    expect(await enterSends.isChecked()).toBe(false);
    await ownerHttp.patch('/realm/user_settings_defaults', { enter_sends: true });
    await expect.poll(() => enterSends.isChecked(), { timeout: UI_TIMEOUT }).toBe(true);
    await ui.shoot('admin-defaults');
  });
});
