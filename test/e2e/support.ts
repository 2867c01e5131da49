/**
 * Shared setup of the end-to-end files: a dev server, the real core on its worker thread (as
 * Electron runs it) and the bridge host on a temp data folder, and Debian's Chromium; plus the UI
 * sign-in every file starts with.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEV_CORE_THREAD_ENTRY, startCoreThread, type RemoteCore } from '../../main/core-thread';
import { openCredentialStore, type CredentialStore } from '../../main/credentials';
import { startBridgeHost, type BridgeHost } from '../../main/host/bridge-host';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import type { Core } from '../../main/ipc/types';
import { createLogger } from '../../main/log';
import { APP_CHROMIUM_ARGS } from '../helpers/chromium';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../helpers/devserver';
import { ZulipUser } from './zulip-http';

export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');
export const UI_TIMEOUT = 20_000;

export interface E2eApp {
  work: string;
  server: RunningDevServer;
  credentials: CredentialStore;
  core: RemoteCore;
  host: BridgeHost;
  browser: Browser;
  page: Page;
  /** Stops everything and removes the keys this run put in the keychain. */
  close(): Promise<void>;
}

/** `label` names the temp folder, the keychain service and the log. */
/**
 * `wrapCore`: what the bridge host talks to instead of the core itself, for a file that needs
 * to hold or watch the page's calls (the core stays real; only the boundary is observed).
 */
export async function startE2eApp(
  label: string,
  viewport = { width: 1280, height: 900 },
  serverOptions: Parameters<typeof startDevServer>[0] = { seed: 'demo' },
  wrapCore: (core: Core) => Core = (core) => core,
): Promise<E2eApp> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const log = createLogger({ name: `e2e-${label}`, level: 'error' });
  const work = mkdtempSync(join(tmpdir(), `parley-e2e-${label}-`));
  const keychainService = `Parley e2e ${label} test`;
  // The core's thread keeps keys under this service; this handle only removes them at the end.
  const credentials = (await openCredentialStore(log, { service: keychainService })).store;
  const server = await startDevServer(serverOptions);
  const core = await startCoreThread(
    { dataDir: join(work, 'data'), keychainService, log: { name: `e2e-${label}`, level: 'error' } },
    { entry: DEV_CORE_THREAD_ENTRY, log },
  );
  const host = await startBridgeHost({ core: wrapCore(core), rendererDir: RENDERER_DIST, log });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...APP_CHROMIUM_ARGS],
  });
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return {
    work,
    server,
    credentials,
    core,
    host,
    browser,
    page,
    async close() {
      await browser.close();
      await host.close();
      await core.close();
      await server.stop();
      for (const user of server.users)
        await credentials.delete({ realmUrl: server.baseUrl, email: user.email }).catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Signs in through the sign-in screen and waits for the sidebar. */
export async function signInThroughUi(page: Page, baseUrl: string, user: DevServerUser): Promise<void> {
  await page.getByRole('textbox', { name: 'Server URL' }).fill(baseUrl);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: /^Email/ }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Channels' }).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
}

/** A channel both users are subscribed to (the demo seed has several). */
export async function sharedChannel(a: ZulipUser, b: ZulipUser): Promise<{ stream_id: number; name: string }> {
  const inB = new Set((await b.subscriptions()).map((s) => s.stream_id));
  const shared = (await a.subscriptions()).find((s) => inB.has(s.stream_id));
  if (!shared) throw new Error('The demo seed has no channel both users are in');
  return shared;
}

/** The owner (whom the page signs in as) and a member over HTTP, with a channel both are in. */
export async function ownerAndMember(server: RunningDevServer) {
  const owner = server.byRole(100);
  const member = server.byRole(400);
  const ownerHttp = await ZulipUser.login(server.baseUrl, owner.email, owner.password);
  const memberHttp = await ZulipUser.login(server.baseUrl, member.email, member.password);
  return { ownerHttp, memberHttp, channel: await sharedChannel(ownerHttp, memberHttp) };
}

/**
 * The two people of the files where one writes and the other reads in the UI: the owner (the
 * app's user; `ownerLogin` signs the page in) and amir, a member, over HTTP, with a channel both are in.
 */
export async function ownerAndAmir(app: E2eApp) {
  const ownerLogin = app.server.byRole(100);
  const a = app.server.byRole(200);
  const owner = await ZulipUser.login(app.server.baseUrl, ownerLogin.email, ownerLogin.password);
  const amir = await ZulipUser.login(app.server.baseUrl, a.email, a.password);
  return { ownerLogin, owner, amir, channel: await sharedChannel(owner, amir) };
}

/** An app as most files start: the demo organization, signed in through the UI as its owner. */
export async function startSignedInAsOwner(
  label: string,
  viewport?: { width: number; height: number },
): Promise<E2eApp> {
  const app = await startE2eApp(label, viewport);
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, app.server.byRole(100));
  return app;
}

/**
 * Opens a channel from the sidebar, clicking its row again until the conversation opens: after a
 * view change the sidebar's rows may still move as the last view's topics fold away, and a click
 * landing between two rows opens nothing.
 */
export async function openChannelFromSidebar(page: Page, name: string): Promise<void> {
  const row = page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name, exact: true });
  await expect
    .poll(
      async () => {
        await row.click();
        return page.locator('main').getAttribute('aria-label');
      },
      { timeout: UI_TIMEOUT },
    )
    .toBe(`#${name}`);
}

/**
 * Opens a topic from the sidebar (its channel's topics unfolded first), clicking again until the
 * conversation opens, for the same reason as openChannelFromSidebar.
 */
export async function openTopicFromSidebar(page: Page, channel: string, topic: string): Promise<void> {
  const channels = page.getByRole('navigation', { name: 'Channels' });
  await expect
    .poll(
      async () => {
        const toggle = channels.getByRole('button', { name: `Topics in ${channel}` });
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await channels
          .getByRole('list', { name: `Topics in ${channel}` })
          .getByRole('button', { name: topic, exact: true })
          .click();
        return page.locator('main').getAttribute('aria-label');
      },
      { timeout: UI_TIMEOUT },
    )
    .toBe(`#${channel} > ${topic}`);
}
