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

/** Whether what is drawn at the centre of each item of the open menu is that item (nothing covers it). */
async function menuOnTop(menuLabel: string): Promise<boolean[]> {
  return page.getByRole('menu', { name: menuLabel }).evaluate((menu) =>
    [...menu.querySelectorAll('[role="menuitem"]')].map((item) => {
      const box = item.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && item.contains(hit);
    }),
  );
}

describe('menus placed inside the window, on top', () => {
  it('an Inbox row’s menu is drawn over the rows and the group after it (another virtua chunk)', async () => {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Inbox' }).click();
    const inbox = page.getByRole('region', { name: 'Inbox' });
    // The last row of the first group: its menu hangs over the next group, mounted as the next chunk.
    const firstGroup = inbox.getByRole('list').first();
    await firstGroup.waitFor({ timeout: UI_TIMEOUT });
    const trigger = firstGroup
      .getByRole('listitem')
      .last()
      .getByRole('button', { name: /^Conversation options for / });
    const label = (await trigger.getAttribute('aria-label'))!;
    await trigger.click();
    const covered = await menuOnTop(label);
    expect(covered.length).toBeGreaterThan(0);
    expect(covered.every(Boolean)).toBe(true);
    await shoot('02-inbox-menu-over-next-group');
    await page.keyboard.press('Escape');
    // And a row in the middle of a group: over the rows below it.
    const middle = inbox.getByRole('list').nth(1).getByRole('listitem').first();
    const middleTrigger = middle.getByRole('button', { name: /^Conversation options for / });
    await middleTrigger.click();
    expect((await menuOnTop((await middleTrigger.getAttribute('aria-label'))!)).every(Boolean)).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('a message menu opened near the bottom of the list opens above its button, inside the list', async () => {
    await page.setViewportSize({ width: 1280, height: 700 });
    // The Combined feed: a long list, whatever the tests before marked read or moved.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Combined feed' }).click();
    const log = page.locator('[role="log"][aria-busy="false"]');
    await log.locator('article[data-message-id]').last().waitFor({ timeout: UI_TIMEOUT });
    // The list settles at its newest end (pages load, rows are measured): the same last row at the
    // same place twice in a row, then that row is the one used.
    const lastPlace = () =>
      log.evaluate((el) => {
        const rows = el.querySelectorAll('article[data-message-id]');
        const row = rows[rows.length - 1]!;
        return `${row.getAttribute('data-message-id')}@${Math.round(row.getBoundingClientRect().top)}`;
      });
    let place = '';
    await expect
      .poll(
        async () => {
          const before = place;
          place = await lastPlace();
          return place === before && place.split('@')[0] !== '';
        },
        { timeout: UI_TIMEOUT, interval: 300 },
      )
      .toBe(true);
    const last = log.locator(`article[data-message-id="${place.split('@')[0]}"]`);
    await last.hover();
    const button = last.getByRole('button', { name: 'Message actions' });
    await button.click();
    const menu = page.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor({ timeout: UI_TIMEOUT });
    await shoot('03-message-menu-above');
    const [menuBox, buttonBox, listBox] = await Promise.all([
      menu.boundingBox(),
      button.boundingBox(),
      page.locator('[role="log"]').boundingBox(),
    ]);
    expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(buttonBox!.y + 1);
    expect(menuBox!.y).toBeGreaterThanOrEqual(listBox!.y);
    expect(await menuOnTop('Message actions')).toEqual((await menu.getByRole('menuitem').all()).map(() => true));
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('moving a topic from a message', () => {
  it('the recipient bar’s Move topic offers Zulip’s three scopes; only this message moves just that one', async () => {
    const topic = `move scopes ${run}`;
    const moved = `moved ${run}`;
    const ids: number[] = [];
    for (const content of ['first', 'second', 'third']) {
      const sent = await ownerApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content });
      ids.push(sent['id'] as number);
    }
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Recent conversations' }).click();
    const recent = page.getByRole('region', { name: 'Recent conversations' });
    await recent.locator('button.row', { hasText: topic }).click();
    const log = page.locator('[role="log"][aria-busy="false"]');
    await log.locator(`article[data-message-id="${ids[0]}"]`).waitFor({ timeout: UI_TIMEOUT });
    const bar = log.getByRole('button', { name: `Topic options for ${topic}` }).first();
    await bar.focus();
    await page.keyboard.press('Enter');
    await chooseByKeys('Move topic');
    const dialog = page.getByRole('dialog', { name: 'Move topic' });
    const scope = dialog.getByRole('combobox', { name: 'Which messages' });
    await expect(scope.locator('option').allTextContents()).resolves.toEqual([
      'All messages in the topic',
      'This message and the later ones',
      'Only this message',
    ]);
    await scope.selectOption('change_one');
    await dialog.getByRole('textbox', { name: 'Topic' }).fill(moved);
    await shoot('04-move-scopes');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const subjects = async () => {
      const narrow = JSON.stringify([{ operator: 'channel', operand: 'general' }]);
      const res = await ownerApi.ok('GET', '/messages', { anchor: 'newest', num_before: 20, num_after: 0, narrow });
      const byId = new Map((res['messages'] as { id: number; subject: string }[]).map((m) => [m.id, m.subject]));
      return ids.map((id) => byId.get(id));
    };
    await expect.poll(subjects, { timeout: UI_TIMEOUT }).toEqual([moved, topic, topic]);
  });

  it('the sidebar’s Move topic, with no message to start from, moves the whole topic and says so', async () => {
    const channels = page.getByRole('navigation', { name: 'Channels' });
    const toggle = channels.getByRole('button', { name: 'Topics in general' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const menuButton = channels.getByRole('button', { name: `Topic options for move scopes ${run}` });
    await menuButton.click();
    await chooseByKeys('Move topic');
    const dialog = page.getByRole('dialog', { name: 'Move topic' });
    await expect(dialog.getByRole('combobox', { name: 'Which messages' }).count()).resolves.toBe(0);
    await expect(dialog.textContent()).resolves.toContain(`Every message in “move scopes ${run}” moves.`);
    await page.keyboard.press('Escape');
  });
});
