/**
 * The folder Parley keeps its data in when Electron is not there to say (the bridge host CLI).
 * It is the same folder Electron's app.getPath('userData') picks for an app named "Parley", so
 * both ways of running the app see the same accounts.
 */
import { homedir } from 'node:os';
import { join, win32 } from 'node:path';

export const APP_FOLDER_NAME = 'Parley';

export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    return win32.join(env['APPDATA'] ?? win32.join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  }
  if (platform === 'darwin') {
    return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  }
  // XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env['XDG_CONFIG_HOME'];
  const configHome = xdg && xdg.startsWith('/') ? xdg : join(home, '.config');
  return join(configHome, APP_FOLDER_NAME);
}
