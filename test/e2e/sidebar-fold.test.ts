/**
 * The sidebar's topics of the channel just left, in real Chromium: leaving #general for the
 * Inbox folds them at once, and nothing in the sidebar changes by itself after what it said was
 * read. They used to fold a frame later, so the whole-app sweeps' step (read the toggle, unfold
 * only if folded, take the first topic) lost that topic when its read came first, which a busy
 * machine made likely (issue 28).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChannelFromSidebar, startSignedInAsOwner, UI_TIMEOUT, type E2eApp } from './support';

let app: E2eApp;
let page: Page;

beforeAll(async () => {
  app = await startSignedInAsOwner('sidebar-fold');
  page = app.page;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

interface Said {
  expanded: string | null;
  /** Whether the topics are a list in the accessibility tree (not hidden from it). */
  listed: boolean;
}

describe('topics of the channel just left', () => {
  it('are folded in the same task that leaves it, not a frame later', async () => {
    await openChannelFromSidebar(page, 'general');
    const channels = page.getByRole('navigation', { name: 'Channels' });
    await channels.getByRole('list', { name: 'Topics in general' }).waitFor({ timeout: UI_TIMEOUT });
    // Read inside the page, before any frame: the click on Inbox and the reads share one task
    // (its microtasks, where the view updates), which no machine's load can split apart.
    const [atOnce, later] = await page.evaluate(async (): Promise<[Said, Said]> => {
      const nav = document.querySelector('nav[aria-label="Channels"]')!;
      const said = (): Said => ({
        expanded: nav.querySelector('button[aria-label="Topics in general"]')?.getAttribute('aria-expanded') ?? null,
        listed: nav.querySelector('ul[aria-label="Topics in general"]:not([aria-hidden="true"])') !== null,
      });
      const inbox = [...document.querySelectorAll<HTMLButtonElement>('nav[aria-label="Views"] button')].find(
        (b) => b.textContent?.trim() === 'Inbox',
      );
      inbox!.click();
      for (let i = 0; i < 10; i++) await Promise.resolve();
      const first = said();
      // Past the Inbox's first paint and the task after it, where the sidebar gives the room back.
      await new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      return [first, said()];
    });
    expect(atOnce).toEqual({ expanded: 'false', listed: false });
    expect(later).toEqual(atOnce);
  });

  it('unfold again from their toggle, and the first of them opens, as the sweeps take it', async () => {
    const channels = page.getByRole('navigation', { name: 'Channels' });
    const toggle = channels.getByRole('button', { name: 'Topics in general' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await channels.getByRole('list', { name: 'Topics in general' }).getByRole('button').first().click();
    await expect
      .poll(() => page.locator('main').getAttribute('aria-label'), { timeout: UI_TIMEOUT })
      .toMatch(/^#general > /);
  });
});
