/**
 * The rest of Zulip's keys (issue 26, item 1), one table pressed in real Chromium: Shift+U marks
 * the selected message and the later ones unread (on the server too, and they stay unread while
 * the view is open); `-` collapses the selected message and shows it again; `v` opens its image
 * in the lightbox; `q` puts the focus in the channel filter, which filters; `g` opens the settings
 * (gear) menu, walked by arrow keys; Alt+P previews the compose box. Zulip's Shift+V (read
 * receipts) is not here: Parley has no read receipts yet.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { login, type Api } from '../devserver/support';
import { ARTIFACTS, openTopicFromSidebar, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { keyTable, type KeyRow } from './key-table';

let app: E2eApp;
let page: Page;
let ownerApi: Api;
let memberApi: Api;
const run = Date.now().toString(36);
const topic = `actions ${run}`;
const ids: number[] = [];
let imageId = 0;

const shoot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `shortcuts-actions-${name}.png`) });
const row = (id: number) => page.locator(`[role="log"] article[data-message-id="${id}"]`);
const activeLabel = (): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
const activeText = (): Promise<string | null> => page.evaluate(() => document.activeElement?.textContent ?? null);
const compose = () => page.locator('#compose-message');

async function openTopic(): Promise<void> {
  await openTopicFromSidebar(page, 'general', topic);
  await page
    .locator('[role="log"][aria-busy="false"] article[data-message-id]')
    .first()
    .waitFor({ timeout: UI_TIMEOUT });
}

/** The IDs of the topic's messages the server holds unread for the user. */
async function unreadOnServer(): Promise<number[]> {
  const narrow = JSON.stringify([
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: topic },
    { operator: 'is', operand: 'unread' },
  ]);
  const res = await ownerApi.ok('GET', '/messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow });
  return (res['messages'] as Array<{ id: number }>).map((m) => m.id);
}

const unreadRows = (): Promise<number[]> =>
  page
    .locator('[role="log"] article.unread[data-message-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-message-id'))));

