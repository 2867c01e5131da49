/**
 * Electron's main-process entry (bundled to out/main/index.cjs by scripts/build-main.ts). It only
 * wires Electron to the core and to main/shell's decisions; the logic lives in plain modules.
 *
 * PARLEY_DATA_DIR overrides the data folder (the demo script and tests use it).
 */
import {
  app,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  powerMonitor,
  protocol,
  pushNotifications,
  session,
  shell,
  Tray,
  type BrowserWindow,
  type MenuItemConstructorOptions,
} from 'electron';
import { askWhereToSave } from './downloads';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC_EVENT_CHANNEL } from '../../common/ipc/contract';
import { pendingCore, startCoreThread, SYNC_GRACE_MS } from '../core-thread';
import { createLogger } from '../log';
import { chooseSqliteBinding, NativeModuleError } from '../store/native-binding';
import { platformPushToken } from '../push/platform';
import { APP_ENTRY_URL } from '../shell/app-scheme';
import { rendererCspHeader } from '../shell/csp';
import { LinkInbox, loginLinkIn } from '../shell/deep-link';
import { isAppUrl } from '../shell/navigation';
import { appMenuTemplate, closeAction } from '../shell/app-menu';
import { trayIsVisible } from '../shell/tray-support';
import { RENDERER_JS_FLAGS } from '../shell/renderer-flags';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { showUnreadBadge } from './badge';
import { attachContextMenu } from './context-menu';
import { taskbarOverlay } from './taskbar-overlay';
import { integrateWithDesktop } from './desktop-integration';
import { guardWebContents, secureSession } from './guards';
import { forwardCoreEvents, wireCoreToIpc } from './ipc-wiring';
import { showCoreNotifications } from './notifications';
import { createAppTray, type AppTray } from './tray';
import { startUpdateChecks } from './updater';
import { RENDERED_ROWS_SCRIPT, runSelfTest, selfTestConfig, type SelfTestConfig } from '../shell/self-test';
import { createMainWindow } from './window';
import { prepareLaunchPage } from '../launch-picture/entry-page';
import { keychainSigningKey } from '../launch-picture/signing';

const dataDirOverride = process.env['PARLEY_DATA_DIR'];
if (dataDirOverride) app.setPath('userData', dataDirOverride);
/** Tests name a keychain service of their own, so they never touch the real Parley entries. */
const keychainService = process.env['PARLEY_KEYCHAIN_SERVICE'] || undefined;

const appRoot = app.getAppPath();
const rendererDir = join(appRoot, 'renderer', 'dist');
// The renderer is served as app://parley/ (main/shell/app-scheme.ts: a real origin, and V8's code
// cache for the bundle, which file:// never gets). The scheme's privileges must precede `ready`.
const entryUrl = APP_ENTRY_URL;
registerAppScheme(protocol);
// Before any renderer starts: Chromium copies the switch to each renderer process it launches.
app.commandLine.appendSwitch('js-flags', RENDERER_JS_FLAGS);
const preloadPath = join(appRoot, 'out', 'preload', 'index.cjs');

const log = createLogger({ name: 'electron' });
let mainWindow: BrowserWindow | null = null;

/**
 * Push comes only from APNs on macOS. No production bouncer key is baked in yet, so only a build
 * started with PARLEY_BOUNCER_PUBLIC_KEY registers; without one push simply stays off.
 */
function pushOptions(): { bouncerPublicKey: string } | null {
  const bouncerPublicKey = process.env['PARLEY_BOUNCER_PUBLIC_KEY'];
  if (process.platform !== 'darwin' || !bouncerPublicKey) return null;
  return { bouncerPublicKey };
}

/** The tray icon, from the app icon (packaged: copied beside app.asar by electron-builder). */
function openTray(show: () => void): AppTray | null {
  if (!trayIsVisible(process.platform, process.env)) {
    log.info('no tray on this desktop (stock GNOME): closing the window quits; PARLEY_TRAY=on keeps a tray icon');
    return null;
  }
  const file = app.isPackaged ? join(process.resourcesPath, 'icon.png') : join(appRoot, 'build', 'icon.png');
  const image = nativeImage.createFromPath(file);
  if (image.isEmpty()) {
    log.warn('no tray icon: the app icon could not be read', { file });
    return null;
  }
  return createAppTray({
    Tray,
    buildMenu: (template) => Menu.buildFromTemplate(template as MenuItemConstructorOptions[]),
    image: image.resize({ width: process.platform === 'win32' ? 16 : 22 }),
    show,
    quit: () => app.quit(),
  });
}

