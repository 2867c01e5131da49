/**
 * The virtualized message list in real Chromium (jsdom has no layout, so scrolling is checked
 * here): a long channel opens at its newest message, scrolling up loads older pages without
 * moving what the reader looks at, only the rows near the viewport are in the DOM, and live
 * messages follow the bottom only when the reader is there.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { createCore } from '../../main/core';
import type { BridgeHost } from '../../main/host/bridge-host';
import type { RunningDevServer } from '../helpers/devserver';
import { ARTIFACTS, UI_TIMEOUT, ownerAndMember, signInThroughUi, startE2eApp, type E2eApp } from './support';

/** More than three pages of 100, so opening and scrolling up takes several loads. */
const LONG = 350;

let e2e: E2eApp;
let server: RunningDevServer;
let app: { core: Awaited<ReturnType<typeof createCore>>; host: BridgeHost };
let page: Page;

const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
const shoot = (name: string): Promise<Buffer> => page.screenshot({ path: join(ARTIFACTS, `message-list-${name}.png`) });

/** Where the reader is: the scroll container of the log, and the message mid-screen. */
interface View {
  fromBottom: number;
  scrollTop: number;
  /** Rows the list holds (aria-setsize), mounted or not. */
  loaded: number;
  /** `article` elements in the DOM. */
  mounted: number;
  /** The message across the middle of the viewport: the one the reader is looking at. */
  middleId: string | null;
  /** Pixels from the top of the viewport to the top of that message. */
  middleTop: number;
}

/**
 * Reads the view; with `scrollTo`, scrolls the log there first, in the same task, so the view is
 * the one the scroll produced before any handler (such as loading older messages) ran.
 */
function readView(scrollTo?: number): Promise<View> {
  return page.getByRole('log').evaluate((log, to) => {
    const scroller = log.parentElement!;
    if (to !== undefined) scroller.scrollTop = to;
    const box = scroller.getBoundingClientRect();
    const articles = [...log.querySelectorAll('article')].sort(
      (a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top,
    );
    const middle = box.top + box.height / 2;
    const rows = [...log.querySelectorAll('[role="listitem"]')];
    const seen = rows.find((r) => r.getBoundingClientRect().top <= middle && r.getBoundingClientRect().bottom > middle);
    return {
      fromBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
      scrollTop: scroller.scrollTop,
      loaded: Number(log.querySelector('[role="listitem"]')?.getAttribute('aria-setsize') ?? 0),
      mounted: articles.length,
      middleId: seen?.querySelector('article')?.getAttribute('data-message-id') ?? null,
      middleTop: seen ? seen.getBoundingClientRect().top - box.top : 0,
    };
  }, scrollTo);
}

/**
 * Waits until rows cover the middle of the viewport and a painted frame changes nothing in the
 * view: virtua has mounted and measured what the last scroll revealed.
 */
async function settled(): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        await frames();
        const view = await readView();
        const now = JSON.stringify(view);
        const same = now === last;
        last = now;
        return same && view.middleId !== null;
      },
      { timeout: UI_TIMEOUT },
    )
    .toBe(true);
}

/**
 * Scrolls the log up with the mouse wheel, as a reader does (a wheel also cancels virtua's
 * pending scroll-to-newest), until it rests a little below `target`: close enough that the rows
 * virtua mounted (its buffer reaches 200px above the viewport) still cover the view at `target`.
 */
async function wheelUpTo(target: number): Promise<void> {
  // The log is as tall as its content; its scroll container is the part on screen.
  const box = await page.getByRole('log').evaluate((log) => {
    const { x, y, width, height } = log.parentElement!.getBoundingClientRect();
    return { x, y, width, height };
  });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(
      async () => {
        const { scrollTop } = await readView();
        if (scrollTop > target + 150) await page.mouse.wheel(0, target - scrollTop);
        await settled();
        return (await readView()).scrollTop;
      },
      { timeout: UI_TIMEOUT },
    )
    .toBeLessThanOrEqual(target + 150);
}

/** Lets the page paint twice, so virtua has mounted and measured the rows a scroll revealed. */
function frames(): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

beforeAll(async () => {
  e2e = await startE2eApp('list', { width: 1280, height: 860 });
  ({ server, page } = e2e);
  app = { core: e2e.core, host: e2e.host };
});

afterAll(async () => {
  await e2e?.close();
});

