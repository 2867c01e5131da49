/**
 * A desktop notification clicked, end to end in Chromium through the bridge host (#27 item 4): in
 * a browser tab Parley raises Web Notifications (permission granted); a message in another
 * conversation raises one, and its click opens that conversation at that message, selected and
 * in view, even though the conversation would otherwise open further up at its first unread.
 * The operating system's notification is the one thing out of reach: the test records the
 * notifications the page makes and fires the click event Chromium gives a clicked one.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let noah: ZulipUser;
let owner: { userId: number; fullName: string };
let noahName: string;

interface Raised {
  title: string;
  body: string;
}

beforeAll(async () => {
  app = await startE2eApp('notification-click', { width: 1280, height: 700 });
  const o = app.server.byRole(100);
  owner = o;
  const n = app.server.users.find((u) => u.fullName === 'Noah Becker')!;
  noahName = n.fullName;
  noah = await ZulipUser.login(app.server.baseUrl, n.email, n.password);
  // An unread backlog: the conversation alone would open at its first unread, far above the new one.
  for (let i = 1; i <= 30; i++) await noah.sendDirect([o.userId], `Backlog note ${i} of 30`);
  await app.page.context().grantPermissions(['notifications'], { origin: new URL(app.host.url).origin });
  await app.page.addInitScript(() => {
    const Real = window.Notification;
    const raised: Notification[] = [];
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        raised.push(this);
      }
    }
    Object.assign(window, { Notification: Recorded, raisedNotifications: raised });
  });
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const raised = (): Promise<Raised[]> =>
  app.page.evaluate(() =>
    (window as unknown as { raisedNotifications: Notification[] }).raisedNotifications.map((n) => ({
      title: n.title,
      body: n.body,
    })),
  );

describe('a clicked notification', () => {
  it('opens the conversation at the notified message, selected and in view', async () => {
    const { page } = app;
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: /^general/ })
      .first()
      .click();
    await page.getByRole('heading', { name: '#general', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    const id = await noah.sendDirect([owner.userId], 'Can you look at the budget before noon?');
    await expect.poll(raised, { timeout: UI_TIMEOUT }).toContainEqual({
      title: expect.stringContaining(noahName) as unknown as string,
      body: 'Can you look at the budget before noon?',
    });
    // No toast in the page: the desktop shows it.
    expect(await page.getByRole('region', { name: 'Notifications' }).getByRole('group').count()).toBe(0);

    await page.evaluate(() => {
      const all = (window as unknown as { raisedNotifications: Notification[] }).raisedNotifications;
      all.at(-1)!.dispatchEvent(new Event('click'));
    });
    await page.getByRole('heading', { name: noahName, exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const row = page.locator(`article[data-message-id="${id}"]`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-message-id')), { timeout: UI_TIMEOUT })
      .toBe(String(id));
    // In view inside the message list, not merely mounted.
    const list = (await page
      .getByRole('log')
      .evaluate((log) => log.parentElement!.getBoundingClientRect().toJSON())) as {
      y: number;
      height: number;
    };
    const box = (await row.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(list.y - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(list.y + list.height + 1);
    await page.screenshot({ path: join(ARTIFACTS, 'notification-click-opened.png') });
  });
});
