/**
 * Start-up as a user sees it (issue 10): from launching the core and the bridge host to the first
 * message row on screen in Chromium, the renderer's own code and rendering included.
 *  - cold: an empty data folder; the sign-in screen filled in, the first sync, a channel chosen;
 *  - warm: the folder of an earlier session reopened; the page shows the window that session left
 *    (its launch picture), and the app restores the last view by itself behind it.
 * Both load the renderer into a fresh browser context, so neither has the other's page cache.
 * Times run from the launch to the frame that paints the first row (the page's own clock);
 * the cold side's form is filled by the driver as fast as it can, far faster than a person.
 * Timed on the demo organization and on the dev server's `large` seed (103k messages), the size
 * issue 10 was measured on.
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createCore } from '../../main/core';
import { MemoryCredentialStore, openCredentialStore } from '../../main/credentials';
import { pendingCore, startCoreThread, SYNC_GRACE_MS } from '../../main/core-thread';
import { buildMain, PROJECT_ROOT } from '../../scripts/build-main';
import { startBridgeHost, type BridgeHost } from '../../main/host/bridge-host';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { prepareLaunchPage } from '../../main/launch-picture/entry-page';
import { pictureSigningKey } from '../../main/launch-picture/signing';
import { launchPicturePath } from '../../main/launch-picture/file';
import { createLogger } from '../../main/log';
import type { Core } from '../../main/ipc/types';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../../devserver/spawn';
import { summarize } from '../lib/stats';
import type { BenchCase, SelfTimed, Suite, SuiteContext } from '../lib/types';
import { CHROMIUM, CHROMIUM_ARGS, requireChromiumAndRenderer } from '../lib/chromium';

const UI_TIMEOUT = 20_000;
const SETTLE_MS = 1000;
const quiet = () => createLogger({ name: 'bench.ui', level: 'error', sink: () => undefined });

export interface Running {
  core: Core;
  host: BridgeHost;
  context: BrowserContext;
  page: Page;
}

/** Keys for the bench's sessions: the OS keychain when one answers, so the core can run as in the app. */
const KEYCHAIN_SERVICE = 'Parley bench ui';

type CoreStarter = (dataDir: string) => Promise<Core>;
/** How a launch starts the core, and where it finds the key the core signs launch pictures with. */
interface Cores {
  start: CoreStarter;
  signingKey: () => Promise<Buffer | null>;
}

/**
 * The app writes the core's code cache 10 s into a session; the session the warm starts copy is
 * shorter, so here it is written after 1 s, and that session waits for it, and for the window's
 * launch picture, sent once the window has been still for 1.5 s (renderer/lib/launchPicture.ts).
 */
export const CODE_CACHE_WRITE_MS = 1000;

async function appears(what: string, found: () => boolean): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (found()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the first session left no ${what}`);
}

export async function sessionLeftItsFiles(dataDir: string): Promise<void> {
  const dir = join(dataDir, 'code-cache');
  await appears('code cache', () => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.v8cache')));
  await appears('launch picture', () => existsSync(launchPicturePath(dataDir)));
}

/**
 * How a launch starts the core. As in the app, on its own worker thread from the release bundle
 * (out/main/core-thread.cjs), which needs the OS keychain to find its key again after a restart;
 * without one (no D-Bus session), on this thread with keys in memory, which makes the host wait
 * on the core's start-up work and both sides slower than in the app.
 */
export async function coreStarter(
  ctx: SuiteContext,
  execArgv: string[] = [],
): Promise<Cores & { cleanUp: (realmUrl: string, email: string) => Promise<void> }> {
  const { store, status } = await openCredentialStore(quiet(), { service: KEYCHAIN_SERVICE, probeTimeoutMs: 3000 });
  if (status.kind === 'keychain') {
    const bundles = join(PROJECT_ROOT, 'bench', '.probe');
    await buildMain(join(bundles, 'out'));
    // As in the app: the loader runs the core's bundle with V8's code cache from the data folder.
    const entry = join(bundles, 'out', 'main', 'core-thread-loader.cjs');
    ctx.note('ui: the core on its worker thread (release bundle, code cache), keys in the OS keychain, as in the app');
    return {
      start: (dataDir) =>
        startCoreThread(
          {
            dataDir,
            rendererDir: RENDERER_DIST,
            keychainService: KEYCHAIN_SERVICE,
            log: { name: 'bench.ui', level: 'error' },
            syncGraceMs: SYNC_GRACE_MS,
            codeCacheWriteAfterMs: CODE_CACHE_WRITE_MS,
          },
          { entry, log: quiet(), execArgv },
        ),
      signingKey: () => pictureSigningKey(store),
      cleanUp: async (realmUrl, email) => void (await store.delete({ realmUrl, email })),
    };
  }
  ctx.note(`ui: no OS keychain (${status.reason}): the core ran on the host's thread, slower than in the app`);
  const credentials = new MemoryCredentialStore();
  return {
    start: (dataDir) =>
      createCore({ dataDir, credentials, log: quiet(), syncGraceMs: SYNC_GRACE_MS, rendererDir: RENDERER_DIST }),
    signingKey: () => pictureSigningKey(credentials),
    cleanUp: async () => undefined,
  };
}

