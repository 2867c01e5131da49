/**
 * Full menus by keyboard in Chromium (issue 26, item 2): `i` opens the selected message's menu
 * with every item Zulip has, arrows move, Enter chooses, Escape closes and the focus comes back;
 * copy link gives Zulip's `#narrow/.../near/ID`; view source shows the Markdown. The sidebar's
 * topic menu resolves and unresolves (Zulip's `✔ ` prefix), renames and moves the topic; the
 * channel menu mutes, pins and copies the channel's link. Each change is checked on the server.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Api } from '../devserver/support';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ApiUser } from './screens-support';

let app: E2eApp;
let page: Page;
let ownerApi: Api;
let ownerHttp: ApiUser;
let generalId = 0;
let ownId = 0;
const run = Date.now().toString(36);
const topic = `menus ${run}`;

const shoot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `menus-${name}.png`) });
const activeText = (): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
const activeLabel = (): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
const clipboard = (): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
const channels = () => page.getByRole('navigation', { name: 'Channels' });

/** Moves the focus down the open menu to the item, with arrow keys only, and chooses it with Enter. */
async function chooseByKeys(label: string): Promise<void> {
  const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
  expect(items).toContain(label);
  for (let i = 0; i < items.length && (await activeText()) !== label; i++) await page.keyboard.press('ArrowDown');
  expect(await activeText()).toBe(label);
  await page.keyboard.press('Enter');
}

/** The topics of a channel's newest messages, as the server has them now. */
async function topicsOnServer(channel = 'general'): Promise<string[]> {
  const narrow = JSON.stringify([{ operator: 'channel', operand: channel }]);
  const res = await ownerApi.ok('GET', '/messages', { anchor: 'newest', num_before: 200, num_after: 0, narrow });
  return [...new Set((res['messages'] as Array<{ subject: string }>).map((m) => m.subject))];
}

