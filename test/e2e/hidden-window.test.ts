/**
 * A window nobody sees draws nothing (issue 28 item 5): while the page is hidden (minimized, in
 * the tray), messages arriving in the open channel change neither the message list nor the
 * sidebar, and nothing is marked as read on the server; shown again, the page draws them all at
 * once and the reading goes on. Real Chromium, the real core and dev server; the page's
 * visibility is set the way the browser reports it (`visibilityState` and its event), as a
 * headless browser never hides a page on its own.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  openChannelFromSidebar,
  ownerAndAmir,
  signInThroughUi,
  startE2eApp,
  UI_TIMEOUT,
  type E2eApp,
} from './support';
import type { ZulipUser } from './zulip-http';

let app: E2eApp;
let page: Page;
let amir: ZulipUser;
let owner: ZulipUser;
let channel: { stream_id: number; name: string };
const TOPIC = 'night shift';

beforeAll(async () => {
  app = await startE2eApp('hidden-window', { width: 1280, height: 700 });
  page = app.page;
  const { ownerLogin: o, owner: ownerUser, amir: amirUser, channel: shared } = await ownerAndAmir(app);
  owner = ownerUser;
  amir = amirUser;
  channel = shared;
  await amir.sendToTopic(channel.stream_id, TOPIC, 'Shift starts at ten');
  await owner.markChannelRead(channel.stream_id);
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, o);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** Tells the page it is hidden or shown, as the browser does when the window is minimized or restored. */
async function setHidden(hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

it('draws nothing and marks nothing read while hidden; shown again, draws what came and reads on', async () => {
  await openChannelFromSidebar(page, channel.name);
  const log = page.getByRole('log', { name: `#${channel.name}` });
  await log.getByText('Shift starts at ten').waitFor({ timeout: UI_TIMEOUT });

  await setHidden(true);
  // Every change to the message list and the sidebar from here on.
  await page.evaluate(() => {
    const w = window as unknown as { drawn: string[] };
    w.drawn = [];
    const watch = (el: Element | null, what: string) => {
      if (!el) throw new Error(`no ${what} to watch`);
      new MutationObserver((records) => w.drawn.push(...records.map((r) => `${what}: ${r.type}`))).observe(el, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    };
    watch(document.querySelector('[role="log"]'), 'message list');
    watch(document.querySelector('nav[aria-label="Channels"]'), 'sidebar');
  });
  const sent: number[] = [];
  for (let i = 1; i <= 3; i++) sent.push(await amir.sendToTopic(channel.stream_id, TOPIC, `Hidden note ${i} of 3`));
  // The server sends events in order and typing is not held back: once the page shows amir
  // typing, the three messages have reached it too.
  await amir.typingIn(channel.stream_id, TOPIC, 'start');
  await page.getByText(/is typing/).waitFor({ timeout: UI_TIMEOUT });

  expect(await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn)).toEqual([]);
  expect(await log.getByText('Hidden note 1 of 3').count()).toBe(0);
  expect((await owner.unreadIn(channel.stream_id, TOPIC)).sort()).toEqual([...sent].sort());

  await setHidden(false);
  await log.getByText('Hidden note 3 of 3').waitFor({ timeout: UI_TIMEOUT });
  for (let i = 1; i <= 3; i++) expect(await log.getByText(`Hidden note ${i} of 3`).count()).toBe(1);
  // At the end of the channel, in view: read now, as for any message that arrives while shown.
  await expect.poll(() => owner.unreadIn(channel.stream_id, TOPIC), { timeout: UI_TIMEOUT }).toEqual([]);
  await amir.typingIn(channel.stream_id, TOPIC, 'stop');
});
