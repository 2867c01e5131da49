/**
 * Updates for release builds through electron-updater: it reads app-update.yml, which
 * electron-builder writes from the `publish` section of electron-builder.yml (GitHub Releases),
 * checks once at start and every six hours, downloads in the background and offers the
 * restart with a system notification. Development runs (`npm start`) never check.
 *
 * electron-updater (with js-yaml, fs-extra and the rest, about half a megabyte) is loaded on the
 * first check, not with the main process: compiling it would delay the window at every launch.
 */
import type { AppUpdater } from 'electron-updater';
import type { Logger } from '../log';

const EVERY_SIX_HOURS = 6 * 60 * 60 * 1000;

export function startUpdateChecks(packaged: boolean, log: Logger): () => void {
  if (!packaged || process.env['PARLEY_NO_UPDATES']) return () => {};
  let updater: Promise<AppUpdater> | null = null;
  const check = (): void => {
    updater ??= import('electron-updater').then(({ autoUpdater }) => {
      autoUpdater.logger = null;
      return autoUpdater;
    });
    updater
      .then((autoUpdater) => autoUpdater.checkForUpdatesAndNotify())
      .catch((e: unknown) => log.warn('update check failed', { error: e }));
  };
  check();
  const timer = setInterval(check, EVERY_SIX_HOURS);
  return () => clearInterval(timer);
}
