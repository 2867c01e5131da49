/**
 * Finds the Electron executable the `electron` npm package installed, or null when there is none.
 * `require('electron')` would answer the same question, but when the binary is missing it starts
 * an unbounded download; this only reads what the package's installer records (path.txt), and
 * electron-download.ts downloads with a progress line and a bound.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function electronBinary(
  packageDir: string | null = locateElectronPackage(),
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (packageDir === null) return null;
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  const candidate = override
    ? join(override, relative || 'electron')
    : relative
      ? join(packageDir, 'dist', relative)
      : null;
  return candidate !== null && existsSync(candidate) ? candidate : null;
}

export function locateElectronPackage(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}