/** Wall-clock milliseconds shared by this process and the browser (both read the system clock). */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/**
 * Notes, on the page's own clock, when the first message row is put on screen, and offers a promise
 * of it: the driver waits on that instead of polling. Polling costs the page itself: Playwright's
 * role queries took 24-40 ms of the renderer's thread on a warm start (CPU profile), on the path
 * they were timing. "On screen" is the first animation frame with the row in the page: the frame
 * that paints it. Any row counts, the launch picture's too (main/launch-picture: a warm start shows
 * the conversation it left as the page loads); a second promise is the app's own first row.
 */
export function watchFirstRow(): void {
  const w = window as unknown as { __parleyFirstRow?: Promise<number>; __parleyFirstLiveRow?: Promise<number> };
  // Anonymous functions only: the bench runs under tsx, whose names for named ones (__name) the
  // page does not have.
  [w.__parleyFirstRow = Promise.resolve(0), w.__parleyFirstLiveRow = Promise.resolve(0)] = [
    '[role="log"] article',
    '#app [role="log"] article',
  ].map(
    (selector) =>
      new Promise<number>((resolve) => {
        const seen = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          seen.disconnect();
          requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
        });
        seen.observe(document, { subtree: true, childList: true });
      }),
  );
}

/**
 * Core, bridge host and a fresh browser context with the app loaded: what a launch does.
 * `pageScripts` run in the page before the app, as watchFirstRow does (source-free functions).
 */
export async function launch(
  browser: Browser,
  dataDir: string,
  cores: Cores,
  pageScripts: (() => void)[] = [],
): Promise<Running> {
  // As Electron does: the window loads while the core starts (main/core-thread/pending-core.ts).
  const core = pendingCore(cores.start(dataDir));
  // The last session's picture put into the entry page, made while the browser makes the context.
  // (Electron starts it once the window is asked for; here the driver shares this thread with the
  // host, and made later it held up the driver's own work of opening the page: 0.28x against 0.20x.)
  const launchPage = prepareLaunchPage(RENDERER_DIST, dataDir, undefined, cores.signingKey);
  const host = await startBridgeHost({ core, rendererDir: RENDERER_DIST, log: quiet(), launchPage });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watchFirstRow);
  for (const script of pageScripts) await context.addInitScript(script);
  const page = await context.newPage();
  await page.goto(host.url);
  return { core, host, context, page };
}

export async function shutDown(r: Running): Promise<void> {
  await r.context.close();
  await r.host.close();
  await r.core.close();
}

/**
 * Waits, on the page's animation frames, until an element matching `selector` (and whose text is
 * `text`, if given) is in the page. Playwright's own waiting before an action retries at growing
 * intervals up to 500 ms: measured, the cold side's click on the channel came 870 ms after the
 * channel list was drawn, time that was the driver's and not the app's. Each action of the cold
 * side waits for its element here first, so it finds it at its first try.
 */
export async function inPage(page: Page, selector: string, text?: string): Promise<void> {
  await page.waitForFunction(
    ([selector, text]) =>
      [...document.querySelectorAll(selector)].some((e) => text === undefined || e.textContent?.trim() === text),
    [selector, text] as const,
    { polling: 'raf', timeout: UI_TIMEOUT },
  );
}

