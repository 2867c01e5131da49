/**
 * Updates for release builds through electron-updater: it reads app-update.yml, which
 * electron-builder writes from the `publish` section of electron-builder.yml (GitHub Releases),
 * checks once at start and every six hours, downloads in the background and offers the
 * restart with a system notification. Development runs (`npm start`) never check.
 */
import { autoUpdater } from 'electron-updater';
import type { Logger } from '../log';

const EVERY_SIX_HOURS = 6 * 60 * 60 * 1000;

export function startUpdateChecks(packaged: boolean, log: Logger): () => void {
  if (!packaged || process.env['PARLEY_NO_UPDATES']) return () => {};
  autoUpdater.logger = null;
  const check = (): void => {
    autoUpdater.checkForUpdatesAndNotify().catch((e: unknown) => log.warn('update check failed', { error: e }));
  };
  check();
  const timer = setInterval(check, EVERY_SIX_HOURS);
  return () => clearInterval(timer);
}
