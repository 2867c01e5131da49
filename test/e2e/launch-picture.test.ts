/**
 * The launch picture in Chromium: a session leaves a picture of its window in the data folder; the
 * next start's page shows it before the app has drawn (inert, hidden from assistive technology),
 * and the app's own rows take its place. A picture changed on disk runs nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCore } from '../../main/core';
import { pendingCore } from '../../main/core-thread';
import { openCredentialStore, type CredentialStore } from '../../main/credentials';
import { startBridgeHost, type BridgeHost } from '../../main/host/bridge-host';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { prepareLaunchPage } from '../../main/launch-picture/entry-page';
import { launchPicturePath, readLaunchPicture, writeLaunchPicture } from '../../main/launch-picture/file';
import { pictureKeeper } from '../../main/launch-picture/keep';
import { pictureSigningKey, PICTURE_SIGNING_KEY } from '../../main/launch-picture/signing';
import type { Core } from '../../main/ipc/types';
import { createLogger } from '../../main/log';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { ARTIFACTS, signInThroughUi, UI_TIMEOUT } from './support';
import { ZulipUser } from './zulip-http';

const log = createLogger({ name: 'e2e-picture', level: 'error' });
let work: string;
let dataDir: string;
let server: RunningDevServer;
let credentials: CredentialStore;
let browser: Browser;
const running: { host: BridgeHost; core: Core }[] = [];

/** A launch: the core (started when `coreGate` opens), the host with this folder's launch page, a page. */
async function launch(coreGate: Promise<void> = Promise.resolve()): Promise<Page> {
  const core = pendingCore(coreGate.then(() => createCore({ dataDir, credentials, log, rendererDir: RENDERER_DIST })));
  const host = await startBridgeHost({
    core,
    rendererDir: RENDERER_DIST,
    log,
    launchPage: prepareLaunchPage(RENDERER_DIST, dataDir, undefined, () => pictureSigningKey(credentials)),
  });
  running.push({ host, core });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(host.url, { waitUntil: 'commit' });
  return page;
}

async function stopAll(): Promise<void> {
  for (const { host, core } of running.splice(0)) {
    await host.close();
    await core.close();
  }
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  work = mkdtempSync(join(tmpdir(), 'parley-e2e-picture-'));
  dataDir = join(work, 'data');
  credentials = (await openCredentialStore(log, { service: 'Parley e2e launch picture test' })).store;
  server = await startDevServer({ seed: 'demo' });
  browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  await stopAll();
  await server?.stop();
  for (const user of server?.users ?? [])
    await credentials?.delete({ realmUrl: server.baseUrl, email: user.email }).catch(() => undefined);
  await credentials?.delete(PICTURE_SIGNING_KEY).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

it('shows the window the last session left until the app has drawn its own', async () => {
  const member = server.byRole(400);
  const memberHttp = await ZulipUser.login(server.baseUrl, member.email, member.password);

  // --- A first session: sign in, open #general, stay a moment: the picture is kept.
  const first = await launch();
  await signInThroughUi(first, server.baseUrl, member);
  await first
    .getByRole('navigation', { name: 'Channels' })
    .getByRole('button', { name: 'general', exact: true })
    .click();
  const rows = first.getByRole('log').getByRole('article');
  await rows.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  const shownText = (await rows.last().innerText()).split('\n').slice(-1)[0]!.trim();
  await expect.poll(() => readLaunchPicture(dataDir)?.html ?? '', { timeout: UI_TIMEOUT }).toContain(shownText);
  const kept = readFileSync(launchPicturePath(dataDir), 'utf8');
  expect(kept).not.toContain(memberHttp.apiKey);
  await first.close();
  await stopAll();

  // --- The next start, its core held back: the page shows the picture, and nothing can act on it.
  let openCore = (): void => {};
  const second = await launch(new Promise<void>((resolve) => (openCore = resolve)));
  await second.locator('#launch-picture').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  const picture = await second.evaluate(() => {
    const layer = document.getElementById('launch-picture')!;
    return {
      hidden: layer.getAttribute('aria-hidden'),
      inert: (layer.firstElementChild as HTMLElement).inert,
      text: layer.textContent ?? '',
      heading: layer.querySelector('[role="log"]')?.getAttribute('aria-label'),
      covers: layer.getBoundingClientRect().width === window.innerWidth,
      ids: layer.querySelectorAll('[id]').length,
    };
  });
  expect(picture).toMatchObject({ hidden: 'true', inert: true, heading: '#general', covers: true, ids: 0 });
  expect(picture.text).toContain(shownText);
  await second.screenshot({ path: join(ARTIFACTS, 'launch-picture-01-picture.png') });
  // Not in the accessibility tree: there is no conversation to read or channel to press yet.
  expect(await second.getByRole('log').count()).toBe(0);
  expect(await second.getByRole('button', { name: 'general', exact: true }).count()).toBe(0);

  // --- The core comes: the app draws the same conversation, and the picture is gone.
  openCore();
  const live = second.getByRole('log');
  await live.getByRole('article').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  expect(await live.getAttribute('aria-label')).toBe('#general');
  await expect.poll(() => second.locator('#launch-picture').count(), { timeout: UI_TIMEOUT }).toBe(0);
  await second.screenshot({ path: join(ARTIFACTS, 'launch-picture-02-live.png') });
  await second.close();
  await stopAll();

  // --- A picture holding hostile markup (as a page showing others' messages might) is sanitized as
  // it is kept, before it reaches the disk. (One not signed by this install, or kept under another
  // policy, is not shown at all: test/main/launch-picture.)
  const { mac: _mac, policy: _policy, ...pictured } = readLaunchPicture(dataDir)!;
  const hostile =
    '<img src="x" onerror="window.__ran = 1"><script>window.__ran = 2</script>' +
    '<iframe srcdoc="<script>parent.__ran = 3</script>"></iframe><a href="javascript:window.__ran = 4" id="app">x</a>';
  const key = (await pictureSigningKey(credentials))!;
  pictureKeeper(dataDir, RENDERER_DIST, () => true).keep({ ...pictured, html: hostile + pictured.html }, key);
  expect(readLaunchPicture(dataDir)!.html).not.toMatch(/onerror|<script|<iframe|javascript:|id="app"/);
  const third = await launch();
  await third.getByRole('log').getByRole('article').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  expect(await third.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  // The app mounted into its own root, not into the picture's lookalike.
  expect(await third.evaluate(() => document.querySelectorAll('#app').length)).toBe(1);
  await third.close();
  await stopAll();

  // --- Had the sanitizer let the scripts through (the markup signed as kept), the page's policy
  // still runs none of them: no inline script, handler or framed document. (An id the sanitizer
  // drops, as the lookalike root above, would instead take the app's place: hence the sanitizing.)
  const scripts = hostile.replace(' id="app"', '');
  writeLaunchPicture(dataDir, { ...readLaunchPicture(dataDir)!, html: scripts + pictured.html }, key);
  const fourth = await launch();
  await fourth.getByRole('log').getByRole('article').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  expect(await fourth.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  await fourth.close();
  await stopAll();
  expect(existsSync(launchPicturePath(dataDir))).toBe(true);
});