const ROWS: KeyRow[] = [
  {
    keys: ['Shift+U'],
    does: 'marks the selected message and the later ones unread, on the server too, and they stay unread',
    run: async (key) => {
      await openTopic();
      await expect.poll(unreadOnServer, { timeout: UI_TIMEOUT }).toEqual([]);
      const from = ids[1]!;
      await row(from).focus();
      await page.keyboard.press(key);
      const later = [...ids.slice(1), imageId];
      await expect.poll(unreadOnServer, { timeout: UI_TIMEOUT }).toEqual(later);
      await expect.poll(unreadRows, { timeout: UI_TIMEOUT }).toEqual(later);
      await page
        .getByRole('status')
        .filter({ hasText: /^Marked \d+ messages as unread\.$/ })
        .waitFor();
      await shoot('01-marked-unread');
      // Seen on screen, they are not marked read again while the view stays open: a new message
      // arriving there is read (so reads did go out) and the marked ones are still unread.
      await row(imageId).focus();
      const content = 'Arrives after Shift+U';
      const sent = await memberApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content });
      await row(sent['id'] as number).waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(unreadRows, { timeout: UI_TIMEOUT }).toEqual(later);
      await expect.poll(unreadOnServer, { timeout: UI_TIMEOUT }).toEqual(later);
      ids.push(sent['id'] as number);
    },
  },
  {
    keys: ['-'],
    does: 'collapses the selected message, and shows it again',
    run: async (key) => {
      await openTopic();
      const id = ids[0]!;
      await row(id).focus();
      await page.keyboard.press(key);
      const collapsed = row(id).getByRole('button', { name: 'Collapsed message · show it' });
      await collapsed.waitFor({ timeout: UI_TIMEOUT });
      expect(await row(id).innerText()).not.toContain('Message 1 of the topic');
      await shoot('02-collapsed');
      await row(id).focus();
      await page.keyboard.press(key);
      await row(id).getByText('Message 1 of the topic').waitFor({ timeout: UI_TIMEOUT });
      expect(await collapsed.count()).toBe(0);
    },
  },
  {
    keys: ['v'],
    does: 'opens the selected message’s image in the lightbox; Escape closes it and the message keeps the focus',
    run: async (key) => {
      await openTopic();
      await row(imageId).focus();
      await page.keyboard.press(key);
      const lightbox = page.getByRole('dialog', { name: 'Image' });
      await lightbox.waitFor({ timeout: UI_TIMEOUT });
      await shoot('03-lightbox');
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-message-id'))).toBe(String(imageId));
      // A message without an image: nothing opens.
      await row(ids[0]!).focus();
      await page.keyboard.press(key);
      expect(await lightbox.count()).toBe(0);
    },
  },
  {
    keys: ['q'],
    does: 'puts the focus in the channel filter, which keeps only the matching channels',
    run: async (key) => {
      await page.keyboard.press(key);
      await expect.poll(activeLabel).toBe('Filter channels');
      await page.keyboard.type('GENER');
      const channels = page.getByRole('navigation', { name: 'Channels' });
      const toggles = channels.getByRole('button', { name: /^Topics in / });
      await expect.poll(() => toggles.count()).toBe(1);
      expect(await toggles.getAttribute('aria-label')).toBe('Topics in general');
      await shoot('04-channel-filter');
      await page.keyboard.type('zzz');
      await channels.getByText(/^No channel matches “GENERzzz”\.$/).waitFor({ timeout: UI_TIMEOUT });
      // Escape empties the filter and every channel is back.
      await page.keyboard.press('Escape');
      await expect.poll(() => toggles.count()).toBeGreaterThan(1);
    },
  },
  {
    keys: ['g'],
    does: 'opens the settings menu on its first item; arrows move, Enter chooses, Escape closes it',
    run: async (key) => {
      await page.keyboard.press(key);
      const menu = page.getByRole('menu', { name: 'Settings menu' });
      await menu.waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(activeText).toBe('Browse channels');
      await shoot('05-settings-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await expect.poll(activeLabel).toBe('Settings menu');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press(key);
      await menu.waitFor({ timeout: UI_TIMEOUT });
      await page.keyboard.press('ArrowDown');
      await expect.poll(activeText).toBe('Personal settings');
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page
            .getByRole('navigation', { name: 'Views' })
            .getByRole('button', { name: 'Personal settings', exact: true })
            .getAttribute('aria-current'),
        )
        .toBe('page');
    },
  },
  {
    keys: ['Alt+p'],
    does: 'in compose: shows the server’s preview of the draft, and goes back to writing',
    run: async (key) => {
      await openTopic();
      await compose().fill('Preview **this** please');
      await compose().focus();
      await page.keyboard.press(key);
      const preview = page.getByRole('region', { name: 'Message preview' });
      await preview.locator('strong', { hasText: 'this' }).waitFor({ timeout: UI_TIMEOUT });
      expect(await compose().isHidden()).toBe(true);
      await shoot('06-preview');
      await page.keyboard.press(key);
      await compose().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
      expect(await compose().inputValue()).toBe('Preview **this** please');
      await compose().fill('');
    },
  },
];

beforeAll(async () => {
  app = await startE2eApp('shortcuts-actions');
  page = app.page;
  ownerApi = await login(app.server, app.server.byRole(100));
  memberApi = await login(app.server, app.server.byRole(400));
  for (let i = 1; i <= 3; i++) {
    const content = `Message ${i} of the topic`;
    const sent = await memberApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content });
    ids.push(sent['id'] as number);
  }
  const content = 'The chart: [chart.png](/user_uploads/1/ab/chart.png)';
  imageId = (await memberApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content }))[
    'id'
  ] as number;
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, app.server.byRole(100));
}, 180_000);
afterAll(async () => {
  await app?.close();
});
keyTable(
  'message, filter and menu keys, pressed in Chromium',
  ROWS,
  () => page,
  () => ownerApi,
);
