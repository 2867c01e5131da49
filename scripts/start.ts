/**
 * `npm start`: builds the app and opens it in Electron on the user's own data folder. Electron's
 * binary is downloaded on first use; where that fails it says why in one line; where
 * better-sqlite3 has no build for this Electron yet it makes one first (npm run rebuild:electron).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chooseSqliteBinding, NativeModuleError } from '../main/store/native-binding';
import { buildMain, PROJECT_ROOT } from './build-main';
import { locateElectronPackage } from './electron-binary';
import { ensureElectronBinary } from './electron-download';
import { currentHost, sandboxArgs } from './linux-sandbox';
import { installedElectronVersion, rebuildForElectron } from './rebuild-electron';

const electronPackage = locateElectronPackage();
const found =
  electronPackage === null
    ? { reason: 'the electron package is not installed (npm ci)' }
    : await ensureElectronBinary({ packageDir: electronPackage });
if ('reason' in found) {
  console.error(`${found.reason}. Use \`npm run demo\` or \`npm run host\` to run Parley in a browser.`);
  process.exit(1);
}
const electron = found.binary;

const bindingContext = {
  electronVersion: installedElectronVersion(),
  packaged: false,
  appRoot: PROJECT_ROOT,
  env: process.env,
  exists: existsSync,
  readText: (file: string) => readFileSync(file, 'utf8'),
};
try {
  chooseSqliteBinding(bindingContext);
} catch (e) {
  if (!(e instanceof NativeModuleError)) throw e;
  console.error('Building better-sqlite3 for Electron (once)…');
  await rebuildForElectron();
}

await buildMain();
const { args, notice } = sandboxArgs(currentHost(electron), [PROJECT_ROOT, ...process.argv.slice(2)]);
if (notice) console.error(notice);
const app = spawn(electron, args, { stdio: 'inherit' });
app.once('exit', (code) => process.exit(code ?? 0));
