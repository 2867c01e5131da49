/**
 * Zulip's reading and writing keys (issue 26, item 1), one table pressed in real Chromium: End /
 * Shift+G go to the last message and mark the view read; PgDn / Shift+J / Space and PgUp / Shift+K
 * scroll a screen and move the selection; ← edits the user's last message (from the list and from
 * an empty compose box); Shift+M mutes and unmutes the topic; in compose, Ctrl+B bolds and, with
 * Enter sending, Ctrl+Enter starts a new line without sending.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { login, type Api } from '../devserver/support';
import { openTopicFromSidebar, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { keyTable, type KeyRow } from './key-table';

let app: E2eApp;
let page: Page;
let ownerApi: Api;
let memberApi: Api;
let generalId = 0;
const run = Date.now().toString(36);
/** Holds the user's own message, newest. */
const mine = `mine ${run}`;
/** Long enough to scroll: read, opened at its end. */
const long = `long ${run}`;
let ownId = 0;

const LINE = 'A line of the long topic that takes some room on the screen, so the list has to scroll.';
const rowsLocator = () => page.locator('[role="log"] article[data-message-id]');
const selectedId = (): Promise<number> =>
  page.evaluate(() => Number(document.activeElement?.closest('article')?.getAttribute('data-message-id') ?? 0));
const scrollTop = (): Promise<number> =>
  page.evaluate(() => document.querySelector('[role="log"]')?.closest('.scroller')?.scrollTop ?? -1);
const compose = () => page.locator('#compose-message');

async function fill(topic: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const sent = await memberApi.ok('POST', '/messages', {
      type: 'channel',
      to: 'general',
      topic,
      content: `${i}. ${LINE}`,
    });
    ids.push(sent['id'] as number);
  }
  return ids;
}

