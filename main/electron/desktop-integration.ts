/**
 * How the app introduces itself to the desktop, decided here without Electron (index.ts passes
 * `app`): the Windows AppUserModelID and the zulip:// handler for browser sign-in.
 */
import { join } from 'node:path';
import { LOGIN_PROTOCOL } from '../shell/deep-link';

/**
 * electron-builder's appId. The NSIS installer gives the Start-menu shortcut this ID, and Windows
 * shows an app's notifications only when the running process carries the ID of such a shortcut.
 */
export const APP_USER_MODEL_ID = 'chat.parley.desktop';
/** desktopName in electron-builder.yml's extraMetadata: the .desktop file Electron names on Linux. */
export const DESKTOP_FILE = 'parley.desktop';
const PRODUCT_NAME = 'Parley';

/** The part of Electron's `app` this needs. */
export interface DesktopApp {
  isPackaged: boolean;
  setAppUserModelId(id: string): void;
  isDefaultProtocolClient(protocol: string): boolean;
  getApplicationNameForProtocol(url: string): string;
  setAsDefaultProtocolClient(protocol: string): boolean;
}

export interface DesktopHost {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  homeDir: string;
  readText(file: string): string | null;
  writeText(file: string, text: string): void;
}

export type ProtocolOutcome = 'registered' | 'already-ours' | 'left-to-other-app' | 'not-packaged' | 'refused';

/**
 * A desktop entry for an AppImage, which installs nothing: without one in the user's applications
 * folder, xdg-mime has no application to hand zulip:// links to. Marked so only ours is rewritten
 * (when the AppImage moves).
 */
export function appImageDesktopEntry(appImage: string): string {
  // The desktop entry spec's two layers: inside a quoted argument " ` $ \ take a backslash and %
  // doubles; then the whole value is a string, where each backslash is escaped again.
  const quoted = appImage.replace(/(["`$\\])/g, '\\$1').replace(/%/g, '%%');
  const exec = `"${quoted}" %U`.replace(/\\/g, '\\\\');
  return [
    '[Desktop Entry]',
    `Name=${PRODUCT_NAME}`,
    `Exec=${exec}`,
    'Terminal=false',
    'Type=Application',
    'Icon=parley',
    'StartupWMClass=parley',
    `MimeType=x-scheme-handler/${LOGIN_PROTOCOL};`,
    'Categories=Network;Chat;',
    'NoDisplay=true',
    'X-Parley-AppImage=true',
    '',
  ].join('\n');
}

/** Sets the AppUserModelID on Windows and registers zulip:// where it is this app's to take. */
export function integrateWithDesktop(app: DesktopApp, host: DesktopHost): ProtocolOutcome {
  if (host.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  // From source (`electron .`) the handler would be the bare Electron binary, with no app path:
  // links would open an empty Electron. Only an installed build registers.
  if (!app.isPackaged) return 'not-packaged';
  if (app.isDefaultProtocolClient(LOGIN_PROTOCOL)) return 'already-ours';
  const current = app.getApplicationNameForProtocol(`${LOGIN_PROTOCOL}://`);
  // Another installed Zulip client (the official app) keeps the links it has: taking them
  // silently would break its sign-in. Parley's browser sign-in then cannot return by itself
  // (password sign-in is unaffected); index.ts logs why.
  if (current !== '' && !isOurs(current)) return 'left-to-other-app';
  const appImage = host.platform === 'linux' ? host.env['APPIMAGE'] : undefined;
  if (appImage) {
    // A line break would start a new key in the entry: no such path gets one.
    if (/[\r\n]/.test(appImage)) return 'refused';
    const file = join(host.env['XDG_DATA_HOME'] || join(host.homeDir, '.local', 'share'), 'applications', DESKTOP_FILE);
    const existing = host.readText(file);
    if (existing !== null && !existing.includes('X-Parley-AppImage=true')) return 'left-to-other-app';
    const entry = appImageDesktopEntry(appImage);
    if (existing !== entry) host.writeText(file, entry);
  }
  return app.setAsDefaultProtocolClient(LOGIN_PROTOCOL) ? 'registered' : 'refused';
}

function isOurs(name: string): boolean {
  return name === PRODUCT_NAME || name === DESKTOP_FILE || /(^|[\\/])parley(\.exe|\.desktop)?$/i.test(name);
}
