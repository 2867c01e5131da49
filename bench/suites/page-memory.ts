/**
 * The page's memory as a reader leaves it (issue 28 item 4): on the `large` seed, the Combined
 * feed (103k messages) is opened at its end, scrolled up through 50 pages of older messages (5,000)
 * and back down to the end; then another user posts messages into it while it stays open at the
 * end. After each, with nothing forced (no GC), the renderer process's resident memory (/proc, the
 * page's renderer found through the browser's SystemInfo), the page's JS heap and its DOM nodes
 * (Chrome's Performance metrics), then once more after a forced GC, for reference. Figures only
 * (ctx.metric); thresholds in bench/thresholds.json (issue 28's goal: < 250 MiB unforced).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';
import { signIn } from './ui';
import { basicAuth, releasedCoreEntry, startLiveApp } from '../lib/live-app';
import { rendererRssMiB } from '../lib/renderer-memory';

const TIMEOUT = 30_000;
const MIB = 1024 * 1024;
/** Messages scrolled through, up and back down. */
const SCROLLED = 5000;

interface Memory {
  rssMiB: number;
  heapMiB: number;
  heapTotalMiB: number;
  nodes: number;
}

async function memory(browser: Browser, cdp: CDPSession): Promise<Memory> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return {
    rssMiB: await rendererRssMiB(browser),
    heapMiB: get('JSHeapUsedSize') / MIB,
    heapTotalMiB: get('JSHeapTotalSize') / MIB,
    nodes: get('Nodes'),
  };
}

/** The message ids at the top and bottom of the rows in the DOM, and how many rows the list holds. */
function edges(page: Page): Promise<{ top: number; bottom: number; loaded: number }> {
  return page.getByRole('log').evaluate((log) => {
    const ids = [...log.querySelectorAll('article[data-message-id]')].map((a) =>
      Number(a.getAttribute('data-message-id')),
    );
    const loaded = Number(log.querySelector('[role="listitem"]')?.getAttribute('aria-setsize') ?? 0);
    return { top: Math.min(...ids), bottom: Math.max(...ids), loaded };
  });
}

/** Scrolls the log to its top (`up`) or bottom and waits until rows beyond `past` are in the DOM. */
async function scrollPast(page: Page, up: boolean, past: number): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    await page.getByRole('log').evaluate((log, toTop) => {
      const scroller = log.parentElement!;
      scroller.scrollTop = toTop ? 0 : scroller.scrollHeight;
    }, up);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await edges(page);
    if (up ? now.top < past : now.bottom > past) return;
    if (Date.now() > deadline) throw new Error(`the list did not page ${up ? 'older' : 'newer'} in time`);
  }
}

/** The ids of the message `count` before the newest one the user can read (all, as the Combined feed), and of the newest. */
async function span(baseUrl: string, auth: string, count: number): Promise<{ oldest: number; newest: number }> {
  const query = new URLSearchParams({ anchor: 'newest', num_before: String(count), num_after: '0', narrow: '[]' });
  const res = await fetch(`${baseUrl}/api/v1/messages?${query}`, { headers: { authorization: auth } });
  const { messages } = (await res.json()) as { messages: { id: number }[] };
  if (messages.length < count) throw new Error(`only ${messages.length} messages on the server`);
  return { oldest: messages[0]!.id, newest: messages.at(-1)!.id };
}

function note(ctx: SuiteContext, when: string, m: Memory): void {
  ctx.metric(`page memory ${when}, renderer RSS`, m.rssMiB, 'MiB');
  ctx.metric(`page memory ${when}, JS heap used`, m.heapMiB, 'MiB');
  ctx.metric(`page memory ${when}, JS heap allocated`, m.heapTotalMiB, 'MiB');
  ctx.metric(`page memory ${when}, DOM nodes`, m.nodes, 'nodes');
}

async function measure(ctx: SuiteContext, coreEntry: string): Promise<void> {
  const app = await startLiveApp(ctx, { suite: 'page-memory', seed: 'large', coreEntry });
  const { server, browser, page, cdp } = app;
  try {
    const reader = server.byRole(400);
    // Nothing unread: the feed opens at its end (else at the first unread message, weeks back).
    const readerAuth = await basicAuth(server.baseUrl, reader);
    await fetch(`${server.baseUrl}/api/v1/mark_all_as_read`, {
      method: 'POST',
      headers: { authorization: readerAuth },
    });
    await signIn(page, server, reader);
    await page.getByRole('button', { name: 'Combined feed' }).click({ timeout: TIMEOUT });
    await page.getByRole('log').locator('article').first().waitFor({ timeout: TIMEOUT });
    note(ctx, 'at the opening', await memory(browser, cdp));

    // Up until the message 5,000 older than the newest is in view: each scroll to the top asks
    // for the next older page.
    const { oldest, newest } = await span(server.baseUrl, readerAuth, SCROLLED);
    while ((await edges(page)).top > oldest) await scrollPast(page, true, (await edges(page)).top);
    const up = await memory(browser, cdp);
    ctx.metric('page memory scrolled up 5,000 messages, rows held', (await edges(page)).loaded, 'rows');
    note(ctx, 'scrolled up 5,000 messages', up);
    // Back down to the newest message.
    while ((await edges(page)).bottom < newest) await scrollPast(page, false, (await edges(page)).bottom);
    note(ctx, 'after scrolling 5,000 messages and back', await memory(browser, cdp));

    // Incoming: another user posts while the feed is open at its end.
    const sender = server.byRole(100);
    const auth = await basicAuth(server.baseUrl, sender);
    const count = 300;
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${server.baseUrl}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization: auth },
        body: new URLSearchParams({ type: 'stream', to: 'team-01', topic: 'bench memory', content: `memory ${i}` }),
      });
      if (!res.ok) throw new Error(`POST /messages answered HTTP ${res.status}`);
    }
    await page
      .getByRole('log')
      .getByText(`memory ${count - 1}`, { exact: true })
      .waitFor({ timeout: TIMEOUT });
    note(ctx, `after ${count} incoming messages`, await memory(browser, cdp));
    // For reference only, after the figures above: what of it a collection gives back (garbage
    // not yet collected, JS and DOM), as against what the page holds.
    await cdp.send('HeapProfiler.collectGarbage');
    note(ctx, 'for reference, then after a forced GC', await memory(browser, cdp));
  } finally {
    await app.close();
  }
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  await measure(ctx, await releasedCoreEntry('page-memory'));
  yield* [];
}

export const pageMemorySuite: Suite = {
  name: 'page-memory',
  description: "the page's memory after scrolling 5,000 messages and after incoming ones, large seed, no forced GC",
  order: 70,
  cases,
};
