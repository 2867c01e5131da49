/**
 * The pieces of the Electron-ABI rebuild that decide, not build: when rebuild-electron.ts runs as
 * a script, and which packages electron-builder's beforePack hook refuses to make.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import builderUtil from 'builder-util';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../scripts/build-main';
// @ts-expect-error an ES module without types, loaded by electron-builder
import beforePack from '../../scripts/electron-builder-before-pack.mjs';
import { isMainModule } from '../../scripts/rebuild-electron';

const run = promisify(execFile);
let work: string | undefined;
afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = undefined;
});

describe('rebuild-electron as a script', () => {
  it('knows it is the script node runs, in a path with a space', () => {
    const script = join(tmpdir(), 'my projects', 'parley', 'scripts', 'rebuild-electron.ts');
    expect(isMainModule(pathToFileURL(script).href, script)).toBe(true);
    // What the old check compared: an unencoded file:// string, which never equals the module's URL here.
    expect(pathToFileURL(script).href).not.toBe(`file://${script}`);
    expect(isMainModule(pathToFileURL(script).href, join(tmpdir(), 'other.ts'))).toBe(false);
    expect(isMainModule(pathToFileURL(script).href, undefined)).toBe(false);
  });

  it('runs its rebuild when the project sits in a folder whose name has a space', async () => {
    work = mkdtempSync(join(tmpdir(), 'parley-rebuild-'));
    // The project seen through "my projects/parley" (a link: the checkout itself stays where it is).
    mkdirSync(join(work, 'my projects'));
    symlinkSync(PROJECT_ROOT, join(work, 'my projects', 'parley'), 'dir');
    const standIn = join(work, 'stand-in.mjs');
    writeFileSync(standIn, 'export async function rebuild() { throw new Error("stand-in rebuild ran"); }\n');
    const result = run(
      process.execPath,
      [
        join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'),
        join(work, 'my projects/parley/scripts/rebuild-electron.ts'),
      ],
      { cwd: work, env: { ...process.env, PARLEY_ELECTRON_REBUILD_MODULE: standIn } },
    );
    // The script did run (and said why it failed in one line), rather than exiting 0 having done nothing.
    await expect(result).rejects.toMatchObject({
      stderr: 'Could not build better-sqlite3 for Electron: stand-in rebuild ran\n',
    });
  });
});

describe("electron-builder's beforePack hook", () => {
  const context = (electronPlatformName: string, arch: string) => ({
    electronPlatformName,
    arch: builderUtil.Arch[arch as keyof typeof builderUtil.Arch],
    packager: { info: { projectDir: PROJECT_ROOT } },
  });
  const otherArch = process.arch === 'arm64' ? 'x64' : 'arm64';
  const otherOs = process.platform === 'darwin' ? 'win32' : 'darwin';

  it('refuses a package for another arch or OS, whose keytar binary could not load, and says where to build it', async () => {
    await expect(beforePack(context(process.platform, otherArch))).rejects.toThrow(
      `not ${process.platform}-${otherArch}: build that one on a ${process.platform}-${otherArch} machine`,
    );
    await expect(beforePack(context(otherOs, process.arch))).rejects.toThrow(`not ${otherOs}-${process.arch}`);
  });
});
