/**
 * Zulip's keys that go somewhere (issue 26, items 1 and 3), one table pressed in real Chromium:
 * n / Shift+N / p to the next unread topic, followed topic or direct message, with its first
 * unread message selected; s between a topic and its channel; z from a channel's feed to the
 * message in its topic; Shift+A / Shift+D to the channel before or after; Shift+P the direct
 * message feed; Ctrl+. back to where compose points; Alt+← / Alt+→ through the views seen; w to
 * the people filter. Before each row the user has read everything and then the rows' unread
 * messages arrive, so which conversation is "next" is known.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { login, type Api } from '../devserver/support';
import type { DevServerUser } from '../helpers/devserver';
import {
  ARTIFACTS,
  openChannelFromSidebar,
  openTopicFromSidebar,
  signInThroughUi,
  startE2eApp,
  UI_TIMEOUT,
  type E2eApp,
} from './support';
import { keyTable, type KeyRow } from './key-table';

let app: E2eApp;
let page: Page;
let owner: DevServerUser;
let member: DevServerUser;
let ownerApi: Api & { userId: number };
let memberApi: Api;
let generalId = 0;
const run = Date.now().toString(36);
const plain = `plain ${run}`;
const followed = `followed ${run}`;

/** Waits until the Inbox lists these conversations (their unread messages have reached the app). */
async function inboxLists(...texts: string[]): Promise<void> {
  await page.keyboard.press('Shift+I');
  const rows = (): Promise<string> => page.locator('main').innerText();
  for (const text of texts) await expect.poll(rows, { timeout: UI_TIMEOUT }).toContain(text);
}

/** Waits until the Inbox lists this one conversation only (what was read before is read in the app too). */
async function inboxListsOnly(text: string): Promise<void> {
  await page.keyboard.press('Shift+I');
  const rows = (): Promise<string[]> => page.locator('main ul.rows > li').allTextContents();
  await expect.poll(rows, { timeout: UI_TIMEOUT }).toEqual([expect.stringContaining(text)]);
}

/** Waits until the message list has loaded what it was asked for. */
const settled = (): Promise<void> =>
  page.locator('[role="log"][aria-busy="false"] article[data-message-id]').first().waitFor({ timeout: UI_TIMEOUT });

const mainLabel = (): Promise<string | null> => page.locator('main').getAttribute('aria-label');
const activeLabel = (): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
const selectedId = (): Promise<number> =>
  page.evaluate(() => Number(document.activeElement?.closest('article')?.getAttribute('data-message-id') ?? 0));
const viewIsCurrent = (name: string) => () =>
  page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name, exact: true })
    .getAttribute('aria-current');

async function send(api: Api, topic: string, content: string): Promise<number> {
  const sent = await api.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content });
  return sent['id'] as number;
}

