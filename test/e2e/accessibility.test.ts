/**
 * Keyboard and screen-reader correctness in real Chromium (issue 26, item 4): Enter on a focused
 * control activates it instead of the reply shortcut, Tab leaves the search box, dialogs keep the
 * focus and give it back, menus and the emoji picker give it back, skip links, unread counts in
 * words, toasts through a live region that was there first, the safe choice focused when signing
 * out. The axe-core scan of every screen in both themes is in accessibility-axe.test.ts.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Api } from '../devserver/support';
import type { DevServerUser } from '../helpers/devserver';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';

let app: E2eApp;
let page: Page;
let owner: DevServerUser;
let memberApi: Api;

/** What has the focus: its role or tag, and its accessible name as far as the DOM says it. */
const focused = (): Promise<{ tag: string; role: string | null; name: string; id: string; inDialog: boolean }> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      role: el?.getAttribute('role') ?? null,
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      id: el?.id ?? '',
      inDialog: el?.closest('[role="dialog"]') !== null && el?.closest('[role="dialog"]') !== undefined,
    };
  });
const shoot = (name: string): Promise<Buffer> => page.screenshot({ path: join(ARTIFACTS, `a11y-${name}.png`) });

beforeAll(async () => {
  app = await startE2eApp('a11y');
  page = app.page;
  owner = app.server.byRole(100);
  memberApi = await login(app.server, app.server.byRole(400));
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, owner);
  await page
    .getByRole('navigation', { name: 'Channels' })
    .getByRole('button', { name: 'general', exact: true })
    .click();
  await page.getByRole('log').getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('controls keep their own keys', () => {
  it('Enter on a message’s ⋯ button opens its menu (not reply); Escape closes it and focus returns', async () => {
    const trigger = page.getByRole('log').getByRole('button', { name: 'Message actions' }).first();
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor({ timeout: UI_TIMEOUT });
    expect((await focused()).role).toBe('menuitem');
    expect((await focused()).id).not.toBe('compose-message');
    await shoot('01-menu-by-enter');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await focused()).toMatchObject({ tag: 'button', name: 'Message actions' });
    // Escape closed the menu only: the conversation is still open.
    await expect(page.getByRole('log').count()).resolves.toBe(1);
  });

  it('the emoji picker chosen from that menu gives the focus back to the ⋯ button', async () => {
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Add reaction' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('menuitem', { name: 'Add reaction' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('searchbox', { name: 'Search emoji' }).waitFor({ timeout: UI_TIMEOUT });
    expect((await focused()).name).toBe('Search emoji');
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Search emoji' }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await expect.poll(async () => (await focused()).name).toBe('Message actions');
  });

  it('Enter on the sender opens the user card; Tab stays in it; Escape closes it back to the sender', async () => {
    const sender = page.getByRole('log').getByRole('article').first().locator('button.sender');
    await sender.focus();
    // Marked once focused (the list may load older rows meanwhile, so `first()` can move on).
    await page.evaluate(() => document.activeElement?.setAttribute('data-opener', 'yes'));
    expect((await focused()).tag).toBe('button');
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog');
    await card.waitFor({ timeout: UI_TIMEOUT });
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect((await focused()).inDialog, `after ${i + 1} Tabs`).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused()).inDialog, `after ${i + 1} Shift+Tabs`).toBe(true);
    }
    // A click on the page behind does not take the focus out either, so Escape still closes it.
    await page.mouse.click(5, 890);
    expect((await focused()).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-opener'))).toBe('yes');
  });

  it('Tab leaves the search box without taking a suggestion; a suggestion chosen by arrow is taken', async () => {
    const box = page.getByRole('searchbox', { name: 'Search messages' });
    await box.focus();
    await page.keyboard.type('st');
    await page.getByRole('listbox', { name: 'Search suggestions' }).waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Tab');
    expect((await focused()).name).not.toBe('Search messages');
    await expect(box.inputValue()).resolves.toBe('st');
    await box.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect((await focused()).name).toBe('Search messages');
    await expect(box.inputValue()).resolves.not.toBe('st');
    await box.fill('');
    await page.keyboard.press('Escape');
  });
});

describe('dialogs', () => {
  it('the sign-out question focuses Cancel, keeps Tab inside, and gives focus back to Sign out', async () => {
    const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
    await signOut.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Sign out of/ });
    await dialog.waitFor({ timeout: UI_TIMEOUT });
    expect(await focused()).toMatchObject({ tag: 'button', name: 'Cancel' });
    await shoot('02-sign-out-safe-choice');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect((await focused()).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await expect.poll(async () => (await focused()).name).toBe('Sign out');
    // Still signed in: Escape cancelled.
    await expect(page.getByRole('navigation', { name: 'Channels' }).isVisible()).resolves.toBe(true);
  });

  it('the shortcuts list, opened by its button, returns the focus there', async () => {
    const button = page.getByRole('button', { name: 'Keyboard shortcuts (?)' });
    await button.focus();
    await page.keyboard.press('Enter');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Tab');
    expect((await focused()).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await expect.poll(async () => (await focused()).name).toBe('Keyboard shortcuts (?)');
  });
});

describe('skip links', () => {
  it('the first Tab shows “Skip to messages”, which focuses a message; the next one goes to compose', async () => {
    // The first Tab after the window opens (a reload: the same conversation comes back).
    await page.reload();
    await page.getByRole('log').getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'button', name: 'Skip to messages' });
    const box = await page.getByRole('button', { name: 'Skip to messages' }).boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    await shoot('03-skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-message-id'))).toMatch(/^\d+$/);
    await page.reload();
    await page.getByRole('log').getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await focused()).name).toBe('Skip to compose');
    await page.keyboard.press('Enter');
    expect((await focused()).id).toBe('compose-message');
    await page.keyboard.press('Escape');
  });
});

describe('screen readers', () => {
  it('read unread counts as words; no aria-controls names an element that is not there', async () => {
    // One snapshot of every badge (read in two queries, a count that changed between them made
    // the lists differ: a flake, not a fault).
    const badges = await page
      .getByRole('navigation', { name: 'Channels' })
      .locator('.badge')
      .evaluateAll((els) =>
        els.map((badge) => ({
          // The short figure the eye sees is hidden from them, so nothing is read twice.
          figure: badge.querySelector('[aria-hidden="true"]')?.textContent ?? null,
          spoken: [...badge.childNodes]
            .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
            .map((n) => n.textContent)
            .join(''),
        })),
      );
    expect(badges.length).toBeGreaterThan(0);
    for (const { figure, spoken } of badges) {
      expect(spoken).toMatch(/^\d+ unread$/);
      expect(figure).toMatch(/^\d+\+?$/);
    }
    const dangling = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-controls]')]
        .flatMap((el) => (el.getAttribute('aria-controls') ?? '').split(/\s+/))
        .filter((id) => id && !document.getElementById(id)),
    );
    expect(dangling).toEqual([]);
  });

  it('announce a toast through a live region that was on the page, empty, before it', async () => {
    const announcer = page.getByTestId('toast-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    expect(await announcer.getAttribute('role')).toBe('status');
    await expect(announcer.textContent()).resolves.toBe('');
    const text = `Are you there? ${Date.now().toString(36)}`;
    await memberApi.ok('POST', '/messages', { type: 'direct', to: [owner.userId], content: text });
    await expect.poll(() => announcer.textContent(), { timeout: UI_TIMEOUT }).toContain(text);
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('group')
      .filter({ hasText: text })
      .waitFor({ timeout: UI_TIMEOUT });
    await shoot('04-toast');
  });
});
