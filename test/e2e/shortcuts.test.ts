/**
 * Zulip's keyboard shortcuts, one table (issue 26, item 1): each row presses its key in real
 * Chromium, on a message the user sent (and edited) in a topic of #general, and checks what it did. Before
 * each row the conversation is open with that message selected and nothing else open.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Api } from '../devserver/support';
import type { DevServerUser } from '../helpers/devserver';
import { ARTIFACTS, openTopicFromSidebar, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';

let app: E2eApp;
let page: Page;
let owner: DevServerUser;
let ownerApi: Api;
/** The user's own message, edited once, the newest in #general. */
let ownId = 0;
const topic = `keys ${Date.now().toString(36)}`;

const activeId = (): Promise<string> => page.evaluate(() => document.activeElement?.id ?? '');
const selectedId = (): Promise<number> =>
  page.evaluate(() => Number(document.activeElement?.closest('article')?.getAttribute('data-message-id') ?? 0));
const ownRow = () => page.locator(`article[data-message-id="${ownId}"]`);
const viewIsCurrent = (name: string) => () =>
  page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name, exact: true })
    .getAttribute('aria-current');
const compose = () => page.locator('#compose-message');

/** The test's topic open, the own message selected, no dialog, menu or field holding anything. */
async function ready(): Promise<void> {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) await page.keyboard.press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The test's own topic holds only the own message: it is on screen at once, whatever is unread.
  await openTopicFromSidebar(page, 'general', topic);
  if ((await compose().count()) > 0) await compose().fill('');
  await ownRow().waitFor({ timeout: UI_TIMEOUT });
  await ownRow().focus();
}

interface Row {
  keys: string[];
  does: string;
  check: (key: string) => Promise<void>;
}

