/**
 * `npm run rebuild:electron`: builds better-sqlite3 for the installed Electron's ABI into
 * native/electron/ (with build.json naming that Electron), leaving node_modules' Node build, which
 * the tests use, untouched. Needs internet access for Electron's headers. `npm start` and release
 * builds load it through main/store/native-binding.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rebuild } from '@electron/rebuild';
import { BINDING_FILE, BINDING_STAMP, ELECTRON_BINDING_DIR } from '../main/store/native-binding';
import { PROJECT_ROOT } from './build-main';

export function installedElectronVersion(root = PROJECT_ROOT): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string })
    .version;
}

export async function rebuildForElectron(root = PROJECT_ROOT): Promise<string> {
  const electronVersion = installedElectronVersion(root);
  // A scratch project holding only better-sqlite3, so the rebuild cannot touch node_modules.
  const scratch = mkdtempSync(join(tmpdir(), 'parley-electron-native-'));
  try {
    const moduleDir = join(scratch, 'node_modules', 'better-sqlite3');
    cpSync(join(root, 'node_modules', 'better-sqlite3'), moduleDir, {
      recursive: true,
      filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`),
    });
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'parley-native', version: '0.0.0', dependencies: { 'better-sqlite3': '*' } }),
    );
    await rebuild({ buildPath: scratch, electronVersion, onlyModules: ['better-sqlite3'], force: true });
    const out = join(root, ELECTRON_BINDING_DIR);
    mkdirSync(out, { recursive: true });
    cpSync(join(moduleDir, 'build', 'Release', BINDING_FILE), join(out, BINDING_FILE));
    writeFileSync(join(out, BINDING_STAMP), `${JSON.stringify({ electron: electronVersion }, null, 2)}\n`);
    return electronVersion;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const version = await rebuildForElectron();
    console.log(`better-sqlite3 built for Electron ${version} in ${ELECTRON_BINDING_DIR}/`);
  } catch (e) {
    console.error(`Could not build better-sqlite3 for Electron: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
