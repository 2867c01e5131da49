/**
 * Zulip's keyboard shortcuts in the real UI, and the confirmation before "Mark all as read":
 * `?` lists the shortcuts, Esc closes, `/` goes to search, j/k select messages, r replies in the
 * selected message's topic, c starts a new topic, x goes to the people picker, n opens the next
 * unread topic.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, openChannelFromSidebar, UI_TIMEOUT, type E2eApp, startSignedInAsOwner } from './support';

let app: E2eApp;
let page: Page;
const focusedLabel = () =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');

beforeAll(async () => {
  app = await startSignedInAsOwner('keyboard');
  page = app.page;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('keyboard shortcuts', () => {
  it('? shows the list of shortcuts, Esc closes it', async () => {
    await page.locator('body').click({ position: { x: 700, y: 400 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor({ timeout: UI_TIMEOUT });
    await expect(help.getByRole('row').count()).resolves.toBeGreaterThanOrEqual(9);
    await page.screenshot({ path: join(ARTIFACTS, 'keyboard-help.png') });
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    // Discoverable without knowing `?`: the sidebar names it.
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).isVisible()).resolves.toBe(true);
  });

  it('/ focuses search; typing there does not trigger shortcuts; Esc leaves it', async () => {
    await page.keyboard.press('/');
    expect(await focusedLabel()).toBe('Search messages');
    await page.keyboard.type('jk?');
    await expect(page.getByRole('searchbox', { name: 'Search messages' }).inputValue()).resolves.toBe('jk?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
    await page.keyboard.press('Escape');
    expect(await focusedLabel()).not.toBe('Search messages');
  });

  it('n opens the next unread topic; j/k select messages; r replies in that topic', async () => {
    await page.keyboard.press('n');
    const log = page.getByRole('log');
    await log.getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('j');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-message-id'));
    expect(Number(first)).toBeGreaterThan(0);
    await page.keyboard.press('j');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('data-message-id'));
    expect(Number(second)).toBeGreaterThan(Number(first));
    await page.keyboard.press('k');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-message-id'))).toBe(first);
    await page.screenshot({ path: join(ARTIFACTS, 'keyboard-selected.png') });
    await page.keyboard.press('r');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('compose-message');
    await page.keyboard.press('Escape');
  });

  it('c starts a new topic in the channel; x opens the new direct message picker', async () => {
    await openChannelFromSidebar(page, 'general');
    await page.getByRole('log').getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
    await page.locator('body').click({ position: { x: 700, y: 60 } });
    await page.keyboard.press('c');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: UI_TIMEOUT })
      .toBe('compose-topic');
    await page.keyboard.press('Escape');
    await page.keyboard.press('x');
    await page.getByRole('dialog', { name: 'New direct message' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await focusedLabel()).toBe('Add people');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });
});

describe('Mark all as read', () => {
  it('asks first; Cancel marks nothing, confirming marks everything', async () => {
    const title = () => page.title();
    await expect.poll(title, { timeout: UI_TIMEOUT }).toMatch(/^\(\d+\) Parley$/);
    const before = await title();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark all messages as read?' });
    await dialog.waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'mark-all-confirm.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await title()).toBe(before);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page
      .getByRole('dialog', { name: 'Mark all messages as read?' })
      .getByRole('button', { name: 'Mark all as read' })
      .click();
    await expect.poll(title, { timeout: UI_TIMEOUT }).toBe('Parley');
  });
});

describe('the header', () => {
  it('stays on one line from 900 to 1600 pixels wide', async () => {
    for (const width of [900, 1024, 1280, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await page
        .locator('header')
        .first()
        .evaluate((header) => {
          const tops = new Set<number>();
          for (const child of header.children) {
            const r = child.getBoundingClientRect();
            if (r.width > 0 && getComputedStyle(child).position !== 'absolute')
              tops.add(Math.round(r.top + r.height / 2));
          }
          return { centers: [...tops], height: header.getBoundingClientRect().height };
        });
      // Every item sits on the same line (their vertical centres within a few pixels).
      expect(Math.max(...lines.centers) - Math.min(...lines.centers), `at ${width}px`).toBeLessThan(8);
      expect(lines.height, `at ${width}px`).toBeLessThan(64);
      if (width === 900)
        await page.screenshot({ path: join(ARTIFACTS, 'header-900.png'), clip: { x: 0, y: 0, width, height: 80 } });
    }
  });
});
