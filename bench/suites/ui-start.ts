/**
 * Start-up as users feel it (issue 28 items 1 and 7): timed from spawning the bridge host as
 * released (its own process: the bundled host, the core's bundle on its worker thread with its
 * code cache, bench/lib/spawned-host.ts) to
 *  - first pixels: the frame that paints the first message row (the launch picture's, warm);
 *  - interactive: the app's own rows of the conversation shown, a key typed into the compose box
 *    showing in it, and then a click on another channel in the sidebar answered (its rows painted).
 * Cold: an empty data folder, the sign-in screen filled in by the driver, the first sync, the
 * channel chosen. Warm: the folder of an earlier session reopened. Both in a fresh browser context
 * made while the host starts (as Electron makes its window while the core starts). Per launch the
 * breakdown is kept: the host listening, the entry page parsed, the bridge's first frame, the own
 * rows, typing accepted, the click answered, and the page's long tasks until then.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { openCredentialStore } from '../../main/credentials';
import { createLogger } from '../../main/log';
import { startDevServer, type DevServerUser } from '../../devserver/spawn';
import { summarize } from '../lib/stats';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';
import { CHROMIUM, CHROMIUM_ARGS, requireChromiumAndRenderer } from '../lib/chromium';
import { bundleHost, spawnHost, type HostBundle, type SpawnedHost } from '../lib/spawned-host';
import { tracePage } from '../lib/page-trace';
import { switchTo } from './channel-switch';
import {
  CODE_CACHE_WRITE_MS,
  epochNow,
  firstRows,
  openChannel,
  sessionLeftItsFiles,
  signIn,
  watchFirstRow,
} from './ui';

const KEYCHAIN_SERVICE = 'Parley bench ui-start';
const SETTLE_MS = 1000;

/** In the page before the app: every long task's start and length (Long Tasks API). */
function watchLongTasks(): void {
  const w = window as unknown as { __parleyLongTasks: [number, number][] };
  w.__parleyLongTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__parleyLongTasks.push([performance.timeOrigin + e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** ms from the spawn, per launch. */
interface StartFigures {
  listening: number;
  parsed: number;
  bridge: number;
  firstPixels: number;
  ownRows: number;
  typing: number;
  click: number;
  /** The page's long tasks until the click was answered: their total ms, and how many. */
  longTasks: number;
  longTaskCount: number;
}

interface Launched {
  host: SpawnedHost;
  context: BrowserContext;
  page: Page;
  bridgeAt: () => number;
  /** Ends the launch's trace (under PARLEY_BENCH_TRACE) and writes it. */
  stopTrace: () => Promise<void>;
}

/** PARLEY_BENCH_TRACE=<dir>: a Chromium trace of every warm launch, its summary beside it. */
const TRACE_DIR = process.env['PARLEY_BENCH_TRACE'];

async function launchSpawned(
  browser: Browser,
  bundle: HostBundle,
  dataDir: string,
  codeCacheMs?: number,
  traceLabel?: string,
) {
  // The page (its renderer process) is made while the host starts, as Electron makes the window
  // before the core's thread has started (main/electron/index.ts): a launch pays the longer of
  // the two, not their sum.
  const [host, { context, page }] = await Promise.all([
    spawnHost(bundle, dataDir, KEYCHAIN_SERVICE, codeCacheMs),
    browser.newContext({ viewport: { width: 1280, height: 900 } }).then(async (context) => {
      await context.addInitScript(watchFirstRow);
      await context.addInitScript(watchLongTasks);
      return { context, page: await context.newPage() };
    }),
  ]);
  let bridgeAt = NaN;
  page.on('websocket', (ws) =>
    ws.once('framereceived', () => void (bridgeAt = Number.isNaN(bridgeAt) ? epochNow() : bridgeAt)),
  );
  let traced: Promise<void> | null = null;
  let endTrace: () => void = () => undefined;
  if (TRACE_DIR && traceLabel) {
    // From the navigation to the click answered: the page's whole start, to read in DevTools.
    const cdp = await context.newCDPSession(page);
    const ended = new Promise<void>((resolve) => (endTrace = resolve));
    let began: () => void = () => undefined;
    const beginning = new Promise<void>((resolve) => (began = resolve));
    traced = tracePage(cdp, TRACE_DIR, traceLabel, () => (began(), ended));
    await beginning;
  }
  await page.goto(host.url);
  const stopTrace = async () => {
    endTrace();
    await traced;
  };
  return { host, context, page, bridgeAt: () => bridgeAt, stopTrace } satisfies Launched;
}

async function closeLaunch(l: Launched): Promise<void> {
  await l.context.close();
  await l.host.stop();
}

/**
 * Focuses the compose box once it is in the page and offers, as `__parleyTyped`, the page's time
 * of the frame that shows an "x" typed into it. Source text (tsx's names are not in the page); one
 * round trip, where Playwright's own waiting and polling took several on the path being timed.
 */
const FOCUS_COMPOSE = `new Promise((resolve) => {
  const ready = () => {
    const box = document.getElementById('compose-message');
    if (!box) return false;
    box.focus();
    window.__parleyTyped = new Promise((typed) => box.addEventListener('input', () => {
      if (box.value === 'x') requestAnimationFrame(() => typed(performance.timeOrigin + performance.now()));
    }));
    return true;
  };
  if (ready()) return resolve();
  const seen = new MutationObserver(() => { if (ready()) { seen.disconnect(); resolve(); } });
  seen.observe(document, { subtree: true, childList: true });
})`;

/** From the own rows on: a key typed shows in compose, then a click on `other` paints its rows. */
async function interactive(l: Launched, startedAt: number, other: string) {
  await l.page.evaluate(FOCUS_COMPOSE);
  await l.page.keyboard.type('x');
  const typing = (await l.page.evaluate<number>('window.__parleyTyped')) - startedAt;
  const clickedAt = await switchTo(l.page, other, 'epoch');
  const tasks = await l.page.evaluate(
    () => (window as unknown as { __parleyLongTasks: [number, number][] }).__parleyLongTasks,
  );
  const until = tasks.filter(([at]) => at <= clickedAt);
  const parsed = await l.page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance.timeOrigin + nav.domInteractive;
  });
  return {
    typing,
    click: clickedAt - startedAt,
    parsed: parsed - startedAt,
    longTasks: until.reduce((n, [, ms]) => n + ms, 0),
    longTaskCount: until.length,
  };
}

/** One launch timed from the spawn; `reach` brings the page to the conversation (cold: signs in). */
async function timedStart(
  browser: Browser,
  bundle: HostBundle,
  dataDir: string,
  other: string,
  running: Launched[],
  reach: (page: Page) => Promise<void>,
  traceLabel?: string,
): Promise<StartFigures> {
  const startedAt = epochNow();
  const l = await launchSpawned(browser, bundle, dataDir, undefined, traceLabel);
  running.push(l);
  await reach(l.page);
  let ownRows = NaN;
  const first = await firstRows(l.page, startedAt, (ms) => (ownRows = ms));
  const rest = await interactive(l, startedAt, other);
  await l.stopTrace();
  return {
    listening: l.host.listeningAt - startedAt,
    bridge: l.bridgeAt() - startedAt,
    firstPixels: first.ms,
    ownRows,
    ...rest,
  };
}

const ORGS = [
  { seed: 'large', channel: 'team-01', other: 'general', label: 'large organization (103k messages)' },
  { seed: 'demo', channel: 'general', other: 'random', label: 'demo organization (3k messages)' },
] as const;

const FIGURES: (keyof StartFigures)[] = [
  'listening',
  'parsed',
  'bridge',
  'firstPixels',
  'ownRows',
  'typing',
  'click',
  'longTasks',
  'longTaskCount',
];

async function* orgCases(
  ctx: SuiteContext,
  browser: Browser,
  bundle: HostBundle,
  org: (typeof ORGS)[number],
  running: Launched[],
): AsyncGenerator<BenchCase, void, void> {
  const server = await startDevServer({ seed: org.seed, dataFile: join(ctx.runDir, `ui-start-${org.seed}.sqlite`) });
  const user: DevServerUser = server.byRole(400);
  const closeAll = async () => {
    for (const l of running.splice(0)) await closeLaunch(l);
  };
  const reachCold = async (page: Page) => {
    await signIn(page, server, user);
    await openChannel(page, org.channel);
  };
  try {
    // One session through the UI leaves the folder the warm starts copy: signed in, the channel
    // open, the core's code cache and the window's launch picture written.
    const template = join(ctx.dir, `${org.seed}-warm-template`);
    const first = await launchSpawned(browser, bundle, template, CODE_CACHE_WRITE_MS);
    running.push(first);
    await reachCold(first.page);
    await firstRows(first.page, epochNow());
    await sessionLeftItsFiles(template);
    await closeAll();
    const folder = (side: string, round: number) => join(ctx.dir, `${org.seed}-${side}-${round}`);
    const warmup = 1;
    const byRound = { cold: new Map<number, StartFigures>(), warm: new Map<number, StartFigures>() };
    const side = (kind: 'cold' | 'warm') => async (round: number) => {
      try {
        const f = await timedStart(
          browser,
          bundle,
          folder(kind, round),
          org.other,
          running,
          (page) => (kind === 'cold' ? reachCold(page) : Promise.resolve()),
          `ui-start-${org.seed}-${kind}-${round}`,
        );
        byRound[kind].set(round, f);
        return { ms: f.click, result: 'interactive' };
      } finally {
        // A launch left running competes with the next one for the machine's cores.
        await closeAll();
      }
    };
    yield {
      name: `warm start vs cold start, spawn to interactive (own rows, typing, a click answered), ${org.label}`,
      warmup,
      rounds: ctx.quick ? 3 : 8,
      settle: () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
      prepare: async (round) => {
        await closeAll();
        for (const kind of ['cold', 'warm']) rmSync(folder(kind, round), { recursive: true, force: true });
        cpSync(template, folder('warm', round), { recursive: true });
      },
      baseline: {
        label: 'cold: empty data folder, sign-in filled in, first sync, the channel chosen',
        selfTimed: true,
        run: side('cold'),
      },
      measured: {
        label: 'warm: the same session reopened, its launch picture, the last view restored',
        selfTimed: true,
        run: side('warm'),
      },
    };
    const recorded = (kind: 'cold' | 'warm') => [...byRound[kind]].filter(([r]) => r >= warmup).map(([, f]) => f);
    const median = (kind: 'cold' | 'warm', key: keyof StartFigures) =>
      summarize(recorded(kind).map((f) => f[key])).medianMs;
    for (const kind of ['cold', 'warm'] as const) {
      ctx.note(`ui-start ${org.seed} ${kind} rounds (${FIGURES.join(', ')}, ms from spawn):`);
      for (const f of recorded(kind)) ctx.note(`  ${FIGURES.map((k) => Math.round(f[k])).join(', ')}`);
      for (const key of FIGURES) {
        const unit = key === 'longTaskCount' ? '' : 'ms';
        ctx.metric(
          `${kind} start from spawn, ${key}, ${org.seed} organization, median`,
          Math.round(median(kind, key)),
          unit,
        );
      }
    }
    const ratio = (a: keyof StartFigures, b: keyof StartFigures) => +(median('warm', a) / median('cold', b)).toFixed(3);
    ctx.metric(
      `warm start's first pixels from spawn vs cold start's first row, ${org.seed} organization`,
      ratio('firstPixels', 'firstPixels'),
      'x',
    );
    ctx.metric(
      `warm start interactive from spawn vs cold start's, ${org.seed} organization`,
      ratio('click', 'click'),
      'x',
    );
  } finally {
    await closeAll().catch(() => undefined);
    const { store } = await openCredentialStore(
      createLogger({ name: 'bench', level: 'error', sink: () => undefined }),
      {
        service: KEYCHAIN_SERVICE,
        probeTimeoutMs: 3000,
      },
    );
    await store.delete({ realmUrl: server.baseUrl, email: user.email }).catch(() => undefined);
    await server.stop();
  }
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  requireChromiumAndRenderer('ui-start');
  const { status } = await openCredentialStore(createLogger({ name: 'bench', level: 'error', sink: () => undefined }), {
    service: KEYCHAIN_SERVICE,
    probeTimeoutMs: 3000,
  });
  if (status.kind !== 'keychain') {
    // A warm start finds its keys in the OS keychain; without one it is a cold start.
    ctx.note(`ui-start: not run, no OS keychain (${status.reason})`);
    return;
  }
  const bundle = await bundleHost('ui-start');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const running: Launched[] = [];
  try {
    for (const org of ctx.quick ? ORGS.slice(0, 1) : ORGS) yield* orgCases(ctx, browser, bundle, org, running);
  } finally {
    for (const l of running.splice(0)) await closeLaunch(l).catch(() => undefined);
    await browser.close();
  }
}

export const uiStartSuite: Suite = {
  name: 'ui-start',
  description: 'start-up as users feel it: spawn of the released host to first pixels and to interactive, warm vs cold',
  order: 61,
  cases,
};
