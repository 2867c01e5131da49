/**
 * Loads the real main bundle (scripts/build-main.ts output) with a recording stand-in for the
 * `electron` module and the real core on a temp data folder: the entry wires what it should.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CALL_CHANNEL } from '../../common/ipc/contract';
import { buildMain, PROJECT_ROOT } from '../../scripts/build-main';
import { importKeytar, KeytarCredentialStore } from '../../main/credentials';
import { pictureKeeper } from '../../main/launch-picture/keep';
import { ensurePictureSigningKey, PICTURE_SIGNING_KEY } from '../../main/launch-picture/signing';
import { loadMainBundle } from './load-bundle';
import { createFakeElectron } from './fake-electron-module';

const outDir = join(PROJECT_ROOT, 'node_modules', '.cache', 'parley-main-entry-test');
const bundle = join(outDir, 'main', 'index.cjs');
const entryUrl = 'app://parley/index.html';
let dataDir: string;
/** The keychain service of this test's run (the real "Parley" entries stay untouched). */
const keychainService = 'Parley main-entry test';
const keychain = async (): Promise<KeytarCredentialStore> =>
  new KeytarCredentialStore(await importKeytar(), keychainService);

/** Runs the bundle's top level once with `fake` as the electron module. */
function loadMain(fake: ReturnType<typeof createFakeElectron>): void {
  loadMainBundle(bundle, fake.electron);
}

const distIndex = (): string => readFileSync(join(PROJECT_ROOT, 'renderer', 'dist', 'index.html'), 'utf8');

beforeAll(async () => {
  await buildMain(outDir);
  dataDir = mkdtempSync(join(tmpdir(), 'parley-main-entry-'));
  process.env['PARLEY_DATA_DIR'] = dataDir;
  process.env['PARLEY_KEYCHAIN_SERVICE'] = keychainService;
  // The picture an earlier session of this build left (main/launch-picture), signed with this
  // install's key.
  const build = /src="\.(\/assets\/[^"]+\.js)"/.exec(distIndex())![1]!;
  const html =
    '<div class="home"><div role="log" aria-label="#general"><article onclick="x()">Hi</article></div></div>';
  const key = await ensurePictureSigningKey(await keychain());
  pictureKeeper(dataDir, join(PROJECT_ROOT, 'renderer', 'dist'), () => true).keep(
    { accountId: 'acc-1', build, theme: 'dark', html },
    key,
  );
});