const ROWS: Row[] = [
  {
    keys: ['?'],
    does: 'lists the shortcuts grouped as Zulip groups them',
    check: async () => {
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor({ timeout: UI_TIMEOUT });
      const groups = await help.locator('caption').allTextContents();
      expect(groups).toEqual([
        'The basics',
        'Navigation',
        'Scrolling',
        'Composing messages',
        'Message actions',
        'Menus',
      ]);
      await page.screenshot({ path: join(ARTIFACTS, 'shortcuts-help.png') });
    },
  },
  {
    keys: ['/', 'Control+k'],
    does: 'focuses the search box',
    check: async () => expect(await activeId()).toBe('message-search'),
  },
  {
    keys: ['j', 'ArrowDown', 'k', 'ArrowUp'],
    does: 'moves the selection to the next / previous message',
    check: async (key) => {
      const down = key === 'j' || key === 'ArrowDown';
      // The own message is the newest: go up first so "down" has somewhere to go.
      if (down) await page.locator('[role="log"] article[data-message-id]').first().focus();
      const before = await selectedId();
      await page.keyboard.press(key);
      const after = await selectedId();
      if (down) expect(after).toBeGreaterThan(before);
      else expect(after).toBeLessThan(before);
    },
  },
  {
    keys: ['Home', 'End', 'Shift+G'],
    does: 'selects the first / last message',
    check: async (key) => {
      const ids = await page
        .locator('[role="log"] article[data-message-id]')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-message-id'))));
      expect(await selectedId()).toBe(key === 'Home' ? ids[0] : ids[ids.length - 1]);
    },
  },
  {
    keys: ['r', 'Enter'],
    does: 'replies: compose gets the focus',
    check: async () => expect(await activeId()).toBe('compose-message'),
  },
  {
    keys: ['c'],
    does: 'starts a new topic in the channel',
    check: async () => expect.poll(activeId, { timeout: UI_TIMEOUT }).toBe('compose-topic'),
  },
  {
    keys: ['x'],
    does: 'opens the new direct message picker',
    check: async () => page.getByRole('dialog', { name: 'New direct message' }).waitFor({ timeout: UI_TIMEOUT }),
  },
  {
    keys: ['Shift+I'],
    does: 'opens the Inbox',
    check: async () => expect.poll(viewIsCurrent('Inbox')).toBe('page'),
  },
  {
    keys: ['t'],
    does: 'opens Recent conversations',
    check: async () => expect.poll(viewIsCurrent('Recent conversations')).toBe('page'),
  },
  {
    keys: ['*'],
    does: 'opens Starred messages (Zulip’s `*`; Ctrl+S stars)',
    check: async () => expect.poll(viewIsCurrent('Starred messages')).toBe('page'),
  },
  {
    keys: ['d'],
    does: 'opens Drafts',
    check: async () => expect.poll(viewIsCurrent('Drafts')).toBe('page'),
  },
  {
    keys: ['Escape', 'Control+['],
    does: 'goes to the home view (the Inbox) from a conversation and from another screen',
    check: async (key) => {
      await page.keyboard.press(key);
      await expect.poll(viewIsCurrent('Inbox')).toBe('page');
      await page.keyboard.press('t');
      await expect.poll(viewIsCurrent('Recent conversations')).toBe('page');
      await page.keyboard.press(key);
      await expect.poll(viewIsCurrent('Inbox')).toBe('page');
    },
  },
  {
    keys: ['Shift+R'],
    does: 'replies to the sender by direct message',
    check: async () => {
      // The sender is the user: the conversation becomes their DM with themselves, no longer #general.
      await expect.poll(() => page.locator('main').getAttribute('aria-label')).not.toMatch(/^#/);
      await expect.poll(activeId).toBe('compose-message');
    },
  },
  {
    keys: ['@'],
    does: 'replies mentioning the sender',
    check: async () => expect.poll(() => compose().inputValue()).toBe(`@**${owner.fullName}** `),
  },
  {
    keys: ['>'],
    does: 'quotes the message in compose',
    check: async () => expect.poll(() => compose().inputValue(), { timeout: UI_TIMEOUT }).toContain('```quote'),
  },
  {
    keys: ['Control+s'],
    does: 'stars the message, and unstars it',
    check: async (key) => {
      const star = ownRow().getByRole('img', { name: 'Starred' });
      await star.waitFor({ timeout: UI_TIMEOUT });
      await page.keyboard.press(key);
      await star.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    },
  },
  {
    keys: ['+'],
    does: 'reacts with 👍 (and = toggles that first reaction off again)',
    check: async () => {
      const thumbs = ownRow().getByRole('button', { name: /^\+1: 1, including you$/ });
      await thumbs.waitFor({ timeout: UI_TIMEOUT });
      await ownRow().focus();
      await page.keyboard.press('=');
      await thumbs.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    },
  },
  {
    keys: [':'],
    does: 'opens the reaction picker',
    check: async () =>
      expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search emoji'),
  },
  {
    keys: ['i'],
    does: 'opens the message’s actions menu',
    check: async () => {
      await page.getByRole('menu', { name: 'Message actions' }).waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    },
  },
  {
    keys: ['u'],
    does: 'opens the sender’s user card',
    check: async () =>
      page.getByRole('dialog', { name: `User card: ${owner.fullName}` }).waitFor({ timeout: UI_TIMEOUT }),
  },
  {
    keys: ['e'],
    does: 'edits the user’s own message',
    check: async () => ownRow().getByRole('textbox', { name: 'Edit message' }).waitFor({ timeout: UI_TIMEOUT }),
  },
  {
    keys: ['m'],
    does: 'opens the move form',
    check: async () => ownRow().getByRole('form', { name: 'Move message' }).waitFor({ timeout: UI_TIMEOUT }),
  },
  {
    keys: ['Shift+H'],
    does: 'shows the edit history',
    check: async () => page.getByRole('dialog', { name: 'Message edit history' }).waitFor({ timeout: UI_TIMEOUT }),
  },
];

beforeAll(async () => {
  app = await startE2eApp('shortcuts');
  page = app.page;
  owner = app.server.byRole(100);
  ownerApi = await login(app.server, owner);
  // Someone else writes first, so the topic has a message before the own one.
  const memberApi = await login(app.server, app.server.byRole(400));
  await memberApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content: 'Shall we try the keys?' });
  const sent = await ownerApi.ok('POST', '/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: 'Checking the keys',
  });
  ownId = sent['id'] as number;
  await ownerApi.ok('PATCH', `/messages/${ownId}`, { content: 'Checking the keys, edited' });
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, owner);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('keyboard shortcuts, pressed in Chromium', () => {
  const cases = ROWS.flatMap((row) => row.keys.map((key) => ({ key, row })));
  it.each(cases)('$key $row.does', async ({ key, row }) => {
    await ready();
    // The rows that check a move themselves press their key inside the check.
    if (!['j', 'ArrowDown', 'k', 'ArrowUp', 'Escape', 'Control+['].includes(key)) await page.keyboard.press(key);
    await row.check(key);
  });
});
