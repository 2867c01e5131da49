/**
 * Search in the UI as a user has it (issue 28 items 3 and 7): on the `large` seed, a word the
 * cache holds is typed into the search box and Enter pressed; timed on the page's clock from the
 * Enter to the frame that paints the first result (the cache's answer), and to the frame that
 * paints the status saying the server was searched too (its answer merged). Three ways the server
 * can be: online, slow (every GET /messages delayed 2 s by the dev server's latency fault) and
 * gone (stopped: the connection is refused). The cache's answer must not wait for the server in
 * any of them (goal: painted < 30 ms).
 */
import type { Page } from 'playwright-core';
import { FaultControl } from '../../test/helpers/devserverFaults';
import { summarize } from '../lib/stats';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';
import { basicAuth, releasedCoreEntry, startLiveApp } from '../lib/live-app';
import { openChannel, signIn } from './ui';

const TIMEOUT = 30_000;
const SLOW_SERVER_MS = 2000;
/** The search backlog indexes new messages once writes have paused for 5 s (main/store/repos/search-index.ts). */
const INDEXED_AFTER_MS = 8000;

interface Timed {
  /** Enter to the frame painting the first result. */
  local: number;
  /** Enter to the frame painting the merged answer's status, or NaN. */
  merged: number;
}

/**
 * Types `word` into the search box and presses Enter; answers the page-clock times. Written as
 * source text: the bench runs under tsx, whose wrappers (__name) the page does not have.
 */
async function searchFor(page: Page, word: string): Promise<Timed> {
  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await box.fill(word);
  const timed = page.evaluate(`new Promise((resolve, reject) => {
    const word = ${JSON.stringify(word)};
    const box = document.querySelector('input[aria-label="Search messages"]');
    let start = NaN;
    const out = { local: NaN, merged: NaN };
    box.addEventListener('keydown', (e) => { if (e.key === 'Enter') start = performance.now(); }, { capture: true, once: true });
    const region = () => document.querySelector('section[aria-label="Search results"]');
    const stamp = (key) => requestAnimationFrame(() => {
      out[key] = performance.now() - start;
      if (!Number.isNaN(out.local) && !Number.isNaN(out.merged)) { observer.disconnect(); resolve(out); }
    });
    let sawLocal = false;
    let sawMerged = false;
    const check = () => {
      const r = region();
      if (!r || Number.isNaN(start)) return;
      if (!sawLocal && [...r.querySelectorAll('article')].some((a) => a.textContent.includes(word))) { sawLocal = true; stamp('local'); }
      if (!sawMerged && [...r.querySelectorAll('[role="status"]')].some((s) => /^(Searched the server|Offline)/.test(s.textContent.trim()))) { sawMerged = true; stamp('merged'); }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    setTimeout(() => reject(new Error('no search results for ' + word + ' in time')), ${TIMEOUT});
  })`) as Promise<Timed>;
  await box.press('Enter');
  return timed;
}

const median = (values: number[]): number => summarize(values).medianMs;

async function measure(ctx: SuiteContext, coreEntry: string): Promise<void> {
  const app = await startLiveApp(ctx, { suite: 'ui-search', seed: 'large', coreEntry, faults: true });
  const { server, page } = app;
  try {
    const reader = server.byRole(400);
    // Nothing unread: the channel opens at its end, where the posted messages show as they come.
    await fetch(`${server.baseUrl}/api/v1/mark_all_as_read`, {
      method: 'POST',
      headers: { authorization: await basicAuth(server.baseUrl, reader) },
    });
    await signIn(page, server, reader);
    await openChannel(page, 'team-02');
    await page.getByRole('log').getByRole('article').first().waitFor({ timeout: TIMEOUT });
    // One message per search, each with a word of its own, so every search is new to both the
    // cache and the server; posted by another user and cached through the event queue.
    const rounds = ctx.quick ? 4 : 12;
    const modes = ['online', 'slow server', 'server gone'] as const;
    const run = Date.now().toString(36);
    const words = modes.flatMap((_, m) => Array.from({ length: rounds + 1 }, (_, i) => `zq${run}m${m}r${i}`));
    const auth = await basicAuth(server.baseUrl, server.byRole(100));
    for (const word of words) {
      const res = await fetch(`${server.baseUrl}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization: auth },
        body: new URLSearchParams({ type: 'stream', to: 'team-02', topic: 'bench search', content: `about ${word}` }),
      });
      if (!res.ok) throw new Error(`POST /messages answered HTTP ${res.status}`);
    }
    await page
      .getByRole('log')
      .getByText(`about ${words.at(-1)!}`)
      .waitFor({ timeout: TIMEOUT });
    await new Promise((resolve) => setTimeout(resolve, INDEXED_AFTER_MS));

    const faults = new FaultControl(server.baseUrl);
    for (const [m, mode] of modes.entries()) {
      if (mode === 'slow server')
        await faults.latency(SLOW_SERVER_MS, { pathPrefix: '/api/v1/messages', method: 'GET' });
      if (mode === 'server gone') {
        await faults.clear();
        await server.stop();
      }
      const local: number[] = [];
      const merged: number[] = [];
      // The first search of each mode is a warm-up.
      for (let i = 0; i <= rounds; i++) {
        const t = await searchFor(page, `zq${run}m${m}r${i}`);
        if (i === 0) continue;
        local.push(t.local);
        merged.push(t.merged);
      }
      ctx.metric(`search in the UI, ${mode}, the cache's results painted, median`, median(local), 'ms');
      ctx.metric(`search in the UI, ${mode}, the cache's results painted, slowest`, Math.max(...local), 'ms');
      ctx.metric(`search in the UI, ${mode}, the merged answer painted, median`, median(merged), 'ms');
    }
  } finally {
    await app.close();
  }
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  await measure(ctx, await releasedCoreEntry('ui-search'));
  yield* [];
}

export const uiSearchSuite: Suite = {
  name: 'ui-search',
  description:
    "search in the UI, large seed: Enter to the cache's results painted and to the server's merged, online, slow and gone",
  order: 68,
  cases,
};
