import { expect, it } from 'vitest';
import { defaultDataDir } from '../../main/shell/data-dir';

it('follows XDG on Linux, ignoring a relative XDG_CONFIG_HOME', () => {
  expect(defaultDataDir({ XDG_CONFIG_HOME: '/x/config' }, 'linux', '/home/ann')).toBe('/x/config/Parley');
  expect(defaultDataDir({}, 'linux', '/home/ann')).toBe('/home/ann/.config/Parley');
  expect(defaultDataDir({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/ann')).toBe('/home/ann/.config/Parley');
});

it('uses the platform folders Electron uses on macOS and Windows', () => {
  expect(defaultDataDir({}, 'darwin', '/Users/ann')).toBe('/Users/ann/Library/Application Support/Parley');
  expect(defaultDataDir({ APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ann')).toBe(
    'C:\\Users\\ann\\AppData\\Roaming\\Parley',
  );
});
