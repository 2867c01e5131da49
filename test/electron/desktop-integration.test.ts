/** The Windows AppUserModelID and the zulip:// registration, with a stand-in for Electron's `app`. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_USER_MODEL_ID,
  appImageDesktopEntry,
  integrateWithDesktop,
  type DesktopApp,
  type DesktopHost,
} from '../../main/electron/desktop-integration';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'parley-home-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function standInApp(options: { packaged: boolean; handler?: string; ours?: boolean }) {
  const calls: string[] = [];
  let ours = options.ours ?? false;
  const app: DesktopApp = {
    isPackaged: options.packaged,
    setAppUserModelId: (id) => void calls.push(`aumid:${id}`),
    isDefaultProtocolClient: () => ours,
    getApplicationNameForProtocol: () => (ours ? 'Parley' : (options.handler ?? '')),
    setAsDefaultProtocolClient: (scheme) => {
      calls.push(`protocol:${scheme}`);
      ours = true;
      return true;
    },
  };
  return { app, calls };
}

function host(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}): DesktopHost {
  return {
    platform,
    env,
    homeDir: home,
    readText: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : null),
    writeText: (file, text) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    },
  };
}

describe('Windows notifications', () => {
  it("carries the installer shortcut's AppUserModelID (electron-builder's appId), on Windows only", () => {
    const windows = standInApp({ packaged: true });
    integrateWithDesktop(windows.app, host('win32'));
    expect(windows.calls).toContain(`aumid:${APP_USER_MODEL_ID}`);
    const mac = standInApp({ packaged: true });
    integrateWithDesktop(mac.app, host('darwin'));
    expect(mac.calls.filter((c) => c.startsWith('aumid:'))).toEqual([]);
  });
});

describe('the zulip:// handler', () => {
  it('is registered by an installed build, once', () => {
    const { app, calls } = standInApp({ packaged: true });
    expect(integrateWithDesktop(app, host('darwin'))).toBe('registered');
    expect(integrateWithDesktop(app, host('darwin'))).toBe('already-ours');
    expect(calls).toEqual(['protocol:zulip']);
  });

  it('is never registered from source, where it would point at the bare Electron binary', () => {
    const { app, calls } = standInApp({ packaged: false });
    expect(integrateWithDesktop(app, host('linux'))).toBe('not-packaged');
    expect(calls).toEqual([]);
  });

  it('is not taken from another installed app that has it', () => {
    const { app, calls } = standInApp({ packaged: true, handler: 'Zulip' });
    expect(integrateWithDesktop(app, host('win32'))).toBe('left-to-other-app');
    expect(calls).not.toContain('protocol:zulip');
  });

  it('gets a desktop entry first from an AppImage, which installs none, pointing at the AppImage', () => {
    const { app, calls } = standInApp({ packaged: true });
    const appImage = '/home/me/Apps/Parley 0.1.0.AppImage';
    expect(integrateWithDesktop(app, host('linux', { APPIMAGE: appImage }))).toBe('registered');
    const entry = readFileSync(join(home, '.local/share/applications/parley.desktop'), 'utf8');
    expect(entry).toBe(appImageDesktopEntry(appImage));
    expect(entry).toMatch(/^Exec="\/home\/me\/Apps\/Parley 0\.1\.0\.AppImage" %U$/m);
    expect(entry).toMatch(/^MimeType=x-scheme-handler\/zulip;$/m);
    expect(calls).toEqual(['protocol:zulip']);
  });

  it('rewrites its own entry when the AppImage moves, and leaves a parley.desktop that is not its own', () => {
    const file = join(home, 'data', 'applications', 'parley.desktop');
    const env = { APPIMAGE: '/opt/new/Parley.AppImage', XDG_DATA_HOME: join(home, 'data') };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, appImageDesktopEntry('/old/Parley.AppImage'));
    expect(integrateWithDesktop(standInApp({ packaged: true }).app, host('linux', env))).toBe('registered');
    expect(readFileSync(file, 'utf8')).toContain('Exec="/opt/new/Parley.AppImage" %U');

    writeFileSync(file, '[Desktop Entry]\nName=Something else\n');
    expect(integrateWithDesktop(standInApp({ packaged: true }).app, host('linux', env))).toBe('left-to-other-app');
    expect(readFileSync(file, 'utf8')).toBe('[Desktop Entry]\nName=Something else\n');
  });

  it('quotes an AppImage path so the desktop entry runs that file and nothing else', () => {
    // Quoting rule (\" \` \$ \\ and %%), then the string rule doubling every backslash.
    expect(appImageDesktopEntry('/tmp/a"b$c`d\\e 100%.AppImage')).toContain(
      'Exec="/tmp/a\\\\"b\\\\$c\\\\`d\\\\\\\\e 100%%.AppImage" %U',
    );
    const { app, calls } = standInApp({ packaged: true });
    expect(integrateWithDesktop(app, host('linux', { APPIMAGE: '/tmp/x\nExec=evil' }))).toBe('refused');
    expect(existsSync(join(home, '.local/share/applications/parley.desktop'))).toBe(false);
    expect(calls).toEqual([]);
  });
});
