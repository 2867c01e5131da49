/**
 * The reader's wheel against the list following its end, in real Chromium. The list follows a new
 * message by asking virtua to scroll to its last row, and virtua repeats that scroll each time a
 * row is measured until 150 ms pass with none. A reader who wheels up within that moment, while a
 * row is still being measured (its read state or an image changes its height), used to be pulled
 * back to the end. Timed inside the page, so the race is hit on every run, not by chance.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import {
  ARTIFACTS,
  UI_TIMEOUT,
  openChannelFromSidebar,
  ownerAndMember,
  signInThroughUi,
  startE2eApp,
  type E2eApp,
} from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;

beforeAll(async () => {
  e2e = await startE2eApp('follow-wheel', { width: 1280, height: 860 });
  ({ server, page } = e2e);
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, server.byRole(100));
});

afterAll(async () => {
  await e2e?.close();
});

interface Outcome {
  /** Pixels from the end right after the reader's wheel. */
  afterWheel: number;
  /** Pixels from the end once the rows' measuring is long over. */
  atRest: number;
}

/**
 * Waits in the page for the article holding `text`, lets the list follow it (two frames), then
 * (inside that frame's callbacks, where the list may ask to follow again before the wheel's scroll
 * event, or from a task of its own, as input comes) wheels up by 400 px as a reader does (the wheel event, then the scroll) and, 30 ms later, has a
 * row above measured 60 px taller. Answers where the list is right after the wheel and 600 ms on.
 */
async function wheelAsTheListFollows(text: string, fromTask: boolean): Promise<() => Promise<Outcome>> {
  await page.getByRole('log').evaluate(
    (log, [wanted, asTask]) => {
      (window as unknown as { outcome: Promise<Outcome> }).outcome = new Promise<Outcome>((resolve) => {
        const scroller = log.parentElement!;
        const fromEnd = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
        const frame = () => new Promise((done) => requestAnimationFrame(done));
        const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
        const act = async (article: Element) => {
          await frame();
          await frame();
          if (asTask) await pause(0);
          scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -400, bubbles: true }));
          scroller.scrollTop -= 400;
          await frame();
          const afterWheel = fromEnd();
          await pause(30);
          const above = article.closest('[role="listitem"]')?.previousElementSibling?.querySelector('article');
          (above as HTMLElement | null)?.style.setProperty('padding-bottom', '60px');
          await pause(600);
          resolve({ afterWheel, atRest: fromEnd() });
        };
        const watcher = new MutationObserver(() => {
          const article = [...log.querySelectorAll('article')].find((a) => a.textContent?.includes(wanted));
          if (!article) return;
          watcher.disconnect();
          void act(article);
        });
        watcher.observe(log, { childList: true, subtree: true, characterData: true });
      });
    },
    [text, fromTask] as const,
  );
  return () => page.evaluate(() => (window as unknown as { outcome: Promise<Outcome> }).outcome);
}

it('leaves the reader where the wheel took them, though a row is measured as the list follows a new one', async () => {
  const { ownerHttp, memberHttp, channel } = await ownerAndMember(server);
  const topic = `wheel ${Date.now().toString(36)}`;
  // A screenful and more, so there is room to wheel up.
  for (let i = 0; i < 30; i++) await memberHttp.sendToTopic(channel.stream_id, topic, `Filler line ${i}`);
  await ownerHttp.markChannelRead(channel.stream_id);
  await openChannelFromSidebar(page, channel.name);
  const log = page.getByRole('log', { name: `#${channel.name}` });
  await log.getByText('Filler line 29').waitFor({ timeout: UI_TIMEOUT });

  for (let round = 0; round < 4; round++) {
    // Back at the end, following again.
    await log.evaluate((el) => {
      const scroller = el.parentElement!;
      scroller.scrollTop = scroller.scrollHeight;
    });
    await expect
      .poll(
        () =>
          log.evaluate((el) => {
            const s = el.parentElement!;
            return s.scrollHeight - s.scrollTop - s.clientHeight;
          }),
        { timeout: UI_TIMEOUT },
      )
      .toBeLessThan(40);
    const text = `Arrives as the reader wheels ${round} ${Date.now().toString(36)}`;
    const outcome = await wheelAsTheListFollows(text, round % 2 === 1);
    await memberHttp.sendToTopic(channel.stream_id, topic, text);
    const { afterWheel, atRest } = await outcome();
    await page.screenshot({ path: join(ARTIFACTS, `follow-wheel-${round}.png`) });
    expect(afterWheel).toBeGreaterThan(300);
    // Where the wheel left it (a row above grew, which moves nothing below it): not back at the end.
    expect(atRest).toBeGreaterThan(300);
  }
});
