import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { electronBinary } from '../../scripts/electron-binary';

let pkg: string;
beforeEach(() => {
  pkg = mkdtempSync(join(tmpdir(), 'parley-electron-pkg-'));
});
afterEach(() => rmSync(pkg, { recursive: true, force: true }));

it('finds the binary the installer recorded', () => {
  mkdirSync(join(pkg, 'dist'));
  writeFileSync(join(pkg, 'path.txt'), 'electron');
  writeFileSync(join(pkg, 'dist', 'electron'), '');
  expect(electronBinary(pkg, {})).toBe(join(pkg, 'dist', 'electron'));
});

it('says null when the download never happened, instead of trying it', () => {
  expect(electronBinary(pkg, {})).toBeNull();
  writeFileSync(join(pkg, 'path.txt'), 'electron');
  expect(electronBinary(pkg, {})).toBeNull();
  expect(electronBinary(null, {})).toBeNull();
});

it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
  const dist = join(pkg, 'custom');
  mkdirSync(dist);
  writeFileSync(join(dist, 'electron'), '');
  expect(electronBinary(pkg, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toBe(join(dist, 'electron'));
});

it('answers for this checkout without downloading anything', () => {
  const found = electronBinary();
  // Either a file that exists or null; never an exception or a download attempt.
  expect(found === null || existsSync(found)).toBe(true);
});
