/**
 * The bridge host spawned as its own process from a release bundle (bench/fixtures/host-process.ts
 * with the core's bundle and code-cache loader), as a user's launch starts it: for the suites that
 * time a start from outside, from the spawn on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { buildMain, bundleNodeEntry, PROJECT_ROOT } from '../../scripts/build-main';

export interface SpawnedHost {
  child: ChildProcess;
  /** The page's URL, printed by the host once it listens. */
  url: string;
  /** When this process read that line (wall-clock ms, as performance.timeOrigin + now()). */
  listeningAt: number;
  stop(): Promise<void>;
}

export interface HostBundle {
  hostEntry: string;
  coreEntry: string;
}

/** Bundles the host fixture and the core (its loader with the code cache) into the suite's folder. */
export async function bundleHost(suite: string): Promise<HostBundle> {
  const bundles = join(PROJECT_ROOT, 'bench', '.probe', suite);
  await buildMain(join(bundles, 'out'));
  await bundleNodeEntry('bench/fixtures/host-process.ts', join(bundles, 'host-process.cjs'));
  return {
    hostEntry: join(bundles, 'host-process.cjs'),
    coreEntry: join(bundles, 'out', 'main', 'core-thread-loader.cjs'),
  };
}

const START_TIMEOUT_MS = 30_000;

/**
 * PARLEY_BENCH_HOST_CPU_PROF=<dir>: each spawned host writes V8 CPU profiles there when it ends, its
 * main thread's and the core thread's, sampled every 200 µs (a launch's timeline, in DevTools).
 */
function hostProfileArgs(): string[] {
  const dir = process.env['PARLEY_BENCH_HOST_CPU_PROF'];
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'] : [];
}

/** Spawns the host on `dataDir`; resolves once it has printed its URL (it listens). */
export function spawnHost(
  bundle: HostBundle,
  dataDir: string,
  keychainService: string,
  codeCacheWriteAfterMs?: number,
): Promise<SpawnedHost> {
  const child = spawn(process.execPath, [...hostProfileArgs(), bundle.hostEntry], {
    env: {
      ...process.env,
      PROBE_DIR: dataDir,
      PROBE_RENDERER: RENDERER_DIST,
      PROBE_CORE_ENTRY: bundle.coreEntry,
      PROBE_KEYCHAIN_SERVICE: keychainService,
      ...(codeCacheWriteAfterMs !== undefined ? { PROBE_CODE_CACHE_WRITE_MS: String(codeCacheWriteAfterMs) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise<SpawnedHost>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the host printed no URL in time: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${String(code)}) before it listened: ${stderr}`));
    });
    createInterface({ input: child.stdout! }).once('line', (url) => {
      clearTimeout(timer);
      resolve({ child, url, listeningAt: performance.timeOrigin + performance.now(), stop });
    });
  });
}
