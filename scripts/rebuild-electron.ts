/**
 * `npm run rebuild:electron`: builds better-sqlite3 for the installed Electron's ABI into
 * native/electron/ (with build.json naming that Electron and arch), leaving node_modules' Node
 * build, which the tests and the demo use, untouched. Needs internet access for a prebuilt
 * binary or Electron's headers. `npm start` calls it when there is no build for this Electron;
 * `npm run dist` calls it for each arch it packages (scripts/electron-builder-before-pack.cjs);
 * both load it through main/store/native-binding.ts.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { RebuildOptions } from '@electron/rebuild';
import { BINDING_FILE, BINDING_STAMP, ELECTRON_BINDING_DIR } from '../main/store/native-binding';
import { PROJECT_ROOT } from './build-main';

export function installedElectronVersion(root = PROJECT_ROOT): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string })
    .version;
}

type Rebuild = (options: RebuildOptions) => Promise<void>;

/**
 * @electron/rebuild's `rebuild`, or the module named by PARLEY_ELECTRON_REBUILD_MODULE with the
 * same signature: the packaging test's stand-in, where neither a prebuilt binary nor Electron's
 * headers can be downloaded.
 */
async function rebuilder(env: NodeJS.ProcessEnv): Promise<Rebuild> {
  const module = env['PARLEY_ELECTRON_REBUILD_MODULE'] ?? '@electron/rebuild';
  const loaded = (await import(
    module.startsWith('@') ? module : pathToFileURL(createRequire(import.meta.url).resolve(module)).href
  )) as { rebuild: Rebuild };
  return loaded.rebuild;
}

export async function rebuildForElectron(
  root = PROJECT_ROOT,
  { arch = process.arch, env = process.env }: { arch?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const electronVersion = installedElectronVersion(root);
  // A scratch project holding only better-sqlite3, so the rebuild cannot touch node_modules.
  const scratch = mkdtempSync(join(tmpdir(), 'parley-electron-native-'));
  try {
    const moduleDir = join(scratch, 'node_modules', 'better-sqlite3');
    cpSync(join(root, 'node_modules', 'better-sqlite3'), moduleDir, {
      recursive: true,
      filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`),
    });
    // @electron/rebuild first tries a prebuilt Electron binary with prebuild-install, which it
    // looks for in node_modules above the module: without it here, every rebuild compiled SQLite.
    symlinkSync(
      join(root, 'node_modules', 'prebuild-install'),
      join(scratch, 'node_modules', 'prebuild-install'),
      'junction',
    );
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'parley-native', version: '0.0.0', dependencies: { 'better-sqlite3': '*' } }),
    );
    const rebuild = await rebuilder(env);
    await rebuild({ buildPath: scratch, electronVersion, arch, onlyModules: ['better-sqlite3'], force: true });
    const out = join(root, ELECTRON_BINDING_DIR);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    cpSync(join(moduleDir, 'build', 'Release', BINDING_FILE), join(out, BINDING_FILE));
    writeFileSync(join(out, BINDING_STAMP), `${JSON.stringify({ electron: electronVersion, arch }, null, 2)}\n`);
    return electronVersion;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * True when this module is the script node was asked to run: compared as file URLs (Windows
 * drive letters, spaces and other characters a URL encodes), through symlinks, as Node resolves
 * the main module to its real path.
 */
export function isMainModule(moduleUrl: string, argv1: string | undefined): boolean {
  if (argv1 === undefined) return false;
  const script = existsSync(argv1) ? realpathSync(argv1) : argv1;
  return moduleUrl === pathToFileURL(script).href;
}

if (isMainModule(import.meta.url, process.argv[1])) {
  const { values } = parseArgs({ options: { arch: { type: 'string' } }, strict: true });
  const arch = values.arch ?? process.arch;
  try {
    const version = await rebuildForElectron(PROJECT_ROOT, { arch });
    console.log(`better-sqlite3 built for Electron ${version} (${arch}) in ${ELECTRON_BINDING_DIR}/`);
  } catch (e) {
    console.error(`Could not build better-sqlite3 for Electron: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
