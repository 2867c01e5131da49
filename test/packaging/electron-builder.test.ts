/**
 * Packages the app with electron-builder for Linux (AppImage and deb, offline, the real config)
 * and checks what came out. What it would download is stood in for (./stand-ins.ts): Electron's
 * binary (electron-builder copies and renames it, and flips its fuses), fpm and the AppImage
 * tools. The native rebuild runs as in a release (the beforePack hook), with a stand-in for
 * @electron/rebuild, which cannot download Electron's headers here.
 */
import { extractFile, listPackage } from '@electron/asar';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMain, PROJECT_ROOT } from '../../scripts/build-main';
import { installedElectronVersion } from '../../scripts/rebuild-electron';
import {
  FUSE_SENTINEL,
  rebuildCalls,
  standInElectronDist,
  standInLinuxTools,
  standInRebuild,
  unpackStandInAppImage,
} from './stand-ins';

const run = promisify(execFile);
let work: string;
let unpacked: string;
let asarPath: string;
let entries: string[];
const nativeDir = join(PROJECT_ROOT, 'native');
const nodeBinding = join(PROJECT_ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const appVersion = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
const debArch = process.arch === 'arm64' ? 'arm64' : 'amd64';
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
let nodeBindingBefore: string;
let calls: ReturnType<typeof rebuildCalls>;
/** A developer's own native/ (npm start's Electron build), kept aside while the test packages. */
let savedNative: string | null = null;

beforeAll(async () => {
  await buildMain();
  if (!existsSync(join(PROJECT_ROOT, 'renderer/dist/index.html'))) {
    await run(
      process.execPath,
      [join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts'],
      {
        cwd: PROJECT_ROOT,
      },
    );
  }
  work = mkdtempSync(join(tmpdir(), 'parley-package-'));
  if (existsSync(nativeDir)) {
    savedNative = join(work, 'native-saved');
    renameSync(nativeDir, savedNative);
  }
  nodeBindingBefore = sha256(nodeBinding);
  const arch = process.arch === 'arm64' ? '--arm64' : '--x64';
  // Every Linux target of the real config (AppImage, deb; linux-unpacked on the way).
  await run(
    process.execPath,
    [
      join(PROJECT_ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      arch,
      '--publish',
      'never',
      `-c.electronDist=${standInElectronDist(work)}`,
      `-c.directories.output=${join(work, 'release')}`,
    ],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ELECTRON_BUILDER_OFFLINE: 'true',
        CI: 'true',
        PARLEY_ELECTRON_REBUILD_MODULE: standInRebuild(work, nodeBinding),
        ...standInLinuxTools(work),
      },
    },
  );
  calls = rebuildCalls(work);
  unpacked = join(work, 'release', process.arch === 'arm64' ? 'linux-arm64-unpacked' : 'linux-unpacked');
  asarPath = join(unpacked, 'resources', 'app.asar');
  entries = listPackage(asarPath, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
}, 90_000);

afterAll(() => {
  rmSync(nativeDir, { recursive: true, force: true });
  if (savedNative) renameSync(savedNative, nativeDir);
  if (work) rmSync(work, { recursive: true, force: true });
});

it('renames the Electron executable to the app name', () => {
  const executable = join(unpacked, 'parley');
  expect(statSync(executable).mode & 0o111).not.toBe(0);
  expect(readFileSync(executable, 'utf8')).toContain('stand-in for Electron');
});

it('puts the bundles, the built renderer and package.json into app.asar', () => {
  const bundles = [
    '/out/main/index.cjs',
    '/out/main/core-thread-loader.cjs',
    '/out/main/core-thread.cjs',
    '/out/preload/index.cjs',
  ];
  for (const file of ['/package.json', ...bundles, '/renderer/dist/index.html']) {
    expect(entries, file).toContain(file);
  }
  const manifest = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as {
    main: string;
    productName: string;
  };
  expect(manifest.main).toBe('out/main/index.cjs');
  expect(manifest.productName).toBe('Parley');
});

it('ships undici beside the core bundle, not inside it: the core loads it only behind a proxy', () => {
  expect(entries).toContain('/node_modules/undici/package.json');
  const core = extractFile(asarPath, 'out/main/core-thread.cjs').toString('utf8');
  expect(core).toContain('require("undici")');
  expect(core).not.toContain('class EnvHttpProxyAgent');
});

it('ships electron-updater beside the main bundle, not inside it: it is loaded for the first update check', () => {
  expect(entries).toContain('/node_modules/electron-updater/package.json');
  const main = extractFile(asarPath, 'out/main/index.cjs').toString('utf8');
  expect(main).toContain('require("electron-updater")');
  expect(main).not.toContain('class AppUpdater');
});

it("keeps zod's translations of its messages out of both bundles (compiled at every launch)", () => {
  for (const bundle of ['out/main/index.cjs', 'out/main/core-thread.cjs']) {
    const code = extractFile(asarPath, bundle).toString('utf8');
    expect(code, bundle).toContain('ZodError');
    expect(code, bundle).not.toContain('Ungültige Eingabe');
  }
});

it('leaves sources, tests, source maps and dev tools out', () => {
  const unwanted = entries.filter(
    (entry) =>
      /^\/(main|preload|common|devserver|test|scripts|renderer\/(?!dist))\//.test(entry) ||
      entry.endsWith('.map') ||
      /^\/node_modules\/(vitest|vite|electron|electron-builder|typescript|svelte|playwright-core)\//.test(entry),
  );
  expect(unwanted).toEqual([]);
});

it('ships the native modules unpacked, next to the archive', () => {
  const sqlite = join(
    unpacked,
    'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
  );
  expect(statSync(sqlite).size).toBeGreaterThan(100_000);
  // An ELF shared object, not a placeholder.
  expect(readFileSync(sqlite).subarray(0, 4).toString('latin1')).toBe('\x7fELF');
});

it('puts the tray icon beside the archive, where the packaged app reads it', () => {
  const icon = readFileSync(join(unpacked, 'resources', 'icon.png'));
  expect(icon.subarray(1, 4).toString('latin1')).toBe('PNG');
});

it('bundles main so it only needs Electron, the native modules and (for updates) electron-updater at run time', () => {
  const main = extractFile(asarPath, 'out/main/index.cjs').toString('utf8');
  const required = new Set([...main.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]));
  const outside = [...required].filter(
    (name) =>
      !name?.startsWith('node:') && !['electron', 'better-sqlite3', 'keytar', 'electron-updater'].includes(name ?? ''),
  );
  // Node's own modules may also appear without the node: prefix.
  const builtins = new Set([
    'fs',
    'path',
    'os',
    'url',
    'crypto',
    'http',
    'https',
    'net',
    'tls',
    'stream',
    'events',
    'util',
    'zlib',
    'buffer',
    'child_process',
    'assert',
    'worker_threads',
    'string_decoder',
    'querystring',
    'dns',
    'timers',
    'process',
  ]);
  expect(outside.filter((name) => !builtins.has(name ?? ''))).toEqual([]);
  const preload = extractFile(asarPath, 'out/preload/index.cjs').toString('utf8');
  expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1])).toEqual(['electron']);
});