it('opens a long channel at the newest message, pages older in place, and mounts only what is near', async () => {
  const { ownerHttp, memberHttp, channel } = await ownerAndMember(server);

  // Messages of uneven height: every fifth carries a code block, every seventh several lines.
  const topic = `long ${Date.now().toString(36)}`;
  for (let i = 0; i < LONG; i++) {
    let content = `Long list message ${i}`;
    if (i % 5 === 0) content += `\n\`\`\`\nconst line${i} = ${i};\nconsole.log(line${i});\n\`\`\``;
    if (i % 7 === 0) content += '\n\nA second paragraph.\n\nAnd a third one.';
    await memberHttp.sendToTopic(channel.stream_id, topic, content);
  }

  // Read already, so the channel opens at its newest end (a narrow opens at its first unread).
  await ownerHttp.markChannelRead(channel.stream_id);
  await page.goto(app.host.url);
  await signInThroughUi(page, server.baseUrl, server.byRole(100));
  const channels = page.getByRole('navigation', { name: 'Channels' });
  await visible(channels);
  // Every message row put into the page, in order: the first ones must be those the reader sees.
  await page.evaluate(() => {
    const added: string[] = [];
    (window as unknown as { addedRows: string[] }).addedRows = added;
    new MutationObserver(() => {
      for (const article of document.querySelectorAll('[role="log"] article')) {
        const text = /Long list message (\d+)/.exec(article.textContent ?? '')?.[1];
        if (text !== undefined && !added.includes(text)) added.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await channels.getByRole('button', { name: channel.name, exact: true }).click();

  // --- Opens scrolled to the newest message.
  const messageLog = page.getByRole('log', { name: `#${channel.name}` });
  await visible(messageLog.getByRole('article').filter({ hasText: `Long list message ${LONG - 1}` }));
  await expect.poll(async () => (await readView()).fromBottom, { timeout: UI_TIMEOUT }).toBeLessThan(40);
  await shoot('01-newest');
  // Placed before its first rows were drawn: not the top of the page first, then a jump.
  const added = (await page.evaluate(() => (window as unknown as { addedRows: string[] }).addedRows)).map(Number);
  expect(added[0]).toBeGreaterThan(LONG - 40);
  expect(Math.min(...added)).toBeGreaterThan(LONG - 60);

  // --- Scrolling up loads older pages; each prepend keeps the same message in the same place.
  for (let round = 0; round < 3; round++) {
    const before = await readView();
    // Just outside the loading edge first, so virtua mounts the rows there (with its buffer of
    // 200px above); then into the edge: the view read in that same task is what the reader saw.
    await wheelUpTo(400);
    const atTop = await readView(280);
    expect(atTop.middleId).not.toBeNull();
    await expect.poll(async () => (await readView()).loaded, { timeout: UI_TIMEOUT }).toBeGreaterThan(before.loaded);
    await settled();
    const after = await readView();
    expect(after.middleId).toBe(atTop.middleId);
    expect(Math.abs(after.middleTop - atTop.middleTop)).toBeLessThan(4);
    expect(Math.abs(after.fromBottom - atTop.fromBottom)).toBeLessThan(4);
    // The page went in above: the same message now sits further down the scroll height.
    expect(after.scrollTop).toBeGreaterThan(atTop.scrollTop + 1000);
  }
  await shoot('02-older-loaded');

  // --- Far fewer rows in the DOM than loaded.
  const loadedView = await readView();
  expect(loadedView.loaded).toBeGreaterThanOrEqual(LONG);
  expect(loadedView.mounted).toBeGreaterThan(0);
  expect(loadedView.mounted).toBeLessThan(loadedView.loaded / 5);

  // --- A row's actions menu opens over the rows below it, and its items can be clicked.
  if (!loadedView.middleId) throw new Error('No message across the middle of the list');
  const middle = messageLog.locator(`article[data-message-id="${loadedView.middleId}"]`);
  await middle.hover();
  await middle.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Star message' }).click();
  await visible(middle.getByRole('img', { name: 'Starred' }));
  await shoot('03-starred-mid-list');

  // --- Scrolled up, a live message does not move the reader.
  const readingAt = await readView();
  const whileUp = `Arrived while reading older ${Date.now().toString(36)}`;
  await memberHttp.sendToTopic(channel.stream_id, topic, whileUp);
  await expect.poll(async () => (await readView()).loaded, { timeout: UI_TIMEOUT }).toBe(readingAt.loaded + 1);
  const stillReading = await readView();
  expect(stillReading.middleId).toBe(readingAt.middleId);
  expect(stillReading.scrollTop).toBe(readingAt.scrollTop);

  // --- Back at the bottom, live messages keep it there (and they are visible).
  await readView(1e9);
  await expect.poll(async () => (await readView()).fromBottom, { timeout: UI_TIMEOUT }).toBeLessThan(40);
  const atBottom = `Arrived at the bottom ${Date.now().toString(36)}`;
  await memberHttp.sendToTopic(channel.stream_id, topic, `${atBottom}\n\`\`\`\none\ntwo\nthree\n\`\`\``);
  const newest = messageLog.getByRole('article').filter({ hasText: atBottom });
  await visible(newest);
  await expect.poll(async () => (await readView()).fromBottom, { timeout: UI_TIMEOUT }).toBeLessThan(40);
  await expect.poll(() => newest.isVisible()).toBe(true);
  await shoot('04-live-at-bottom');
});

it('opens a topic at its first unread message, and marks read only what the reader has seen', async () => {
  const { ownerHttp, memberHttp, channel } = await ownerAndMember(server);
  // Away from the channel: while it is open at its end, arriving messages are seen (and read).
  await page.getByRole('navigation', { name: 'Direct messages' }).getByRole('button', { name: 'You' }).click();
  const topic = `unread ${Date.now().toString(36)}`;
  const UNREAD = 120;
  for (let i = 0; i < UNREAD; i++) await memberHttp.sendToTopic(channel.stream_id, topic, `Unread message ${i}`);

  // Found through search, as a reader following a link would: opening the topic is what counts.
  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await search.fill(`topic:"${topic}" message`);
  await search.press('Enter');
  const results = page.getByRole('region', { name: 'Search results' });
  await results
    .getByRole('button', { name: `#${channel.name} > ${topic}` })
    .first()
    .click();
  const messageLog = page.getByRole('log', { name: `#${channel.name} > ${topic}` });
  const first = messageLog.getByRole('article').filter({ has: page.getByText('Unread message 0', { exact: true }) });
  await visible(first);
  await settled();
  // The first unread message is near the top of the view, far from the end.
  const box = await messageLog.evaluate((log) => log.parentElement!.getBoundingClientRect().top);
  expect((await first.boundingBox())!.y - box).toBeLessThan(200);
  expect((await readView()).fromBottom).toBeGreaterThan(1000);
  await shoot('05-first-unread');
  // What is on screen is read; what is below it is not.
  const ids = (await memberHttp.newestMessages(
    [
      { operator: 'channel', operand: channel.stream_id },
      { operator: 'topic', operand: topic },
    ],
    UNREAD,
  )) as { id: number }[];
  const [firstId, lastId] = [ids[0]!.id, ids.at(-1)!.id];
  await expect
    .poll(async () => (await ownerHttp.unreadIn(channel.stream_id, topic)).includes(firstId), { timeout: UI_TIMEOUT })
    .toBe(false);
  const afterOpening = await ownerHttp.unreadIn(channel.stream_id, topic);
  expect(afterOpening).toContain(lastId);
  expect(afterOpening.length).toBeGreaterThan(UNREAD / 2);

  // Scrolled part of the way: the messages passed are read too, the rest still not.
  const halfway = await readView();
  await readView(halfway.scrollTop + 1000);
  await settled();
  await expect
    .poll(async () => (await ownerHttp.unreadIn(channel.stream_id, topic)).length, { timeout: UI_TIMEOUT })
    .toBeLessThan(afterOpening.length);
  expect(await ownerHttp.unreadIn(channel.stream_id, topic)).toContain(lastId);

  // Scrolled through to the end: now they are read.
  await expect
    .poll(
      async () => {
        await readView(1e9);
        await settled();
        return (await readView()).fromBottom;
      },
      { timeout: UI_TIMEOUT },
    )
    .toBeLessThan(40);
  await expect.poll(() => ownerHttp.unreadIn(channel.stream_id, topic), { timeout: UI_TIMEOUT }).toEqual([]);
});

it('keeps following the end after opening there until the reader scrolls, whatever else moves the list', async () => {
  const { ownerHttp, memberHttp, channel } = await ownerAndMember(server);
  await ownerHttp.markChannelRead(channel.stream_id);
  await page.getByRole('navigation', { name: 'Direct messages' }).getByRole('button', { name: 'You' }).click();
  await page
    .getByRole('navigation', { name: 'Channels' })
    .getByRole('button', { name: channel.name, exact: true })
    .click();
  const messageLog = page.getByRole('log', { name: `#${channel.name}` });
  // The newest message of the channel (sent in the test before) is on screen.
  await expect
    .poll(() => messageLog.getByRole('article').filter({ hasText: 'Unread message 119' }).isVisible(), {
      timeout: UI_TIMEOUT,
    })
    .toBe(true);
  await expect.poll(async () => (await readView()).fromBottom, { timeout: UI_TIMEOUT }).toBeLessThan(40);
  await settled();
  // A scroll the reader did not make: rows measured taller than their estimate move the list
  // like this on a loaded machine, between virtua's placing it at the end and its next frame.
  await readView((await readView()).scrollTop - 300);
  await frames();
  const arrived = `Arrived after the list moved by itself ${Date.now().toString(36)}`;
  await memberHttp.sendToTopic(channel.stream_id, `follow ${Date.now().toString(36)}`, arrived);
  const newest = messageLog.getByRole('article').filter({ hasText: arrived });
  await visible(newest);
  await expect.poll(async () => (await readView()).fromBottom, { timeout: UI_TIMEOUT }).toBeLessThan(40);
  await shoot('06-followed-after-moved');

  // The reader's own wheel does stop it, even right after the list followed the new row
  // (follow-end-wheel.test.ts times that race on purpose).
  const box = await messageLog.evaluate((log) => {
    const { x, y, width, height } = log.parentElement!.getBoundingClientRect();
    return { x: x + width / 2, y: y + height / 2 };
  });
  await page.mouse.move(box.x, box.y);
  await page.mouse.wheel(0, -400);
  await settled();
  const reading = await readView();
  expect(reading.fromBottom).toBeGreaterThan(200);
  await memberHttp.sendToTopic(
    channel.stream_id,
    `follow ${Date.now().toString(36)}`,
    `After the wheel ${Date.now().toString(36)}`,
  );
  await expect.poll(async () => (await readView()).loaded, { timeout: UI_TIMEOUT }).toBe(reading.loaded + 1);
  expect((await readView()).scrollTop).toBe(reading.scrollTop);
});
