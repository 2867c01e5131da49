/**
 * What the app's main thread goes through while the core takes in a burst of new messages, with a
 * cache of 100,000 messages (20,000 with --quick): the core on its own worker thread (how Electron,
 * the bridge host and the demo run it) against the same core on the main thread. Both are real
 * cores signed in to a dev server in another process; a third user sends each of them direct
 * messages over HTTP, and a round ends when every message has reached the renderer's event stream.
 *
 * "held" is the longest stretch the main thread could not run anything else (IPC, in the app):
 * on the main thread that includes each SQLite commit, which can stall on the disk for tens of
 * milliseconds however small the transaction (bench/README.md); in the worker it does not.
 */
import { mkdirSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { dirname, join } from 'node:path';
import type { EventName } from '../../common/ipc/contract';
import type { Core } from '../../main/ipc/types';
import { accountIdFor } from '../../main/accounts/sign-in';
import { probeServer } from '../../main/api';
import { createCore } from '../../main/core';
import { DEV_CORE_THREAD_ENTRY, startCoreThread } from '../../main/core-thread';
import { MemoryCredentialStore } from '../../main/credentials';
import { createLogger } from '../../main/log';
import { accountDbPath } from '../../main/store/account-store';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../../devserver/spawn';
import { copyFilledCache } from '../fixtures/filled-cache';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';

const BURST = 100;
const quiet = () => createLogger({ name: 'bench.core', level: 'error', sink: () => undefined });

/** Counts the messages from one sender that reached a core's event stream (echoes excluded). */
function arrivals(core: Core, senderId: number) {
  let count = 0;
  let wake: (() => void) | null = null;
  core.subscribe((name: EventName, payload) => {
    if (name !== 'messages:added') return;
    const { messages } = payload as { messages: { id: number; senderId: number }[] };
    count += messages.filter((m) => m.id > 0 && m.senderId === senderId).length;
    wake?.();
  });
  return {
    get count() {
      return count;
    },
    async until(target: number): Promise<void> {
      const deadline = Date.now() + 60_000;
      while (count < target) {
        if (Date.now() > deadline) throw new Error(`only ${count} of ${target} messages arrived within 60 s`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

async function signIn(core: Core, server: RunningDevServer, user: DevServerUser): Promise<void> {
  const r = await core.dispatch('account:signIn', { url: server.baseUrl, email: user.email, password: user.password });
  if (!r.ok) throw new Error(`sign-in of ${user.email} failed: ${r.error.message}`);
  // Live: its event queue is registered, so every message sent from now on reaches it.
  for (let i = 0; i < 200; i++) {
    const state = await core.dispatch('app:state', {});
    const accounts = state.ok ? (state.value as { accounts: { status: { state: string } }[] }).accounts : [];
    if (accounts[0]?.status.state === 'live') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${user.email} did not get live within 10 s`);
}

/**
 * The third user's client, on a thread of its own: `send(to, count)` posts `count` direct messages
 * to `to` one after another (POST /messages) and resolves when all are accepted. Sent from the
 * measured thread, its own HTTP work (undici writing each request) held that thread for up to
 * ~14 ms at a time and was counted against the core under test; the sender is somebody else's
 * client, not Parley's.
 */
function offThreadSender(server: RunningDevServer, sender: DevServerUser, apiKey: string) {
  const auth = `Basic ${Buffer.from(`${sender.email}:${apiKey}`).toString('base64')}`;
  const worker = new Worker(SENDER_SOURCE, { eval: true, workerData: { url: server.baseUrl, auth } });
  worker.unref();
  return {
    send: (to: number, count: number, label: string) =>
      new Promise<void>((resolve, reject) => {
        worker.once('message', (reply: { error?: string }) =>
          reply.error ? reject(new Error(reply.error)) : resolve(),
        );
        worker.postMessage({ to, count, label });
      }),
    close: () => worker.terminate(),
  };
}

/** The sender thread's code (plain JavaScript: worker threads run it without the TypeScript loader). */
const SENDER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', async ({ to, count, label }) => {
  try {
    for (let i = 0; i < count; i++) {
      const res = await fetch(workerData.url + '/api/v1/messages', {
        method: 'POST',
        headers: { authorization: workerData.auth },
        body: new URLSearchParams({ type: 'direct', to: JSON.stringify([to]), content: 'burst message ' + i + ' to ' + label }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error('sending failed with HTTP ' + res.status);
    }
    parentPort.postMessage({});
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

async function fetchKey(server: RunningDevServer, user: DevServerUser): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  const json = (await res.json()) as { api_key?: string };
  if (typeof json.api_key !== 'string') throw new Error(`no API key for ${user.email}`);
  return json.api_key;
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const total = ctx.quick ? 20_000 : 100_000;
  const server = await startDevServer({ seed: 'demo' });
  const cores: Core[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const members = server.users.filter((u) => u.role === 400);
    const [inMain, inWorker, sender] = members;
    if (!inMain || !inWorker || !sender) throw new Error('the demo seed needs three members');
    const { realmUrl } = await probeServer(server.baseUrl);
    // Each account starts with a full cache, as after months of use (corpus IDs may overlap the seed's; harmless here).
    const dirs = { main: join(ctx.dir, 'main-thread'), worker: join(ctx.dir, 'worker-thread') };
    for (const [dir, user] of [
      [dirs.main, inMain],
      [dirs.worker, inWorker],
    ] as const) {
      const file = accountDbPath(dir, accountIdFor(realmUrl, user.email));
      mkdirSync(dirname(file), { recursive: true });
      copyFilledCache(ctx.runDir, total, file);
    }

    const mainCore = await createCore({ dataDir: dirs.main, credentials: new MemoryCredentialStore(), log: quiet() });
    cores.push(mainCore);
    const workerCore = await startCoreThread(
      { dataDir: dirs.worker, memoryCredentials: true, log: { name: 'bench.worker', level: 'error' } },
      { entry: DEV_CORE_THREAD_ENTRY, log: quiet() },
    );
    cores.push(workerCore);
    await signIn(mainCore, server, inMain);
    await signIn(workerCore, server, inWorker);
    const sending = offThreadSender(server, sender, await fetchKey(server, sender));
    closers.push(sending.close);
    const seen = { main: arrivals(mainCore, sender.userId), worker: arrivals(workerCore, sender.userId) };
    ctx.note(`each account's cache starts with ${total.toLocaleString('en')} messages; ${BURST} DMs per round`);

    // This thread's garbage collections during the worker's bursts: a stop-the-world pause of the
    // bench process's own heap (every suite's leftovers) holds the thread as surely as the core would.
    const gcPauses: number[] = [];
    const gcWatch = new PerformanceObserver((list) => {
      if (watchingGc) for (const entry of list.getEntries()) gcPauses.push(entry.duration);
    });
    let watchingGc = false;
    gcWatch.observe({ entryTypes: ['gc'] });
    closers.push(async () => gcWatch.disconnect());
    const burst =
      (to: DevServerUser, counter: { count: number; until(n: number): Promise<void> }, watchGc = false) =>
      async () => {
        const target = counter.count + BURST;
        watchingGc = watchGc;
        try {
          await sending.send(to.userId, BURST, to.fullName);
          await counter.until(target);
        } finally {
          watchingGc = false;
        }
        return BURST;
      };
    yield {
      name: `take in ${BURST} new messages`,
      warmup: 1,
      rounds: ctx.quick ? 3 : 12,
      baseline: { label: 'the core on the main thread (createCore)', run: burst(inMain, seen.main) },
      measured: { label: 'the core on its worker thread (startCoreThread)', run: burst(inWorker, seen.worker, true) },
      measureBlocking: true,
      budgetMs: 16,
      // Words are indexed once writes pause (main/store/repos/search-index.ts), and a burst's
      // publishing trails its last message: give the cores that pause before each side, or the
      // main-thread core's trailing work would land inside the worker's timed burst and be
      // counted against the worker (measured: held p95 27 ms with the pause only between rounds).
      settle: () => new Promise((resolve) => setTimeout(resolve, 1000)),
    };
    const longest = Math.max(0, ...gcPauses);
    ctx.note(
      `main thread's garbage collections during the worker's bursts: ${gcPauses.length}, longest ${longest.toFixed(1)} ms, ${gcPauses.filter((d) => d > 10).length} over 10 ms`,
    );
  } finally {
    for (const close of closers) await close();
    for (const core of cores) await core.close();
    await server.stop();
  }
}

export const coreThreadSuite: Suite = {
  name: 'core-thread',
  description: 'the main thread while a core with a full cache takes in new messages: worker thread vs main thread',
  // After store-messages, whose 100k cache it copies.
  order: 40,
  cases,
};
