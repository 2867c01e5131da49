/**
 * Stand-ins for what electron-builder would download (Electron's binary, fpm, the AppImage tools)
 * and for @electron/rebuild (Electron's headers): each is real enough for electron-builder to run
 * the real config offline, and writes down what it was given so a test can read it back.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../scripts/build-main';

/** @electron/fuses' marker before the fuse wire in an Electron binary. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's defaults, in FuseV1Options order: RunAsNode, CookieEncryption, NODE_OPTIONS, --inspect, AsarIntegrity, OnlyLoadAppFromAsar, V8 snapshot, file:// privileges. */
const STOCK_FUSES = '10110001';
const RUNTIME = 'STAND-IN APPIMAGE RUNTIME\n';

function executable(file: string, text: string | Buffer): void {
  writeFileSync(file, text);
  chmodSync(file, 0o755);
}

/**
 * electronDist: an `electron` that ends with a fuse wire as Electron's binary holds it (sentinel,
 * version 1, 8 fuses in Electron's default states), so the fuse flipping has something to flip.
 */
export function standInElectronDist(work: string): string {
  const dist = join(work, 'electron-dist');
  mkdirSync(dist);
  executable(
    join(dist, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in for Electron"\nexit 0\n'),
      Buffer.from(FUSE_SENTINEL, 'latin1'),
      Buffer.from([1, 8]),
      Buffer.from(STOCK_FUSES, 'latin1'),
    ]),
  );
  return dist;
}

/**
 * A module with @electron/rebuild's `rebuild` (PARLEY_ELECTRON_REBUILD_MODULE): "builds" by
 * putting a marked copy of the Node binary where node-gyp would in the scratch project it is
 * given, and appends its options to rebuild-calls.jsonl.
 */
export function standInRebuild(work: string, nodeBinding: string): string {
  const file = join(work, 'stand-in-rebuild.mjs');
  writeFileSync(
    file,
    `import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { locateBinary } from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'node_modules/@electron/rebuild/lib/module-type/index.js')).href)};
export async function rebuild(options) {
  // Where @electron/rebuild looks for prebuild-install before compiling (its own lookup).
  const prebuildInstall = await locateBinary(options.buildPath + '/node_modules/better-sqlite3', 'node_modules/prebuild-install/bin.js');
  appendFileSync(${JSON.stringify(join(work, 'rebuild-calls.jsonl'))}, JSON.stringify({ ...options, prebuildInstall }) + '\\n');
  const out = options.buildPath + '/node_modules/better-sqlite3/build/Release';
  mkdirSync(out, { recursive: true });
  writeFileSync(out + '/better_sqlite3.node', Buffer.concat([readFileSync(${JSON.stringify(nodeBinding)}), Buffer.from('stand-in rebuild for Electron ' + options.electronVersion)]));
}
`,
  );
  return file;
}

interface RebuildCall {
  electronVersion: string;
  arch: string;
  buildPath: string;
  /** prebuild-install's bin.js as @electron/rebuild finds it from the module, or null. */
  prebuildInstall: string | null;
}

export function rebuildCalls(work: string): RebuildCall[] {
  return readFileSync(join(work, 'rebuild-calls.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RebuildCall);
}

/**
 * fpm (CUSTOM_FPM_PATH) writing its arguments ("ARG x" lines) and the .desktop file it was to
 * install ("DESKTOP path" and its text) into the package; the AppImage tools (APPIMAGE_TOOLS_PATH)
 * with an mksquashfs that puts the staged AppDir, as a tar, where the image would be.
 */
export function standInLinuxTools(work: string): Record<string, string> {
  const fpm = join(work, 'fpm');
  executable(
    fpm,
    `#!/bin/sh
out=""; prev=""
for a in "$@"; do [ "$prev" = "--package" ] && out="$a"; prev="$a"; done
{
  for a in "$@"; do printf 'ARG %s\\n' "$a"; done
  for a in "$@"; do case "$a" in *=/usr/share/applications/*) printf 'DESKTOP %s\\n' "\${a#*=}"; cat "\${a%%=*}";; esac; done
} > "$out"
`,
  );
  const tools = join(work, 'appimage-tools');
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  mkdirSync(join(tools, `linux-${arch}`), { recursive: true });
  mkdirSync(join(tools, 'lib', 'x64'), { recursive: true });
  writeFileSync(join(tools, `runtime-${arch}`), RUNTIME);
  // mksquashfs STAGE OUTPUT -offset N ...: N bytes left for the runtime, then the AppDir.
  executable(
    join(tools, `linux-${arch}`, 'mksquashfs'),
    '#!/bin/sh\nhead -c "$4" /dev/zero > "$2"\ntar -cf - -C "$1" . >> "$2"\n',
  );
  executable(join(tools, `linux-${arch}`, 'desktop-file-validate'), '#!/bin/sh\nexit 0\n');
  return { CUSTOM_FPM_PATH: fpm, APPIMAGE_TOOLS_PATH: tools };
}

/** Unpacks a stand-in AppImage's AppDir into `into`; throws unless it starts with the runtime. */
export function unpackStandInAppImage(file: string, into: string): void {
  const image = readFileSync(file);
  if (image.subarray(0, RUNTIME.length).toString('latin1') !== RUNTIME) throw new Error(`${file} has no runtime`);
  const tar = `${into}.tar`;
  writeFileSync(tar, image.subarray(RUNTIME.length));
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xf', tar, '-C', into]);
}
