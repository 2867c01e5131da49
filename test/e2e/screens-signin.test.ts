/**
 * Browser sign-in end to end (Chromium → bridge host → core → dev server): Parley opens the
 * organization's login page with a one-time pad, the person signs in there (in the window
 * Parley opened), the page answers with a zulip://login redirect carrying the encrypted key,
 * and pasting that link into Parley signs in. A link for another organization is refused first.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ApiUser, screenHelpers } from './screens-support';
import { UI_TIMEOUT, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let member: DevServerUser;
let ui: ReturnType<typeof screenHelpers>;

beforeAll(async () => {
  e2e = await startE2eApp('screens-signin');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'screens-signin');
  member = server.byRole(400);
});

afterAll(async () => {
  await e2e?.close();
});

describe('browser sign-in', () => {
  let redirect = '';

  it("opens the organization's login page, where signing in answers a zulip://login link", async () => {
    await page.goto(e2e.host.url);
    await page.getByRole('textbox', { name: 'Server URL' }).fill(server.baseUrl);
    await page.getByRole('button', { name: 'Continue' }).click();
    const opened = page.context().waitForEvent('page', { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Open the login page in your browser' }).click();
    const login = await opened;
    await ui.visible(page.getByRole('status').filter({ hasText: 'Finish signing in on the login page' }));

    // The window Parley opened is the dev server's login page, carrying a fresh one-time pad.
    await login.waitForLoadState();
    const url = new URL(login.url());
    expect(`${url.origin}${url.pathname}`).toBe(`${server.baseUrl}/accounts/login/`);
    expect([...url.searchParams.values()].some((value) => /^[0-9a-f]{64}$/i.test(value))).toBe(true);

    await login.getByLabel('Email').fill(member.email);
    await login.getByLabel('Password').fill(member.password);
    const answered = login.waitForResponse(
      (r: Response) => r.url().startsWith(`${server.baseUrl}/accounts/login`) && r.request().method() === 'POST',
      { timeout: UI_TIMEOUT },
    );
    await login.getByRole('button', { name: 'Log in' }).click();
    const response = await answered;
    expect(response.status()).toBe(302);
    redirect = (await response.headerValue('location')) ?? '';
    expect(redirect).toMatch(/^zulip:\/\/login\?/);
    // The key travels encrypted with the pad, never in the clear.
    const memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
    expect(redirect).not.toContain(memberHttp.apiKey);
    await login.close();
  });

  it('refuses a link meant for another organization, then signs in with the right one', async () => {
    const form = page.getByRole('form', { name: 'Finish browser sign-in' });
    const box = form.getByRole('textbox', { name: /paste it here/ });
    const stray =
      'zulip://login?realm=http%3A%2F%2F127.0.0.1%3A9&email=x%40example.com&user_id=1&otp_encrypted_api_key=00';
    await box.fill(stray);
    await form.getByRole('button', { name: 'Finish sign-in' }).click();
    await ui.visible(page.getByRole('alert').filter({ hasText: 'No browser sign-in to 127.0.0.1:9 is waiting' }));
    await ui.shoot('01-refused');

    await box.fill(redirect);
    await form.getByRole('button', { name: 'Finish sign-in' }).click();
    await ui.visible(page.getByText(`${member.fullName} · ${member.email}`));
    const memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
    const channels = (await memberHttp.subscriptions()).filter((s) => !s.is_archived);
    for (const channel of channels)
      await ui.visible(ui.channels().getByRole('button', { name: channel.name, exact: true }));
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    expect(html).not.toContain(memberHttp.apiKey);
    await ui.shoot('02-signed-in');
  });
});