/** Opens a conversation from the sidebar: a channel's feed, or one of its topics. */
async function openFromSidebar(topic: string | null): Promise<void> {
  if (topic === null) await openChannelFromSidebar(page, 'general');
  else await openTopicFromSidebar(page, 'general', topic);
  await settled();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const ROWS: KeyRow[] = [
  {
    keys: ['n'],
    does: 'goes to the next unread topic and selects its first unread message',
    run: async (key) => {
      const first = await send(memberApi, plain, 'One for n');
      await send(memberApi, plain, 'Two for n');
      await inboxListsOnly(plain);
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe(`#general > ${plain}`);
      await expect.poll(selectedId, { timeout: UI_TIMEOUT }).toBe(first);
    },
  },
  {
    keys: ['Shift+N'],
    does: 'goes to the next unread followed topic, passing an unread topic not followed',
    run: async (key) => {
      // Away from the plain topic (the previous row left it open, where a new message is read at once).
      await page.keyboard.press('Shift+I');
      await send(memberApi, plain, 'Not followed');
      const first = await send(memberApi, followed, 'Followed and unread');
      await inboxLists(followed, plain);
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe(`#general > ${followed}`);
      await expect.poll(selectedId, { timeout: UI_TIMEOUT }).toBe(first);
    },
  },
  {
    keys: ['p'],
    does: 'goes to the next unread direct message conversation',
    run: async (key) => {
      const dm = await memberApi.ok('POST', '/messages', {
        type: 'direct',
        to: `[${ownerApi.userId}]`,
        content: 'A DM',
      });
      await inboxListsOnly(member.fullName);
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe(member.fullName);
      await expect.poll(selectedId, { timeout: UI_TIMEOUT }).toBe(dm['id']);
    },
  },
  {
    keys: ['s'],
    does: 'goes from a topic to its channel, and from the channel to the selected message’s topic',
    run: async (key) => {
      await openFromSidebar(plain);
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe('#general');
      await settled();
      const last = page.locator('[role="log"] article[data-message-id]').last();
      const lastId = await last.getAttribute('data-message-id');
      await last.focus();
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toMatch(/^#general > /);
      await expect.poll(selectedId, { timeout: UI_TIMEOUT }).toBe(Number(lastId));
    },
  },
  {
    keys: ['z'],
    does: 'zooms from the channel’s feed to the selected message in its topic',
    run: async (key) => {
      const id = await send(memberApi, plain, 'Zoom to me');
      await openFromSidebar(null);
      await page.locator(`article[data-message-id="${id}"]`).focus();
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe(`#general > ${plain}`);
      await expect.poll(selectedId, { timeout: UI_TIMEOUT }).toBe(id);
    },
  },
  {
    keys: ['Shift+D', 'Shift+A'],
    does: 'goes to the next / previous channel of the sidebar, and back again with the other key',
    run: async (key) => {
      await openFromSidebar(null);
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).not.toBe('#general');
      expect(await mainLabel()).toMatch(/^#[^>]+$/);
      await page.keyboard.press(key === 'Shift+D' ? 'Shift+A' : 'Shift+D');
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe('#general');
    },
  },
  {
    keys: ['Shift+P'],
    does: 'opens the direct message feed',
    run: async (key) => {
      const text = `For the feed ${run}`;
      await memberApi.ok('POST', '/messages', { type: 'direct', to: `[${ownerApi.userId}]`, content: text });
      await page.keyboard.press(key);
      await page.getByRole('heading', { name: /^Direct message feed/ }).waitFor({ timeout: UI_TIMEOUT });
      await page.getByRole('region', { name: 'Direct message feed' }).getByText(text).waitFor({ timeout: UI_TIMEOUT });
      await page.screenshot({ path: join(ARTIFACTS, 'shortcuts-dm-feed.png') });
    },
  },
  {
    keys: ['Control+.'],
    does: 'goes back to the conversation compose points at',
    run: async (key) => {
      await openFromSidebar(plain);
      await page.keyboard.press('t');
      await expect.poll(viewIsCurrent('Recent conversations')).toBe('page');
      await page.keyboard.press(key);
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe(`#general > ${plain}`);
    },
  },
  {
    keys: ['Alt+ArrowLeft and Alt+ArrowRight'],
    does: 'goes back and forward through the views seen',
    run: async () => {
      await openFromSidebar(plain);
      await page.keyboard.press('t');
      await expect.poll(viewIsCurrent('Recent conversations')).toBe('page');
      await page.keyboard.press('*');
      await expect.poll(viewIsCurrent('Starred messages')).toBe('page');
      await page.keyboard.press('Alt+ArrowLeft');
      await expect.poll(viewIsCurrent('Recent conversations')).toBe('page');
      await page.keyboard.press('Alt+ArrowLeft');
      await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe(`#general > ${plain}`);
      await page.keyboard.press('Alt+ArrowRight');
      await expect.poll(viewIsCurrent('Recent conversations')).toBe('page');
      await page.keyboard.press('Alt+ArrowRight');
      await expect.poll(viewIsCurrent('Starred messages')).toBe('page');
    },
  },
  {
    keys: ['w'],
    does: 'puts the focus in the people filter',
    run: async (key) => {
      await page.keyboard.press(key);
      await expect.poll(activeLabel).toBe('Filter people');
    },
  },
];

beforeAll(async () => {
  app = await startE2eApp('shortcuts-views');
  page = app.page;
  owner = app.server.byRole(100);
  member = app.server.byRole(400);
  ownerApi = await login(app.server, owner);
  memberApi = await login(app.server, member);
  generalId = (await ownerApi.ok('GET', '/get_stream_id', { stream: 'general' }))['stream_id'] as number;
  // Both topics exist (read) before the user follows one.
  await send(memberApi, plain, 'Start of the plain topic');
  await send(memberApi, followed, 'Start of the followed topic');
  await ownerApi.ok('POST', '/user_topics', { stream_id: generalId, topic: followed, visibility_policy: 3 });
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, owner);
}, 120_000);
afterAll(async () => {
  await app?.close();
});
keyTable(
  'keys that go to another view, pressed in Chromium',
  ROWS,
  () => page,
  () => ownerApi,
);
