/**
 * A recording stand-in for the `electron` module, for loading the real main bundle
 * (out/main/index.cjs) in plain Node. It implements only what main/electron/index.ts touches and
 * remembers what was asked of it; the IPC part is FakeElectronIpc.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { FakeElectronIpc } from './fake-electron-ipc';

export interface WindowRecord {
  options: Record<string, unknown>;
  loaded: string[];
  emitter: EventEmitter;
}

export function createFakeElectron(opts: {
  appPath: string;
  entryUrl: string;
  singleInstance: boolean;
  /** What the window answers to executeJavaScript (the self-test's rendered-rows probe). */
  executeJavaScript?: (code: string) => Promise<unknown>;
}) {
  const app = new EventEmitter();
  const paths = new Map<string, string>();
  const calls: string[] = [];
  const windows: WindowRecord[] = [];
  const ipc = new FakeElectronIpc(opts.entryUrl);
  const sessionHandlers: Record<string, unknown> = {};
  /** protocol.registerSchemesAsPrivileged's argument, and each scheme's handler. */
  const schemes: { privileged: unknown[]; handlers: Map<string, (request: Request) => Promise<Response>> } = {
    privileged: [],
    handlers: new Map(),
  };
  const webContents = {
    ...ipc.webContents,
    on: () => undefined,
    setWindowOpenHandler: () => undefined,
    executeJavaScript: (code: string) => opts.executeJavaScript?.(code) ?? Promise.resolve(undefined),
  };

  class BrowserWindow {
    readonly webContents = webContents;
    readonly record: WindowRecord;
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [], emitter: new EventEmitter() };
      windows.push(this.record);
    }
    loadURL(url: string): Promise<void> {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    on(name: string, listener: (...args: unknown[]) => void): this {
      this.record.emitter.on(name, listener);
      return this;
    }
    once(name: string, listener: (...args: unknown[]) => void): this {
      this.record.emitter.once(name, listener);
      return this;
    }
    maximize(): void {}
    visible = true;
    show(): void {
      this.visible = true;
    }
    hide(): void {
      this.visible = false;
      calls.push('window:hide');
    }
    isVisible(): boolean {
      return this.visible;
    }
    focus(): void {}
    restore(): void {}
    isMinimized(): boolean {
      return false;
    }
    isMaximized(): boolean {
      return false;
    }
    getNormalBounds() {
      return { x: 10, y: 20, width: 900, height: 700 };
    }
  }

  const electron = {
    app: Object.assign(app, {
      setPath: (name: string, value: string) => void paths.set(name, value),
      getPath: (name: string) => paths.get(name) ?? `/nonexistent/${name}`,
      getAppPath: () => opts.appPath,
      requestSingleInstanceLock: () => opts.singleInstance,
      enableSandbox: () => void calls.push('enableSandbox'),
      commandLine: {
        appendSwitch: (name: string, value?: string) => void calls.push(`switch:${name}=${value ?? ''}`),
      },
      setAsDefaultProtocolClient: (scheme: string) => void calls.push(`protocol:${scheme}`),
      whenReady: () => Promise.resolve(),
      quit: () => void calls.push('quit'),
      setBadgeCount: (count: number) => (calls.push(`badge:${count}`), true),
      isPackaged: false,
      exit: (code: number) => void calls.push(`exit:${code}`),
    }),
    BrowserWindow,
    ipcMain: ipc.ipcMain,
    protocol: {
      registerSchemesAsPrivileged: (list: unknown[]) => void schemes.privileged.push(...list),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        void schemes.handlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: unknown) => (sessionHandlers['request'] = h),
        setPermissionCheckHandler: (h: unknown) => (sessionHandlers['check'] = h),
        webRequest: { onHeadersReceived: (h: unknown) => (sessionHandlers['headers'] = h) },
        on: (name: string, h: unknown) => (sessionHandlers[name] = h),
      },
    },
    shell: { openExternal: (url: string) => Promise.resolve(void calls.push(`openExternal:${url}`)) },
    dialog: { showErrorBox: (title: string, body: string) => void calls.push(`error:${title}:${body}`) },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    nativeTheme: { shouldUseDarkColors: false },
    Notification: { isSupported: () => false },
    powerMonitor: { on: (name: string) => void calls.push(`powerMonitor:${name}`) },
    Menu: {
      buildFromTemplate: (template: { label?: string }[]) => ({ template }),
      setApplicationMenu: (menu: { template: { label?: string }[] }) =>
        void calls.push(`appMenu:${menu.template.map((m) => m.label ?? '').join(',')}`),
    },
    nativeImage: {
      createFromPath: (file: string) => ({
        isEmpty: () => !existsSync(file),
        resize: (size: { width: number }) => ({ file, width: size.width }),
      }),
    },
    Tray: class {
      constructor(image: { file: string; width: number }) {
        calls.push(`tray:${basename(image.file)}@${image.width}`);
      }
      setToolTip(text: string): void {
        calls.push(`tooltip:${text}`);
      }
      setContextMenu(menu: { template: { label?: string }[] }): void {
        calls.push(`trayMenu:${menu.template.map((m) => m.label ?? '-').join(',')}`);
      }
      on(): void {}
      destroy(): void {
        calls.push('tray:destroyed');
      }
    },
    pushNotifications: {},
  };
  return { electron, app: electron.app, calls, windows, ipc, sessionHandlers, schemes };
}