async function openTopic(name: string): Promise<void> {
  const toggle = channels().getByRole('button', { name: 'Topics in general' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await channels().getByRole('list', { name: 'Topics in general' }).getByRole('button', { name, exact: true }).click();
  await page
    .locator('[role="log"][aria-busy="false"] article[data-message-id]')
    .first()
    .waitFor({ timeout: UI_TIMEOUT });
}

/** Opens a sidebar menu from the keyboard: focus on its ⋯ button, then Enter. */
async function openSidebarMenu(label: string): Promise<void> {
  await channels().getByRole('button', { name: label }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu', { name: label }).waitFor({ timeout: UI_TIMEOUT });
}

beforeAll(async () => {
  app = await startE2eApp('menus');
  page = app.page;
  const owner = app.server.byRole(100);
  ownerApi = await login(app.server, owner);
  ownerHttp = await ApiUser.login(app.server.baseUrl, owner.email, owner.password);
  generalId = (await ownerApi.ok('GET', '/get_stream_id', { stream: 'general' }))['stream_id'] as number;
  const sent = await ownerApi.ok('POST', '/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: 'Some **bold** words',
  });
  ownId = sent['id'] as number;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.host.url });
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, owner);
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('the message menu, by keyboard', () => {
  it('i opens it with every item; Escape closes it and the focus returns', async () => {
    await openTopic(topic);
    const row = page.locator(`[role="log"] article[data-message-id="${ownId}"]`);
    await row.focus();
    await page.keyboard.press('i');
    const menu = page.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor({ timeout: UI_TIMEOUT });
    const items = await menu.getByRole('menuitem').allTextContents();
    // Every item Zulip's menu has, in this order (others, such as a reminder, may sit between).
    const wanted = [
      'Add reaction',
      'Reply',
      'Quote and reply',
      'Mark as unread from here',
      'Star message',
      'Edit message',
      'Move message',
      'Delete message',
      'Collapse message',
      'Copy link to message',
      'Copy message text',
      'View message source',
    ];
    expect(items.filter((item) => wanted.includes(item))).toEqual(wanted);
    await page.keyboard.press('ArrowDown');
    expect(await activeText()).toBe('Reply');
    await shoot('01-message-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await activeLabel()).toBe('Message actions');
  });

  it('copies Zulip’s link to the message, and its text', async () => {
    await page.locator(`[role="log"] article[data-message-id="${ownId}"]`).focus();
    await page.keyboard.press('i');
    await chooseByKeys('Copy link to message');
    const encoded = topic.replace(/ /g, '.20');
    await expect
      .poll(clipboard, { timeout: UI_TIMEOUT })
      .toBe(`${app.server.baseUrl}/#narrow/channel/${generalId}-general/topic/${encoded}/near/${ownId}`);
    await page.locator(`[role="log"] article[data-message-id="${ownId}"]`).focus();
    await page.keyboard.press('i');
    await chooseByKeys('Copy message text');
    await expect.poll(clipboard, { timeout: UI_TIMEOUT }).toBe('Some bold words');
  });

  it('view source shows the Markdown; Escape closes it and the focus goes back to the menu button', async () => {
    await page.locator(`[role="log"] article[data-message-id="${ownId}"]`).focus();
    await page.keyboard.press('i');
    await chooseByKeys('View message source');
    const source = page
      .getByRole('dialog', { name: 'Message source' })
      .getByRole('textbox', { name: 'Markdown source' });
    await expect.poll(() => source.inputValue(), { timeout: UI_TIMEOUT }).toBe('Some **bold** words');
    await shoot('02-message-source');
    await page.keyboard.press('Escape');
    await source.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await activeLabel()).toBe('Message actions');
  });
});

describe('the sidebar’s topic and channel menus, by keyboard', () => {
  it('resolves the topic with Zulip’s ✔ prefix, and unresolves it', async () => {
    await openSidebarMenu(`Topic options for ${topic}`);
    expect(await activeText()).toBe(await page.getByRole('menu').getByRole('menuitem').first().textContent());
    await shoot('03-topic-menu');
    await chooseByKeys('Mark as resolved');
    await expect.poll(topicsOnServer, { timeout: UI_TIMEOUT }).toContain(`✔ ${topic}`);
    await channels()
      .getByRole('button', { name: `✔ ${topic}`, exact: true })
      .waitFor({ timeout: UI_TIMEOUT });
    await openSidebarMenu(`Topic options for ✔ ${topic}`);
    await chooseByKeys('Mark as unresolved');
    await expect.poll(topicsOnServer, { timeout: UI_TIMEOUT }).toContain(topic);
  });

  it('renames the topic, then moves it to another channel', async () => {
    await channels().getByRole('button', { name: topic, exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await openSidebarMenu(`Topic options for ${topic}`);
    await chooseByKeys('Rename topic');
    const dialog = page.getByRole('dialog', { name: 'Rename topic' });
    await dialog.getByRole('textbox', { name: 'Topic' }).fill(`${topic} renamed`);
    await page.keyboard.press('Enter');
    await expect.poll(topicsOnServer, { timeout: UI_TIMEOUT }).toContain(`${topic} renamed`);

    await channels()
      .getByRole('button', { name: `${topic} renamed`, exact: true })
      .waitFor({ timeout: UI_TIMEOUT });
    await openSidebarMenu(`Topic options for ${topic} renamed`);
    await chooseByKeys('Move topic');
    const move = page.getByRole('dialog', { name: 'Move topic' });
    await move.getByRole('combobox', { name: 'Channel' }).selectOption({ label: '#help' });
    await shoot('04-move-topic');
    await move.getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => topicsOnServer('help'), { timeout: UI_TIMEOUT }).toContain(`${topic} renamed`);
    expect(await topicsOnServer()).not.toContain(`${topic} renamed`);
  });

  it('mutes and pins the channel, and copies its link', async () => {
    await openSidebarMenu('Channel options for general');
    await chooseByKeys('Mute channel');
    await expect
      .poll(async () => (await ownerHttp.subscription(generalId))?.is_muted, { timeout: UI_TIMEOUT })
      .toBe(true);
    await openSidebarMenu('Channel options for general');
    await chooseByKeys('Unmute channel');
    await expect
      .poll(async () => (await ownerHttp.subscription(generalId))?.is_muted, { timeout: UI_TIMEOUT })
      .toBe(false);
    await openSidebarMenu('Channel options for general');
    await shoot('05-channel-menu');
    await chooseByKeys('Pin channel to top');
    await expect
      .poll(async () => (await ownerHttp.subscription(generalId))?.pin_to_top, { timeout: UI_TIMEOUT })
      .toBe(true);
    await openSidebarMenu('Channel options for general');
    await chooseByKeys('Copy link to channel');
    await expect
      .poll(clipboard, { timeout: UI_TIMEOUT })
      .toBe(`${app.server.baseUrl}/#narrow/channel/${generalId}-general`);
  });
});

describe('Inbox rows', () => {
  it('a filter box keeps the matching rows; each row has the channel’s colour and the topic menu', async () => {
    const member = await login(app.server, app.server.byRole(400));
    const unreadTopic = `inbox ${run}`;
    await member.ok('POST', '/messages', {
      type: 'channel',
      to: 'general',
      topic: unreadTopic,
      content: 'Unread here',
    });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+I');
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await inbox.getByRole('searchbox', { name: 'Filter Inbox' }).fill(unreadTopic.toUpperCase());
    const rows = inbox.locator('ul.rows > li');
    await expect
      .poll(() => rows.allTextContents(), { timeout: UI_TIMEOUT })
      .toEqual([expect.stringContaining(unreadTopic)]);
    const swatch = rows.first().locator('.swatch');
    expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await inbox.getByRole('button', { name: `Conversation options for ${unreadTopic}` }).focus();
    await page.keyboard.press('Enter');
    await shoot('06-inbox-row-menu');
    await chooseByKeys('Mark topic as read');
    await inbox.getByText(`No conversation matches “${unreadTopic.toUpperCase()}”.`).waitFor({ timeout: UI_TIMEOUT });
    const narrow = JSON.stringify([
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: unreadTopic },
      { operator: 'is', operand: 'unread' },
    ]);
    const left = await ownerApi.ok('GET', '/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow });
    expect(left['messages']).toEqual([]);
  });
});
