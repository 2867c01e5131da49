/**
 * The sticky recipient bar, in Chromium (#27 item 2 of the leftovers): as in Zulip, the bar of the
 * conversation at the top of the visible list stays pinned there while its messages scroll under
 * it, and names the conversation actually under it as the reader scrolls from one topic into the
 * next. It takes no room of its own in the list.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, ownerAndAmir, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';

let app: E2eApp;
let page: Page;
let channel: { stream_id: number; name: string };
const LONG = 'quarterly planning';
const NEXT = 'office move';

/** What is drawn at the top edge of the message list, a little in from its left. */
function atListTop(): Promise<{ sticky: boolean; text: string }> {
  return page.evaluate(() => {
    const scroller = document.querySelector('[role="log"]')!.parentElement!;
    const box = scroller.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 40, box.top + 8);
    const bar = hit?.closest('[data-sticky-recipient-bar]');
    return { sticky: bar !== null && bar !== undefined, text: bar?.textContent?.replace(/\s+/g, ' ').trim() ?? '' };
  });
}

/**
 * Scrolls the list so that the message holding `text` sits a little below its top edge, wheeling
 * towards it first until virtua has drawn it (`up` when it is above what is drawn).
 */
async function scrollTo(text: string, up: boolean): Promise<void> {
  const drawn = () => page.getByRole('log').locator('article', { hasText: text }).count();
  for (let i = 0; i < 40 && (await drawn()) === 0; i++) {
    await page.mouse.move(700, 300);
    await page.mouse.wheel(0, up ? -400 : 400);
    await page.waitForTimeout(100);
  }
  await page.evaluate((wanted) => {
    const scroller = document.querySelector('[role="log"]')!.parentElement!;
    const article = [...scroller.querySelectorAll('article')].find((a) => a.textContent?.includes(wanted))!;
    scroller.scrollTop += article.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 60;
  }, text);
  await page.waitForTimeout(150);
}

beforeAll(async () => {
  app = await startE2eApp('sticky-recipient-bar', { width: 1280, height: 700 });
  page = app.page;
  const { ownerLogin: o, owner, amir, channel: shared } = await ownerAndAmir(app);
  channel = shared;
  for (let i = 1; i <= 40; i++) await amir.sendToTopic(channel.stream_id, LONG, `Planning point ${i} of 40`);
  for (let i = 1; i <= 20; i++) await amir.sendToTopic(channel.stream_id, NEXT, `Moving note ${i} of 20`);
  await owner.markChannelRead(channel.stream_id);
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, o);
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('the sticky recipient bar', () => {
  it('stays at the top of the list, naming the topic whose messages scroll under it', async () => {
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: new RegExp(`^${channel.name}`) })
      .first()
      .click();
    const log = page.getByRole('log', { name: `#${channel.name}` });
    await log.getByText('Moving note 20 of 20').waitFor({ timeout: UI_TIMEOUT });
    // Up into the long topic: virtua draws the rows as they come into view.
    await scrollTo('Planning point 20 of 40', true);
    await expect.poll(atListTop, { timeout: UI_TIMEOUT }).toMatchObject({ sticky: true });
    const mid = await atListTop();
    expect(mid.text).toContain(`#${channel.name}`);
    expect(mid.text).toContain(LONG);
    expect(mid.text).not.toContain(NEXT);
    await page.screenshot({ path: join(ARTIFACTS, 'sticky-recipient-bar-mid-topic.png') });

    // Further down, into the next topic: the pinned bar names that one.
    await scrollTo('Moving note 10 of 20', false);
    await expect.poll(async () => (await atListTop()).text, { timeout: UI_TIMEOUT }).toContain(NEXT);
    await page.screenshot({ path: join(ARTIFACTS, 'sticky-recipient-bar-next-topic.png') });
  });

  it('gives way to a bar of the list that is itself at the top, and opens the topic it names', async () => {
    const log = page.getByRole('log', { name: `#${channel.name}` });
    // The next topic's own bar just below the top edge: only it is drawn, not a pinned copy.
    await page.evaluate((topic) => {
      const scroller = document.querySelector('[role="log"]')!.parentElement!;
      const bar = [...scroller.querySelectorAll('[data-recipient-bar]')].find((b) => b.textContent?.includes(topic))!;
      scroller.scrollTop += bar.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 2;
    }, NEXT);
    await expect.poll(async () => (await atListTop()).sticky, { timeout: UI_TIMEOUT }).toBe(false);
    // Back into the long topic; a click on the pinned topic opens it, as the list's own bar does.
    await scrollTo('Planning point 30 of 40', true);
    await expect.poll(async () => (await atListTop()).text, { timeout: UI_TIMEOUT }).toContain(LONG);
    const scroller = await log.evaluate((l) => l.parentElement!.getBoundingClientRect());
    await page.mouse.click(scroller.x + 40 + 120, scroller.y + 12);
    await page.getByRole('heading', { name: `#${channel.name} > ${LONG}` }).waitFor({ timeout: UI_TIMEOUT });
  });
});
