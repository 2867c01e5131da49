/**
 * `npm run build:main`: bundles Electron's main process and the preload with esbuild.
 *   main/electron/index.ts    -> out/main/index.cjs
 *   main/core-thread/worker.ts -> out/main/core-thread.cjs (the core's worker thread)
 *   main/core-thread/cached-entry.ts -> out/main/core-thread-loader.cjs (its entry: the bundle with V8's code cache)
 *   preload/index.ts       -> out/preload/index.cjs (a sandboxed preload must be one CommonJS file)
 * Native and Electron modules stay outside the bundle; electron-builder ships them from node_modules.
 */
import { build, type BuildOptions } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Loaded at run time: Electron provides itself; native addons cannot be bundled; undici is
 * needed only behind a proxy (main/api/proxy.ts) and electron-updater only for the first update
 * check (main/electron/updater.ts), so neither is compiled at every launch.
 */
export const EXTERNALS = ['electron', 'better-sqlite3', 'keytar', 'undici', 'electron-updater'];

const common: BuildOptions = {
  absWorkingDir: PROJECT_ROOT,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: EXTERNALS,
  sourcemap: 'linked',
  logLevel: 'warning',
  // import('keytar') becomes require('keytar'): Electron's asar support (native addons unpacked
  // beside app.asar) is a CommonJS loader feature.
  supported: { 'dynamic-import': false },
};

/** Source modules are ESM and may ask for import.meta.url; in the CommonJS main bundle it is the bundle. */
const importMetaShim: BuildOptions = {
  define: { 'import.meta.url': '__parleyImportMetaUrl' },
  banner: { js: 'const __parleyImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
};

/** Bundles one Node entry like the main process (bench/fixtures/rss-probe.ts measures this shape). */
export async function bundleNodeEntry(entry: string, outfile: string): Promise<void> {
  await build({ ...common, ...importMetaShim, entryPoints: [entry], outfile });
}

/**
 * Builds into `outDir` (absolute; default out/ in the project). It must sit inside the project
 * so the bundles find node_modules.
 */
export async function buildMain(outDir = join(PROJECT_ROOT, 'out')): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await Promise.all([
    build({
      ...common,
      ...importMetaShim,
      entryPoints: ['main/electron/index.ts'],
      outfile: `${outDir}/main/index.cjs`,
    }),
    build({
      ...common,
      ...importMetaShim,
      entryPoints: ['main/core-thread/worker.ts'],
      outfile: `${outDir}/main/core-thread.cjs`,
    }),
    // The worker's entry in the app: loads core-thread.cjs with V8's code cache.
    build({
      ...common,
      entryPoints: ['main/core-thread/cached-entry.ts'],
      outfile: `${outDir}/main/core-thread-loader.cjs`,
    }),
    // A sandboxed preload may require only 'electron' (and a few polyfills), so no shim here.
    build({ ...common, entryPoints: ['preload/index.ts'], outfile: `${outDir}/preload/index.cjs` }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildMain().then(
    () => console.log('Built out/main/index.cjs, out/main/core-thread(-loader).cjs and out/preload/index.cjs'),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
