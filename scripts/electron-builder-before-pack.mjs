/**
 * electron-builder's beforePack hook (electron-builder.yml), run once per arch it packages.
 * electron-builder's own rebuild (npmRebuild) would rebuild node_modules/better-sqlite3 in place
 * for Electron's ABI, after which the tests, the demo and the release workflow's dev server crash
 * under Node. Instead this builds better-sqlite3 for Electron and this arch into native/electron/
 * (scripts/rebuild-electron.ts, from a scratch copy), which the package carries and
 * main/store/native-binding.ts loads; node_modules keeps the Node build.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import builderUtil from 'builder-util';

/** @param {import('app-builder-lib').BeforePackContext} context */
export default async function beforePack(context) {
  const { Arch } = builderUtil;
  const arch = Arch[context.arch];
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName;
  // keytar's binary in node_modules is this machine's: a package for another OS or arch would
  // carry one that cannot load. Each is built on a runner of its own (release.yml).
  if (platform !== process.platform || arch !== process.arch) {
    throw new Error(
      `Parley packages for the machine it is built on (${process.platform}-${process.arch}), not ${platform}-${arch}: build that one on a ${platform}-${arch} machine.`,
    );
  }
  const root = context.packager.info.projectDir;
  const result = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.resolve('tsx/cli')), join(root, 'scripts', 'rebuild-electron.ts'), '--arch', arch],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`Building better-sqlite3 for Electron (${arch}) failed; see above.`);
}
