/**
 * Packages the app with electron-builder (`--dir --linux`, offline, the real config) and checks
 * what came out. Electron's binary cannot be downloaded here, so electronDist points at a stand-in
 * folder with an executable named `electron`: electron-builder copies it and renames it, which is
 * all --dir needs. The native rebuild runs as in a release (the beforePack hook), with a stand-in
 * for @electron/rebuild, which cannot download Electron's headers here.
 */
import { extractFile, listPackage } from '@electron/asar';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildMain, PROJECT_ROOT } from '../../scripts/build-main';
import { installedElectronVersion } from '../../scripts/rebuild-electron';

const run = promisify(execFile);
/** @electron/fuses' marker before the fuse wire in an Electron binary. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's defaults, in FuseV1Options order: RunAsNode, CookieEncryption, NODE_OPTIONS, --inspect, AsarIntegrity, OnlyLoadAppFromAsar, V8 snapshot, file:// privileges. */
const STOCK_FUSES = '10110001';
let work: string;
let unpacked: string;
let asarPath: string;
let entries: string[];
const nativeDir = join(PROJECT_ROOT, 'native');
const nodeBinding = join(PROJECT_ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
let nodeBindingBefore: string;
let rebuildCalls: { electronVersion: string; arch: string; buildPath: string }[];
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
  // Stands in for @electron/rebuild: "builds" by copying a marked binary where node-gyp would put
  // it in the scratch project it is given, and records what it was asked for.
  const standInRebuild = join(work, 'stand-in-rebuild.mjs');
  writeFileSync(
    standInRebuild,
    `import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
export async function rebuild(options) {
  appendFileSync(${JSON.stringify(join(work, 'rebuild-calls.jsonl'))}, JSON.stringify(options) + '\\n');
  const out = options.buildPath + '/node_modules/better-sqlite3/build/Release';
  mkdirSync(out, { recursive: true });
  writeFileSync(out + '/better_sqlite3.node', Buffer.concat([readFileSync(${JSON.stringify(nodeBinding)}), Buffer.from('stand-in rebuild for Electron ' + options.electronVersion)]));
}
`,
  );
  const electronDist = join(work, 'electron-dist');
  mkdirSync(electronDist);
  // Ends with a fuse wire as Electron's binary holds it (sentinel, version 1, 8 fuses in
  // Electron's default states), so electron-builder's fuse flipping has something real to flip.
  writeFileSync(
    join(electronDist, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in for Electron"\nexit 0\n'),
      Buffer.from(FUSE_SENTINEL, 'latin1'),
      Buffer.from([1, 8]),
      Buffer.from(STOCK_FUSES, 'latin1'),
    ]),
  );
  chmodSync(join(electronDist, 'electron'), 0o755);

  const arch = process.arch === 'arm64' ? '--arm64' : '--x64';
  await run(
    process.execPath,
    [
      join(PROJECT_ROOT, 'node_modules/electron-builder/cli.js'),
      '--dir',
      '--linux',
      arch,
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${join(work, 'release')}`,
    ],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ELECTRON_BUILDER_OFFLINE: 'true',
        CI: 'true',
        PARLEY_ELECTRON_REBUILD_MODULE: standInRebuild,
      },
    },
  );
  rebuildCalls = readFileSync(join(work, 'rebuild-calls.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { electronVersion: string; arch: string; buildPath: string });
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
  expect(rebuildCalls).toHaveLength(1);
  expect(rebuildCalls[0]).toMatchObject({ electronVersion, arch: process.arch, onlyModules: ['better-sqlite3'] });
  // A scratch copy, never the project: node_modules keeps the Node build byte for byte.
  expect(rebuildCalls[0]!.buildPath.startsWith(PROJECT_ROOT)).toBe(false);
  expect(sha256(nodeBinding)).toBe(nodeBindingBefore);
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