it('flips the Electron fuses: no run-as-Node, NODE_OPTIONS or --inspect; encrypted cookies; app code only from a verified app.asar', () => {
  const binary = readFileSync(join(unpacked, 'parley'));
  const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
  expect(binary[at]).toBe(1);
  const fuses = binary.subarray(at + 2, at + 2 + binary[at + 1]!).toString('latin1');
  // RunAsNode 0, CookieEncryption 1, NODE_OPTIONS 0, --inspect 0, AsarIntegrity 1, OnlyAsar 1, V8 snapshot as is, file:// 0.
  expect(fuses).toBe('01001100');
});

it('signs macOS builds with the hardened runtime and only the JIT entitlement it needs', () => {
  const config = readFileSync(join(PROJECT_ROOT, 'electron-builder.yml'), 'utf8');
  expect(config).toMatch(/hardenedRuntime: true/);
  const plist = readFileSync(join(PROJECT_ROOT, 'build/entitlements.mac.plist'), 'utf8');
  const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
  expect(keys).toEqual(['com.apple.security.cs.allow-jit', 'com.apple.security.network.client']);
  expect(plist).not.toContain('disable-library-validation');
  expect(plist).not.toContain('allow-dyld-environment-variables');
});

it("rebuilds better-sqlite3 for Electron and this arch outside node_modules, leaving the tests' Node build as it was", () => {
  const electronVersion = installedElectronVersion();
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({ electronVersion, arch: process.arch, onlyModules: ['better-sqlite3'] });
  // A scratch copy, never the project: node_modules keeps the Node build byte for byte.
  expect(calls[0]!.buildPath.startsWith(PROJECT_ROOT)).toBe(false);
  expect(sha256(nodeBinding)).toBe(nodeBindingBefore);
});

