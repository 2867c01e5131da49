/**
 * The app as a user runs it, for the suites that drive the real UI against a seeded organization
 * (page-memory, ui-search): a dev server on the seed, the core on its worker thread from the
 * release bundle, the bridge host, and a Chromium page on the host's URL with Chrome's Performance
 * domain on. `close()` ends them all, the browser first.
 */
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startCoreThread, type RemoteCore } from '../../main/core-thread';
import { startBridgeHost, type BridgeHost } from '../../main/host/bridge-host';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { createLogger } from '../../main/log';
import type { SeedName } from '../../devserver/options';
import { DevServer } from '../../devserver/server';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../../devserver/spawn';
import { buildMain, PROJECT_ROOT } from '../../scripts/build-main';
import { CHROMIUM, CHROMIUM_ARGS, requireChromiumAndRenderer } from './chromium';
import type { SuiteContext } from './types';

export interface LiveApp {
  server: RunningDevServer;
  core: RemoteCore;
  host: BridgeHost;
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

/**
 * Checks the suite's preconditions and bundles the core's thread as released, into a folder of
 * the suite's own inside the project (where the bundle finds its native modules; git-ignored).
 * Answers the worker's entry.
 */
export async function releasedCoreEntry(suite: string): Promise<string> {
  requireChromiumAndRenderer(suite);
  const bundles = join(PROJECT_ROOT, 'bench', '.probe', suite);
  await buildMain(join(bundles, 'out'));
  return join(bundles, 'out', 'main', 'core-thread.cjs');
}

export async function startLiveApp(
  ctx: SuiteContext,
  options: { suite: string; seed: SeedName; coreEntry: string; faults?: boolean },
): Promise<LiveApp> {
  const quiet = () => createLogger({ name: `bench.${options.suite}`, level: 'error', sink: () => undefined });
  const dataFile = join(ctx.runDir, `${options.suite}-${options.seed}.sqlite`);
  // The seed is written here first, where no start-up timeout applies (the large one takes ~9 s
  // alone, more on a busy machine); the server that is measured then opens the written file.
  await (await DevServer.start({ seed: options.seed, dataFile, port: 0 })).stop();
  const server = await startDevServer({ seed: options.seed, dataFile, faults: options.faults === true });
  const core = await startCoreThread(
    {
      dataDir: join(ctx.dir, `${options.suite}-${options.seed}-data`),
      memoryCredentials: true,
      log: { name: 'core', level: 'error' },
    },
    { entry: options.coreEntry, log: quiet() },
  );
  const host = await startBridgeHost({ core, rendererDir: RENDERER_DIST, log: quiet() });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const close = async (): Promise<void> => {
    await browser.close().catch(() => undefined);
    await host.close();
    await core.close();
    await server.stop();
  };
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(host.url);
    return { server, core, host, browser, page, cdp, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** HTTP Basic credentials of a seeded user, for the driver's own requests to the server. */
export async function basicAuth(baseUrl: string, user: DevServerUser): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  const key = ((await res.json()) as { api_key: string }).api_key;
  return `Basic ${Buffer.from(`${user.email}:${key}`).toString('base64')}`;
}