export async function signIn(page: Page, server: RunningDevServer, user: DevServerUser): Promise<void> {
  await inPage(page, '#server-url');
  await page.getByRole('textbox', { name: 'Server URL' }).fill(server.baseUrl);
  await page.getByRole('button', { name: 'Continue' }).click();
  await inPage(page, 'input[type="password"]');
  await page.getByRole('textbox', { name: /^Email/ }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function openChannel(page: Page, name: string): Promise<void> {
  await inPage(page, 'nav[aria-label="Channels"] button', name);
  const channels = page.getByRole('navigation', { name: 'Channels' });
  await channels.getByRole('button', { name, exact: true }).click({ timeout: UI_TIMEOUT });
}

/**
 * Waits for the first message row; answers the time from `startedAt` until the page painted it,
 * and which conversation it shows (both sides must show the same). Not which messages: each
 * session marks what it showed as read on the server, so the next one opens further on.
 * `liveMs` hears when the app's own first row came (after the launch picture's, on a warm start).
 */
export async function firstRows(page: Page, startedAt: number, liveMs?: (ms: number) => void): Promise<SelfTimed> {
  const [shownAt, liveAt] = await page.evaluate(
    (timeout) =>
      Promise.race([
        Promise.all([
          (window as unknown as { __parleyFirstRow: Promise<number> }).__parleyFirstRow,
          (window as unknown as { __parleyFirstLiveRow: Promise<number> }).__parleyFirstLiveRow,
        ]),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no message row in time')), timeout)),
      ]),
    UI_TIMEOUT,
  );
  liveMs?.(liveAt - startedAt);
  // Timed; now checked as a user would find it: a message in the conversation's log (the app's:
  // the picture is hidden from assistive technology).
  await page.getByRole('log').getByRole('article').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  return { ms: shownAt - startedAt, result: (await page.getByRole('log').getAttribute('aria-label')) ?? '' };
}

/** The median of the recorded rounds' figures (the warm-up round's left out). */
function recordedMedian(byRound: Map<number, number>, warmup: number): number {
  const values = [...byRound].filter(([round]) => round >= warmup).map(([, ms]) => ms);
  return values.length === 0 ? NaN : summarize(values).medianMs;
}

/** The organizations a launch is timed on: the demo, and one the size issue 10 was measured on. */
const ORGS = [
  { seed: 'demo', channel: 'general', label: 'demo organization (3k messages)' },
  { seed: 'large', channel: 'team-01', label: 'large organization (103k messages, 410 people, 48 channels)' },
] as const;

async function* orgCases(
  ctx: SuiteContext,
  browser: Browser,
  cores: Awaited<ReturnType<typeof coreStarter>>,
  org: (typeof ORGS)[number],
  running: Running[],
): AsyncGenerator<BenchCase, void, void> {
  // The large seed takes seconds to write: kept in the run's folder, so it is written once a run.
  const server = await startDevServer({ seed: org.seed, dataFile: join(ctx.dir, `${org.seed}-server.sqlite`) });
  const user = server.byRole(400);
  const closeAll = async () => {
    for (const r of running.splice(0)) await shutDown(r);
  };
  try {
    // One session through the UI leaves the folder the warm starts copy: signed in, the channel open.
    const template = join(ctx.dir, `${org.seed}-warm-template`);
    const first = await launch(browser, template, cores);
    await signIn(first.page, server, user);
    await openChannel(first.page, org.channel);
    await firstRows(first.page, epochNow());
    await sessionLeftItsFiles(template);
    await shutDown(first);
    const folder = (side: string, round: number) => join(ctx.dir, `${org.seed}-${side}-${round}`);
    // Each launch is shut down as soon as its first row is timed (the time is the page's own, so
    // this is not counted): left running, it competed with the other side of the round for the
    // machine's cores, most of all a cold start's first sync, still storing and indexing the
    // large organization while the warm start ran. A user runs one Parley at a time.

    const warmup = 1;
    const coldMs = new Map<number, number>();
    const liveWarmMs = new Map<number, number>();
    yield {
      name: `warm start vs cold start, launch to the first message row in Chromium, ${org.label}`,
      warmup,
      rounds: ctx.quick ? 3 : 12,
      // Before each side (1 s): the last launch's browser context, core thread and the dev server's work
      // for it wind down, as they have when a person starts Parley (measured: outliers of up to
      // twice the median on the side that came right after a cold start's first sync).
      settle: () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
      prepare: async (round) => {
        await closeAll();
        for (const side of ['cold', 'warm']) rmSync(folder(side, round), { recursive: true, force: true });
        cpSync(template, folder('warm', round), { recursive: true });
      },
      baseline: {
        label: 'cold: empty data folder, the sign-in screen filled in, first sync, the channel chosen',
        selfTimed: true,
        run: async (round) => {
          const startedAt = epochNow();
          const r = await launch(browser, folder('cold', round), cores);
          running.push(r);
          try {
            await signIn(r.page, server, user);
            await openChannel(r.page, org.channel);
            return await firstRows(r.page, startedAt, (ms) => coldMs.set(round, ms));
          } finally {
            await closeAll();
          }
        },
      },
      measured: {
        label: 'warm: the same session reopened, the last view restored from the cache',
        selfTimed: true,
        run: async (round) => {
          const startedAt = epochNow();
          const r = await launch(browser, folder('warm', round), cores);
          running.push(r);
          try {
            return await firstRows(r.page, startedAt, (ms) => liveWarmMs.set(round, ms));
          } finally {
            await closeAll();
          }
        },
      },
      compare: (b, m) => (b === m ? null : `cold start showed "${String(b)}" last, warm "${String(m)}"`),
    };
    await closeAll();
    // The case times the first row painted, the picture's on a warm start; this is the app's own.
    const live = recordedMedian(liveWarmMs, warmup);
    ctx.metric(`warm start, the app's own first row, ${org.seed} organization`, live, 'ms');
    ctx.metric(
      `warm start, the app's own first row vs cold start, ${org.seed} organization`,
      live / recordedMedian(coldMs, warmup),
      'x',
    );
  } finally {
    await closeAll().catch(() => undefined);
    await cores.cleanUp(server.baseUrl, user.email).catch(() => undefined);
    await server.stop();
  }
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  requireChromiumAndRenderer('ui');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const running: Running[] = [];
  try {
    const cores = await coreStarter(ctx);
    for (const org of ORGS) yield* orgCases(ctx, browser, cores, org, running);
  } finally {
    for (const r of running.splice(0)) await shutDown(r).catch(() => undefined);
    await browser.close();
  }
}

export const uiSuite: Suite = {
  name: 'ui',
  description: 'start-up as users see it: launch to the first message row in Chromium, warm vs cold',
  order: 60,
  cases,
};