it('lets @electron/rebuild find prebuild-install, so a prebuilt Electron binary is used where one exists instead of compiling', () => {
  expect(calls[0]!.prebuildInstall).toMatch(/node_modules[\\/]prebuild-install[\\/]bin\.js$/);
});

it('unpacks the Electron-ABI better-sqlite3 build beside app.asar, where the app loads it', () => {
  const unpackedBinding = join(unpacked, 'resources/app.asar.unpacked/native/electron/better_sqlite3.node');
  expect(readFileSync(unpackedBinding).toString('latin1')).toContain(
    `stand-in rebuild for Electron ${installedElectronVersion()}`,
  );
  const stamp = JSON.parse(
    readFileSync(join(unpacked, 'resources/app.asar.unpacked/native/electron/build.json'), 'utf8'),
  ) as { electron: string; arch: string };
  expect(stamp).toEqual({ electron: installedElectronVersion(), arch: process.arch });
  // What main/store/native-binding.ts looks for in a packaged app.
  expect(entries).toContain('/native/electron/better_sqlite3.node');
});

describe('the deb', () => {
  const deb = () => readFileSync(join(work, 'release', `parley_${appVersion}_${debArch}.deb`), 'utf8');
  const args = () =>
    deb()
      .split('\n')
      .filter((line) => line.startsWith('ARG '))
      .map((line) => line.slice(4));
  const after = (flag: string) => args()[args().indexOf(flag) + 1];

  it('has the maintainer, vendor and homepage fpm refuses to build without', () => {
    expect(after('--maintainer')).toMatch(/^Parley contributors <[^@\s>]+@[^@\s>]+>$/);
    expect(after('--vendor')).toBe('Parley contributors');
    expect(after('--url')).toBe('https://github.com/parley-chat/parley');
    expect(args().filter((_, i) => args()[i - 1] === '-d')).toContain('libsecret-1-0');
  });

  it('installs parley.desktop (desktopName), handling zulip:// links, with the window class Electron gives', () => {
    expect(deb()).toContain('DESKTOP /usr/share/applications/parley.desktop');
    expect(deb()).toMatch(/^MimeType=x-scheme-handler\/zulip;$/m);
    expect(deb()).toMatch(/^StartupWMClass=parley$/m);
  });
});

describe('the AppImage', () => {
  it('carries parley.desktop with the zulip:// handler, and the app knows its desktop file', () => {
    const appDir = join(work, 'AppDir');
    const images = readdirSync(join(work, 'release')).filter((name) => name.endsWith('.AppImage'));
    expect(images).toEqual([expect.stringMatching(new RegExp(`^Parley-${appVersion}`))]);
    unpackStandInAppImage(join(work, 'release', images[0]!), appDir);
    const desktop = readFileSync(join(appDir, 'parley.desktop'), 'utf8');
    expect(desktop).toMatch(/^MimeType=x-scheme-handler\/zulip;$/m);
    expect(desktop).toMatch(/^StartupWMClass=parley$/m);
    // Electron reads desktopName from the app's package.json: the launcher badge and the
    // x-scheme-handler registration name this file.
    const manifest = JSON.parse(
      extractFile(join(appDir, 'resources', 'app.asar'), 'package.json').toString('utf8'),
    ) as {
      desktopName?: string;
    };
    expect(manifest.desktopName).toBe('parley.desktop');
  });
});