async function openTopic(topic: string): Promise<void> {
  await openTopicFromSidebar(page, 'general', topic);
  await page
    .locator('[role="log"][aria-busy="false"] article[data-message-id]')
    .first()
    .waitFor({ timeout: UI_TIMEOUT });
  // The list settles where it opened (it keeps to the end while rows are measured) before keys scroll it.
  let last = -1;
  await expect
    .poll(async () => {
      const now = await scrollTop();
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
}

async function unreadIn(topic: string): Promise<number> {
  const narrow = JSON.stringify([
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: topic },
    { operator: 'is', operand: 'unread' },
  ]);
  const res = await ownerApi.ok('GET', '/messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow });
  return (res['messages'] as unknown[]).length;
}

async function topicPolicy(topic: string): Promise<number> {
  const res = await ownerApi.ok('POST', '/register', { fetch_event_types: JSON.stringify(['user_topic']) });
  const topics = res['user_topics'] as Array<{ stream_id: number; topic_name: string; visibility_policy: number }>;
  return topics.find((t) => t.stream_id === generalId && t.topic_name === topic)?.visibility_policy ?? 0;
}

const ROWS: KeyRow[] = [
  {
    keys: ['End', 'Shift+G'],
    does: 'goes to the last message and marks the conversation read',
    run: async (key) => {
      const topic = `unread ${key} ${run}`;
      const ids = await fill(topic, 30);
      await openTopic(topic);
      // Opened at its first unread message: the end is not in sight, so some are still unread.
      expect(await unreadIn(topic)).toBeGreaterThan(0);
      await page.keyboard.press(key);
      await expect.poll(selectedId, { timeout: UI_TIMEOUT }).toBe(ids[ids.length - 1]);
      await expect.poll(() => unreadIn(topic), { timeout: UI_TIMEOUT }).toBe(0);
    },
  },
  {
    keys: ['PageUp', 'Shift+K'],
    does: 'scrolls up a screen and selects a message higher up',
    run: async (key) => {
      await openTopic(long);
      await rowsLocator().last().focus();
      const [top, selected] = [await scrollTop(), await selectedId()];
      await page.keyboard.press(key);
      await expect.poll(scrollTop).toBeLessThan(top);
      await expect.poll(selectedId).toBeLessThan(selected);
    },
  },
  {
    keys: ['PageDown', 'Shift+J', ' '],
    does: 'scrolls down a screen and selects a message lower down',
    run: async (key) => {
      await openTopic(long);
      // Asked again until it stays: a list still following its end right after opening may be
      // taken back down by a row measured before the scroll event.
      await expect
        .poll(async () => {
          await page.evaluate(() => document.querySelector('[role="log"]')?.closest('.scroller')?.scrollTo({ top: 0 }));
          return scrollTop();
        })
        .toBe(0);
      await rowsLocator().first().focus({ timeout: UI_TIMEOUT });
      const selected = await selectedId();
      await page.keyboard.press(key);
      await expect.poll(scrollTop).toBeGreaterThan(0);
      await expect.poll(selectedId).toBeGreaterThan(selected);
    },
  },
  {
    keys: ['ArrowLeft'],
    does: 'edits the user’s last message, from the list and from an empty compose box',
    run: async (key) => {
      await openTopic(mine);
      const editor = page.locator(`article[data-message-id="${ownId}"]`).getByRole('textbox', { name: 'Edit message' });
      const editing = (): Promise<string | null> =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
      await rowsLocator().first().focus();
      await page.keyboard.press(key);
      await editor.waitFor({ timeout: UI_TIMEOUT });
      // The editor has the focus, so typing goes there and Escape only closes it.
      await expect.poll(editing).toBe('Edit message');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await compose().focus();
      await page.keyboard.press(key);
      await editor.waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(editing).toBe('Edit message');
      await page.keyboard.press('Escape');
      // In a compose box with text, ← is the caret's.
      await compose().fill('typing');
      await page.keyboard.press(key);
      expect(await editor.count()).toBe(0);
      await compose().fill('');
    },
  },
  {
    keys: ['Shift+M'],
    does: 'mutes the selected message’s topic, and unmutes it',
    run: async (key) => {
      await openTopic(mine);
      await page.locator(`article[data-message-id="${ownId}"]`).focus();
      await page.keyboard.press(key);
      await expect.poll(() => topicPolicy(mine), { timeout: UI_TIMEOUT }).toBe(1);
      await page.locator(`article[data-message-id="${ownId}"]`).focus();
      await page.keyboard.press(key);
      await expect.poll(() => topicPolicy(mine), { timeout: UI_TIMEOUT }).toBe(0);
    },
  },
  {
    keys: ['Control+b', 'Control+Enter'],
    does: 'in compose: bolds the selection / starts a new line without sending (Enter sends)',
    run: async (key) => {
      await openTopic(mine);
      await compose().fill('');
      await compose().pressSequentially('one');
      if (key === 'Control+b') {
        await page.keyboard.press('Control+a');
        await page.keyboard.press(key);
        await expect.poll(() => compose().inputValue()).toBe('**one**');
      } else {
        await page.keyboard.press(key);
        await compose().pressSequentially('two');
        await expect.poll(() => compose().inputValue()).toBe('one\ntwo');
        expect(await rowsLocator().filter({ hasText: 'two' }).count()).toBe(0);
      }
      await compose().fill('');
    },
  },
];

beforeAll(async () => {
  app = await startE2eApp('shortcuts-reading');
  page = app.page;
  ownerApi = await login(app.server, app.server.byRole(100));
  memberApi = await login(app.server, app.server.byRole(400));
  generalId = (await ownerApi.ok('GET', '/get_stream_id', { stream: 'general' }))['stream_id'] as number;
  await fill(long, 30);
  await memberApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic: mine, content: 'Before yours' });
  const sent = await ownerApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic: mine, content: 'Mine' });
  ownId = sent['id'] as number;
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, app.server.byRole(100));
}, 180_000);
afterAll(async () => {
  await app?.close();
});
keyTable(
  'reading and writing keys, pressed in Chromium',
  ROWS,
  () => page,
  () => ownerApi,
);
