/**
 * Menus of Inbox and Recent conversations rows in Chromium (issue 26, items 3 and 5): a DM row has
 * Zulip's DM actions (mark as read, copy link), checked on the server and the clipboard; menus
 * open inside the window and on top of the rows after them.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Api } from '../devserver/support';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';

let app: E2eApp;
let page: Page;
let ownerApi: Api;
let memberApi: Api;
const run = Date.now().toString(36);

const shoot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `row-menus-${name}.png`) });
const clipboard = (): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
const activeText = (): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

/** Moves the focus down the open menu to the item with arrow keys and chooses it with Enter. */
async function chooseByKeys(label: string): Promise<void> {
  const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
  expect(items).toContain(label);
  for (let i = 0; i < items.length && (await activeText()) !== label; i++) await page.keyboard.press('ArrowDown');
  expect(await activeText()).toBe(label);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  app = await startE2eApp('row-menus');
  page = app.page;
  ownerApi = await login(app.server, app.server.byRole(100));
  memberApi = await login(app.server, app.server.byRole(400));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.host.url });
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, app.server.byRole(100));
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('a DM row’s menu', () => {
  it('copies the conversation’s link and marks it read, in the Inbox and in Recent conversations', async () => {
    const owner = app.server.byRole(100);
    const member = app.server.byRole(400);
    await memberApi.ok('POST', '/messages', {
      type: 'direct',
      to: JSON.stringify([owner.userId]),
      content: `ping ${run}`,
    });
    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('button', { name: 'Inbox' }).click();
    const inbox = page.getByRole('region', { name: 'Inbox' });
    const dms = inbox.getByRole('list', { name: 'Direct messages' });
    const label = `Conversation options for ${member.fullName}`;
    await dms.getByRole('button', { name: label }).waitFor({ timeout: UI_TIMEOUT });
    await dms.getByRole('button', { name: label }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: label }).getByRole('menuitem').allTextContents()).resolves.toEqual([
      'Mark as read',
      'Copy link to conversation',
    ]);
    await shoot('01-inbox-dm-menu');
    await chooseByKeys('Copy link to conversation');
    await expect.poll(clipboard, { timeout: UI_TIMEOUT }).toBe(`${app.server.baseUrl}/#narrow/dm/${member.userId}-dm`);

    // Recent conversations offers the same menu on the row.
    await views.getByRole('button', { name: 'Recent conversations' }).click();
    const recent = page.getByRole('region', { name: 'Recent conversations' });
    await recent.getByRole('button', { name: label }).click();
    await expect(page.getByRole('menu', { name: label }).getByRole('menuitem').first().textContent()).resolves.toBe(
      'Mark as read',
    );
    await page.keyboard.press('Escape');

    await views.getByRole('button', { name: 'Inbox' }).click();
    await dms.getByRole('button', { name: label }).focus();
    await page.keyboard.press('Enter');
    await chooseByKeys('Mark as read');
    await dms.getByRole('button', { name: label }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const narrow = JSON.stringify([
      { operator: 'dm', operand: [member.userId] },
      { operator: 'is', operand: 'unread' },
    ]);
    // Read flags go to the server in a batch: asked until it has them all.
    const unreadOnServer = async () =>
      (await ownerApi.ok('GET', '/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow }))[
        'messages'
      ] as unknown[];
    await expect.poll(unreadOnServer, { timeout: UI_TIMEOUT }).toEqual([]);
  });
});
