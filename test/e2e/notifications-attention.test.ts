/**
 * Notifications that respect attention, in Chromium through the bridge host (#27 item 4): a
 * message in the conversation on screen, in a focused window, rings nothing; one elsewhere shows
 * a toast that stays clear of the message list and compose, and opening it shows that message.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let amir: ZulipUser;
let third: ZulipUser;

beforeAll(async () => {
  app = await startE2eApp('notifications-attention');
  const o = app.server.byRole(100);
  const a = app.server.byRole(200);
  const t = app.server.users.find((u) => u.userId !== o.userId && u.userId !== a.userId)!;
  amir = await ZulipUser.login(app.server.baseUrl, a.email, a.password);
  third = await ZulipUser.login(app.server.baseUrl, t.email, t.password);
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('notifications that respect attention', () => {
  it('rings nothing for the conversation on screen, and a toast elsewhere stays off the message list', async () => {
    const { page } = app;
    const o = app.server.byRole(100);
    const a = app.server.byRole(200);
    const t = app.server.users.find((u) => u.userId !== o.userId && u.userId !== a.userId)!;
    expect(await page.evaluate(() => document.hasFocus())).toBe(true);
    await page
      .getByRole('navigation', { name: 'Direct messages' })
      .getByRole('button', { name: new RegExp(`^${a.fullName}( \\d+)?$`) })
      .click();
    await page.getByRole('heading', { name: a.fullName, exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const toasts = page.getByRole('region', { name: 'Notifications' });

    await amir.sendDirect([o.userId], 'You are reading this one already (on screen)');
    await page.getByRole('log').getByText('You are reading this one already').waitFor({ timeout: UI_TIMEOUT });
    // A message elsewhere does ring: once its toast shows, the first would have shown before it.
    await third.sendDirect([o.userId], 'Meanwhile, in another conversation');
    const toast = toasts.getByRole('group', { name: `${t.fullName} (to you)` });
    await toast.waitFor({ timeout: UI_TIMEOUT });
    expect(await toasts.getByText('You are reading this one already').count()).toBe(0);
    expect(await toasts.getByRole('group').count()).toBe(1);

    // The toast covers neither the message list nor compose.
    const box = (await toast.boundingBox())!;
    for (const covered of [page.getByRole('log'), page.getByRole('textbox', { name: 'Message' })]) {
      const other = (await covered.boundingBox())!;
      const overlaps =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'notifications-toast.png') });

    await toast.getByRole('button', { name: 'Open conversation' }).click();
    await page.getByRole('heading', { name: t.fullName, exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('log').getByText('Meanwhile, in another conversation').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => toasts.getByRole('group').count()).toBe(0);
  });
});
