/**
 * Personal settings in Chromium against the dev server: the profile (name and an editable custom
 * field) saved and seen on the user's card, display settings that change the window at once
 * (dark theme, 24-hour clock), a notification switch, and the server holding each change.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let auth: string;

async function server(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${app.server.baseUrl}/api/v1${path}`, { headers: { Authorization: auth } });
  return (await res.json()) as Record<string, unknown>;
}

/** The user's settings as the server has them (a register snapshot). */
async function userSettings(): Promise<Record<string, unknown>> {
  const res = await fetch(`${app.server.baseUrl}/api/v1/register`, {
    method: 'POST',
    headers: { Authorization: auth },
    body: new URLSearchParams({ fetch_event_types: '["user_settings"]', event_types: '["heartbeat"]' }),
  });
  return ((await res.json()) as { user_settings: Record<string, unknown> }).user_settings;
}

beforeAll(async () => {
  app = await startE2eApp('personal-settings');
  const member = app.server.byRole(400);
  const http = await ZulipUser.login(app.server.baseUrl, member.email, member.password);
  auth = `Basic ${Buffer.from(`${member.email}:${http.apiKey}`).toString('base64')}`;
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, member);
  await app.page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Personal settings' }).click();
  await app.page.getByRole('region', { name: 'Personal settings' }).waitFor({ timeout: UI_TIMEOUT });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('personal settings', () => {
  it('says which keychain holds the account’s key (#25 item 10)', async () => {
    const where = app.page
      .getByRole('region', { name: 'Personal settings' })
      .getByRole('region', { name: 'Where your sign-in is kept' });
    await where.waitFor({ timeout: UI_TIMEOUT });
    // The e2e run's core found the Secret Service (gnome-keyring), as on a Linux desktop.
    expect(await where.textContent()).toContain(
      `The API key for this account on ${new URL(app.server.baseUrl).host} is kept in the Secret Service (GNOME Keyring or KWallet)`,
    );
  });

  it('switches to the dark theme and a 24-hour clock at once, and the server keeps both', async () => {
    const { page } = app;
    const screen = page.getByRole('region', { name: 'Personal settings' });
    await screen.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    const h24 = screen.getByRole('checkbox', { name: 'Show times on a 24-hour clock' });
    if (await h24.isChecked()) await h24.uncheck();
    await h24.check();
    await expect.poll(async () => (await userSettings())['twenty_four_hour_time'], { timeout: UI_TIMEOUT }).toBe(true);
    await expect.poll(async () => (await userSettings())['color_scheme'], { timeout: UI_TIMEOUT }).toBe(2);
    await page.screenshot({ path: join(ARTIFACTS, 'personal-settings-dark.png') });
    const notify = screen.getByRole('checkbox', { name: 'Sound for direct messages and mentions' });
    const was = await notify.isChecked();
    await notify.setChecked(!was);
    await screen
      .getByRole('status')
      .filter({ hasText: 'Saved: Sound for direct messages' })
      .waitFor({ timeout: UI_TIMEOUT });
  });

  it('saves the name and editable profile fields; the server and, reopened, the screen have them', async () => {
    const { page } = app;
    const form = page.getByRole('form', { name: 'Your profile' });
    await form.getByRole('textbox', { name: 'Name' }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'personal-settings-profile.png') });
    await expect.poll(() => form.getByRole('textbox', { name: 'Name' }).inputValue()).not.toBe('');
    await form.getByRole('textbox', { name: 'Name' }).fill('Noah B. Becker');
    await form.getByRole('combobox', { name: 'Office' }).selectOption({ label: 'Remote' });
    await form.getByRole('textbox', { name: 'Team' }).fill('Platform');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'personal-settings-profile.png') });
    const me = (await server('/users/me')) as { full_name: string; user_id: number };
    expect(me.full_name).toBe('Noah B. Becker');
    const profile = (await server(`/users/${me.user_id}?include_custom_profile_fields=true`))['user'] as {
      profile_data: Record<string, { value: string }>;
    };
    const saved = Object.values(profile.profile_data).map((v) => v.value);
    expect(saved).toContain('remote');
    expect(saved).toContain('Platform');
    // Reopened, the screen reads the profile back from Parley's cache, which the server's events updated.
    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('button', { name: 'Inbox' }).click();
    await views.getByRole('button', { name: 'Personal settings' }).click();
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Team' }).inputValue(), { timeout: UI_TIMEOUT })
      .toBe('Platform');
    await expect(form.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('Noah B. Becker');
    await expect(form.getByRole('combobox', { name: 'Office' }).inputValue()).resolves.toBe('remote');
  });
});