function focusMainWindow(): void {
  if (!mainWindow) return;
  // Closed to the tray (Windows, Linux): the window is only hidden.
  if (!mainWindow.isVisible()) mainWindow.show();
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

// Browser sign-in ends in a zulip://login link: macOS sends open-url (also on a cold start, so
// listen before ready); Windows and Linux start a second instance with the link in argv.
const links = new LinkInbox();
app.on('open-url', (event, url) => {
  event.preventDefault();
  links.receive(url);
});
const coldStartLink = loginLinkIn(process.argv);
if (coldStartLink) links.receive(coldStartLink);

async function start(): Promise<void> {
  let selfTest: SelfTestConfig | null;
  try {
    selfTest = selfTestConfig(process.argv, process.env);
  } catch (e) {
    console.error((e as Error).message);
    app.exit(2);
    return;
  }
  let sqliteBinding: string | undefined;
  try {
    sqliteBinding = chooseSqliteBinding({
      electronVersion: process.versions.electron,
      packaged: app.isPackaged,
      appRoot: app.getAppPath(),
      env: process.env,
      exists: existsSync,
      readText: (file) => readFileSync(file, 'utf8'),
    });
  } catch (e) {
    if (!(e instanceof NativeModuleError)) throw e;
    // One line, not a NODE_MODULE_VERSION stack trace from the core thread.
    console.error(e.message);
    await app.whenReady();
    dialog.showErrorBox('Parley cannot start', e.message);
    app.exit(1);
    return;
  }
  app.enableSandbox();
  const protocolOutcome = integrateWithDesktop(app, {
    platform: process.platform,
    env: process.env,
    homeDir: app.getPath('home'),
    readText: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null),
    writeText: (file, text) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    },
  });
  if (protocolOutcome === 'left-to-other-app' || protocolOutcome === 'refused') {
    log.warn('zulip:// links do not come to Parley, so a browser sign-in cannot return to it', {
      protocolOutcome,
      handler: app.getApplicationNameForProtocol('zulip://'),
    });
  }
  app.on('second-instance', (_event, argv) => {
    focusMainWindow();
    const link = loginLinkIn(argv);
    if (link) links.receive(link);
  });
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, entryUrl, (url) => shell.openExternal(url));
    attachContextMenu(contents, {
      buildMenu: (template) => Menu.buildFromTemplate(template),
      clipboard,
    });
  });
  const push = pushOptions();
  // The core (SQLite caches, sync loops, outbox) runs on a worker thread, so no disk stall ever
  // holds up this thread, which routes the window's IPC (main/core-thread/remote-core.ts).
  // Started before Electron is ready and not awaited: the window loads while the thread starts,
  // and calls made meanwhile wait for it (main/core-thread/pending-core.ts), so a launch pays the
  // longer of the two, not their sum.
  const core = pendingCore(
    startCoreThread(
      {
        dataDir: app.getPath('userData'),
        rendererDir,
        log: { name: 'core' },
        syncGraceMs: SYNC_GRACE_MS,
        systemProxy: true,
        ...(keychainService ? { keychainService } : {}),
        ...(push ? { push } : {}),
        ...(sqliteBinding ? { sqliteBinding } : {}),
      },
      {
        // Beside this bundle, inside app.asar: worker threads read asar archives since Electron 17.3.
        // The loader runs core-thread.cjs with V8's code cache (main/core-thread/code-cache.ts).
        entry: fileURLToPath(new URL('./core-thread-loader.cjs', import.meta.url)),
        log,
        pushToken: () => platformPushToken(process.platform, pushNotifications),
        // The OS proxy settings (and PAC), which only Chromium's resolver knows.
        resolveProxy: async (url) => {
          await app.whenReady();
          return session.defaultSession.resolveProxy(url);
        },
      },
    ),
  );
  // The last session's picture of the window, put into the entry page (main/launch-picture).
  // Begun at once, beside Electron's own start: a launch only checks the picture's signature (it
  // was sanitized when kept), and the keychain's answer for the key (one round trip to the OS
  // keyring, slow under load) is what the window's first pixels wait for. Not in a self-test: it
  // must see the app's own rows.
  const launchPage = selfTest
    ? null
    : prepareLaunchPage(
        rendererDir,
        app.getPath('userData'),
        (why) => log.warn(`no launch picture: ${why}`),
        () => keychainSigningKey(keychainService),
      );
  await app.whenReady();
  secureSession(session.defaultSession, rendererCspHeader(), entryUrl);
  session.defaultSession.on('will-download', (_event, item) => askWhereToSave(item, app.getPath('downloads')));
  serveRenderer(protocol, rendererDir, launchPage);

  const unwire = wireCoreToIpc({
    core,
    ipcMain,
    isAppUrl: (url) => isAppUrl(url, entryUrl),
    onRefused: (channel, url) => log.warn('refused IPC from a page that is not the app', { channel, url }),
  });
  const stopEvents = forwardCoreEvents(core, () => mainWindow?.webContents ?? null);
  // The outcome reaches the renderer as account:ssoResult.
  links.ready((url) => void core.dispatch('account:ssoComplete', { url }));
  // The core decides what deserves a notification (main/notifications); this shows it, and a
  // click opens its conversation in the window.
  const stopNotifications = showCoreNotifications(core, {
    Notification,
    focusWindow: focusMainWindow,
    sendToWindow: (name, payload) => {
      const contents = mainWindow?.webContents;
      if (contents && !contents.isDestroyed()) contents.send(IPC_EVENT_CHANNEL, name, payload);
    },
  });

  const stopUpdates = selfTest ? () => {} : startUpdateChecks(app.isPackaged, log.child('updates'));

  // After a sleep the event queues' long-polls may hang on dead connections: retry them now.
  powerMonitor.on('resume', () => core.receive('app:wake', {}));

  let tray: AppTray | null = null;
  let waiting = 0;
  // Windows has no app badge: the count goes on the taskbar button (taskbar-overlay.ts).
  const showTaskbarOverlay = (): void => {
    if (process.platform !== 'win32' || !mainWindow) return;
    const { image, description } = taskbarOverlay(waiting);
    mainWindow.setOverlayIcon(
      image ? nativeImage.createFromBitmap(image.bitmap, { width: image.width, height: image.height }) : null,
      description,
    );
  };
  let quitting = false;
  app.on('before-quit', () => (quitting = true));
  const openWindow = (): void => {
    const window = createMainWindow({
      userDataDir: app.getPath('userData'),
      preloadPath,
      entryUrl,
      onProblem: (message) => log.warn(message),
      hidden: selfTest !== null,
    });
    window.on('close', (event) => {
      if (closeAction({ platform: process.platform, hasTray: tray !== null, quitting }) === 'hide') {
        event.preventDefault();
        window.hide();
      }
    });
    window.on('closed', () => (mainWindow = null));
    mainWindow = window;
    showTaskbarOverlay();
  };
  openWindow();
  // A core that cannot start ends the launch with its reason (start()'s catch shows it).
  await core.started;
  if (selfTest) {
    const result = await runSelfTest(
      {
        core,
        renderedRows: async () => Number(await mainWindow?.webContents.executeJavaScript(RENDERED_ROWS_SCRIPT)),
        navigate: (accountId, narrow) =>
          mainWindow?.webContents.send(IPC_EVENT_CHANNEL, 'view:navigate', { accountId, narrow }),
        now: () => Date.now(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      },
      selfTest,
    );
    if (result.ok) console.log(`self-test passed: ${result.summary}`);
    else console.error(`self-test failed: ${result.reason}`);
    await core.close();
    app.exit(result.ok ? 0 : 1);
    return;
  }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate(process.platform, { developer: !app.isPackaged }) as MenuItemConstructorOptions[],
    ),
  );
  tray = openTray(() => {
    if (!mainWindow) openWindow();
    focusMainWindow();
  });
  const stopBadge = showUnreadBadge(core, (count) => {
    tray?.setWaiting(count);
    waiting = count;
    showTaskbarOverlay();
    return app.setBadgeCount(count);
  });
  app.on('activate', () => {
    if (!mainWindow) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting waits for the core to stop its sync loops and close its databases.
  let coreClosed = false;
  app.on('will-quit', (event) => {
    if (coreClosed) return;
    event.preventDefault();
    unwire();
    stopEvents();
    stopNotifications();
    stopBadge();
    stopUpdates();
    tray?.destroy();
    void core.close().finally(() => {
      coreClosed = true;
      app.quit();
    });
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((error: unknown) => {
    dialog.showErrorBox('Parley could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}
