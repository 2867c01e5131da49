/**
 * Runs bench/fixtures/rss-probe.ts as a separate process, bundled like a release (the probe on the
 * host's side, the core's worker entry beside it), against a dev server: it signs in with what
 * `dataDir` already holds, syncs, reads a page, and answers its resident memory. Used by the app
 * suite (a 100k-message cache) and huge-browse (a first sync at 30,000 people).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { DevServerUser, RunningDevServer } from '../../devserver/spawn';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { buildMain, bundleNodeEntry, PROJECT_ROOT } from '../../scripts/build-main';

export interface ProbedMemory {
  /** Bytes resident after the first page, once the sync has settled (nothing forced). */
  rss: number;
  /** Bytes of the host thread's JS heap (the core's thread is inside rss). */
  heap: number;
  /** The kernel's high-water mark of resident bytes, start and first sync included. */
  peak: number;
}

export async function probeMemory(
  server: RunningDevServer,
  user: DevServerUser,
  dataDir: string,
  timeoutMs = 120_000,
): Promise<ProbedMemory> {
  const bundles = join(PROJECT_ROOT, 'bench', '.probe');
  await buildMain(join(bundles, 'out'));
  await bundleNodeEntry('bench/fixtures/rss-probe.ts', join(bundles, 'rss-probe.cjs'));
  const out = execFileSync(process.execPath, [join(bundles, 'rss-probe.cjs')], {
    env: {
      ...process.env,
      PROBE_DIR: dataDir,
      PROBE_CORE_ENTRY: join(bundles, 'out', 'main', 'core-thread.cjs'),
      PROBE_RENDERER: RENDERER_DIST,
      PROBE_URL: server.baseUrl,
      PROBE_EMAIL: user.email,
      PROBE_PASSWORD: user.password,
    },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  const probed = JSON.parse(out.trim().split('\n').at(-1)!) as ProbedMemory & { detail?: unknown };
  if (probed.detail) process.stderr.write(`rss-probe detail: ${JSON.stringify(probed.detail)}\n`);
  return probed;
}
