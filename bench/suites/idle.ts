/**
 * A chat app left open (issue 28 item 5): once synced, with nothing happening, how often do the
 * core's and the host's threads wake, and what CPU do they use? A separate process bundled like a
 * release (fixtures/idle-probe.ts) signs in to the demo organization, settles, then counts each
 * thread's context switches over an idle window. The long poll waits in the kernel, so an idle app
 * should wake only for the server's heartbeat and presence (each once a minute here); a timer that
 * fires with nothing to do shows as wake-ups per second.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { startDevServer } from '../../devserver/spawn';
import { buildMain, bundleNodeEntry, PROJECT_ROOT } from '../../scripts/build-main';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';

interface ProbeThread {
  tid: number;
  core: boolean;
  wakeups: number;
  cpuMs: number;
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const server = await startDevServer({ seed: 'demo' });
  try {
    const user = server.byRole(400);
    const bundles = join(PROJECT_ROOT, 'bench', '.probe', 'idle');
    await buildMain(join(bundles, 'out'));
    await bundleNodeEntry('bench/fixtures/idle-probe.ts', join(bundles, 'idle-probe.cjs'));
    const idleMs = ctx.quick ? 10_000 : 30_000;
    const out = execFileSync(process.execPath, [join(bundles, 'idle-probe.cjs')], {
      env: {
        ...process.env,
        PROBE_DIR: join(ctx.dir, 'idle'),
        PROBE_CORE_ENTRY: join(bundles, 'out', 'main', 'core-thread.cjs'),
        PROBE_RENDERER: RENDERER_DIST,
        PROBE_URL: server.baseUrl,
        PROBE_EMAIL: user.email,
        PROBE_PASSWORD: user.password,
        // Past the one-time work after a start: the search backlog (gathered 5 s), the core's code
        // cache (written 10 s after start) and V8's collections as allocation stops. Measured on the
        // demo, the threads were busy until 15-20 s after the first page and silent from 20 s on.
        PROBE_SETTLE_MS: '30000',
        PROBE_IDLE_MS: String(idleMs),
      },
      encoding: 'utf8',
      timeout: 150_000 + idleMs,
    });
    const { seconds, threads } = JSON.parse(out.trim().split('\n').at(-1)!) as {
      seconds: number;
      threads: ProbeThread[];
    };
    const sum = (list: ProbeThread[], key: 'wakeups' | 'cpuMs'): number => list.reduce((n, t) => n + t[key], 0);
    const core = threads.filter((t) => t.core);
    const rest = threads.filter((t) => !t.core);
    ctx.metric('idle, wake-ups per second, core threads', +(sum(core, 'wakeups') / seconds).toFixed(2), '/s');
    ctx.metric(
      'idle, wake-ups per second, host and runtime threads',
      +(sum(rest, 'wakeups') / seconds).toFixed(2),
      '/s',
    );
    ctx.metric('idle, CPU, core + host', +((sum(threads, 'cpuMs') / seconds / 1000) * 100).toFixed(3), '% of a core');
    const busiest = [...threads].sort((a, b) => b.wakeups - a.wakeups).slice(0, 6);
    ctx.note(
      `idle ${seconds.toFixed(1)} s; busiest threads: ${busiest
        .map((t) => `${t.core ? 'core' : 'host'} ${t.tid} ${t.wakeups} wake-ups ${t.cpuMs.toFixed(1)} ms`)
        .join(', ')}`,
    );
  } finally {
    await server.stop();
  }
  yield* [];
}

export const idleSuite: Suite = {
  name: 'idle',
  description: 'an app left open: wake-ups per second and CPU of the core and host threads while nothing happens',
  order: 75,
  cases,
};