afterAll(async () => {
  await (await keychain()).delete(PICTURE_SIGNING_KEY);
  delete process.env['PARLEY_DATA_DIR'];
  delete process.env['PARLEY_KEYCHAIN_SERVICE'];
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('main entry', () => {
  const fake = createFakeElectron({ appPath: PROJECT_ROOT, entryUrl, singleInstance: true });

  beforeAll(async () => {
    loadMain(fake);
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 10_000 });
    // The window opens while the core's thread starts; the menu is set once the core is up.
    await vi.waitFor(() => expect(fake.calls.some((c) => c.startsWith('appMenu:'))).toBe(true), { timeout: 10_000 });
  });

  it('uses the data folder it was given and sandboxes every renderer', () => {
    expect(fake.app.getPath('userData')).toBe(dataDir);
    expect(fake.calls).toContain('enableSandbox');
    // The renderer's V8 keeps its heap small (main/shell/renderer-flags.ts), set before any window.
    expect(fake.calls).toContain('switch:js-flags=--optimize-for-size');
    expect(fake.calls.indexOf('switch:js-flags=--optimize-for-size')).toBeLessThan(fake.calls.indexOf('enableSandbox'));
    expect(existsSync(join(dataDir, 'parley.sqlite'))).toBe(true);
  });

  it('opens one window with the locked-down preferences and the built renderer', () => {
    const [window] = fake.windows;
    expect(window?.options['webPreferences']).toMatchObject({
      preload: join(PROJECT_ROOT, 'out', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(window?.loaded).toEqual([entryUrl]);
  });

  it('serves the built renderer as app://parley/, a standard scheme with V8 code cache', async () => {
    expect(fake.schemes.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
    const handler = fake.schemes.handlers.get('app');
    expect(handler).toBeTypeOf('function');
    // The first load of the page carries the last session's picture, sanitized, and the theme.
    const pictured = await (await handler!(new Request(entryUrl))).text();
    expect(pictured).toContain(
      '<div id="launch-picture" aria-hidden="true"><div inert><div class="home"><div role="log" aria-label="#general"><article>Hi</article></div></div></div></div><div id="app"></div>',
    );
    expect(pictured).toContain('<html lang="en" data-theme="dark">');
    // Any later load (a reload) is the plain page.
    const page = await handler!(new Request(entryUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toBe(distIndex());
    // The bundle the page asks for, kept for good (its name carries its hash).
    const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const bundle = await handler!(new Request(`app://parley/${script}`));
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers.get('cache-control')).toContain('immutable');
    // Nothing outside renderer/dist: the URL parser drops dot segments, the rest is refused.
    expect((await handler!(new Request('app://parley/%2e%2e/%2e%2e/package.json'))).status).toBe(404);
    expect((await handler!(new Request('app://parley/..%2f..%2fpackage.json'))).status).toBe(400);
    expect((await handler!(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect((await handler!(new Request(entryUrl, { method: 'POST', body: 'x' }))).status).toBe(405);
    expect((await handler!(new Request('app://parley/nothing.js'))).status).toBe(404);
  });

  it('hardens the session: permissions and the CSP header', () => {
    const check = fake.sessionHandlers['check'] as (c: unknown, p: string) => boolean;
    expect(check(null, 'notifications')).toBe(true);
    expect(check(null, 'media')).toBe(false);
    expect(fake.sessionHandlers['headers']).toBeTypeOf('function');
  });

  it('makes a download from the window ask where to save it (the OS save dialog)', () => {
    const onDownload = fake.sessionHandlers['will-download'] as (e: unknown, item: unknown) => void;
    const options: Array<{ defaultPath: string }> = [];
    onDownload(
      {},
      { getFilename: () => 'photo.png', setSaveDialogOptions: (o: { defaultPath: string }) => options.push(o) },
    );
    expect(options).toHaveLength(1);
    expect(options[0]?.defaultPath).toMatch(/photo\.png$/);
  });

  it('answers renderer calls from the core, and only for the app page', async () => {
    const state = await fake.ipc.ipcRenderer.invoke(IPC_CALL_CHANNEL, 'app:state', {});
    expect(state).toMatchObject({ ok: true, value: { accounts: [] } });
    fake.ipc.senderUrl = 'https://evil.example/';
    const refused = await fake.ipc.ipcRenderer.invoke(IPC_CALL_CHANNEL, 'app:state', {});
    fake.ipc.senderUrl = entryUrl;
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('sets the application menu, a tray icon from the app icon, and retries servers on resume', () => {
    const mac = process.platform === 'darwin';
    expect(fake.calls).toContain(`appMenu:${mac ? 'Parley,' : ''}File,Edit,View,Window`);
    expect(fake.calls).toContain('tray:icon.png@22');
    expect(fake.calls).toContain('tooltip:Parley');
    expect(fake.calls).toContain('trayMenu:Show Parley,-,Quit Parley');
    expect(fake.calls).toContain('powerMonitor:resume');
  });

  it('hides to the tray when the window is closed (Windows, Linux), remembering its size', () => {
    let prevented = false;
    fake.windows[0]?.emitter.emit('close', { preventDefault: () => (prevented = true) });
    const saved = JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual({ x: 10, y: 20, width: 900, height: 700, maximized: false });
    const toTray = process.platform !== 'darwin';
    expect(prevented).toBe(toTray);
    expect(fake.calls.includes('window:hide')).toBe(toTray);
  });

  it('really closes the window once quitting has begun', () => {
    fake.app.emit('before-quit');
    let prevented = false;
    fake.windows[0]?.emitter.emit('close', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(false);
  });

  it('closes the core before quitting', async () => {
    let prevented = false;
    fake.app.emit('will-quit', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await expect.poll(() => fake.calls.includes('quit')).toBe(true);
    // Quitting again goes through, and the IPC handlers are gone.
    let preventedAgain = false;
    fake.app.emit('will-quit', { preventDefault: () => (preventedAgain = true) });
    expect(preventedAgain).toBe(false);
    expect(fake.ipc.mainListenerCount(IPC_CALL_CHANNEL)).toBe(0);
    expect(fake.calls).toContain('tray:destroyed');
  });
});

it('a second instance quits at once without opening anything', async () => {
  const fake = createFakeElectron({ appPath: PROJECT_ROOT, entryUrl, singleInstance: false });
  loadMain(fake);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fake.calls).toContain('quit');
  expect(fake.windows).toEqual([]);
  expect(fake.ipc.mainListenerCount(IPC_CALL_CHANNEL)).toBe(0);
});
