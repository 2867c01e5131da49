/**
 * Speed as users feel it (issue 10), through the real core against a dev server in another process:
 *  - warm start vs cold start, to the first page of a channel (what the first rendered rows wait for);
 *  - catching up on messages missed while away vs a raw GET /messages of the same messages;
 *  - what one incoming message costs the core (CPU) and the bridge (bytes to the renderer) as the
 *    unread count grows from 1,000 to 100,000 (metrics; the publish path of main/accounts);
 *  - the memory of a core plus bridge host with a 100,000-message cache (a separate process).
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Core } from '../../main/ipc/types';
import { accountIdFor } from '../../main/accounts/sign-in';
import { probeServer } from '../../main/api';
import { createCore } from '../../main/core';
import { MemoryCredentialStore } from '../../main/credentials';
import { createLogger } from '../../main/log';
import { accountDbPath } from '../../main/store/account-store';
import { startDevServer, type RunningDevServer } from '../../devserver/spawn';
import { copyFilledCache } from '../fixtures/filled-cache';
import { probeMemory } from '../lib/rss-probe';
import type { BenchCase, SelfTimed, Suite, SuiteContext } from '../lib/types';
import { measureIncomingMessages } from '../fixtures/incoming-cost';
import { apiKey, basic, ok, postMany, rawTopicMessages, untilLive } from '../fixtures/core-calls';
import { catchUpFromEvents } from '../fixtures/catch-up-events';
import { pagingBackCase } from '../fixtures/paging-back';

const quiet = () => createLogger({ name: 'bench.app', level: 'error', sink: () => undefined });

/** The first page a user sees of the channel: 50 messages around the first unread. */
const firstPage = (accountId: string, channelId: number) => ({
  accountId,
  narrow: { kind: 'channel', channelId },
  anchor: 'first_unread',
  before: 50,
  after: 50,
});

async function* startCases(ctx: SuiteContext, server: RunningDevServer): AsyncGenerator<BenchCase> {
  const user = server.byRole(400);
  const credentials = new MemoryCredentialStore();
  const warmDir = join(ctx.dir, 'warm');
  // One cold start leaves the data folder the warm starts reopen.
  const first = await createCore({ dataDir: warmDir, credentials, log: quiet() });
  const account = await ok<{ id: string }>(first, 'account:signIn', {
    url: server.baseUrl,
    email: user.email,
    password: user.password,
  });
  await untilLive(first);
  const channelId = (
    await ok<{ channels: { id: number; name: string }[] }>(first, 'sidebar:get', { accountId: account.id })
  ).channels.find((c) => c.name === 'general')!.id;
  await ok(first, 'messages:page', firstPage(account.id, channelId));
  await first.close();

  let coldRound = 0;
  /**
   * Times a start to its first page, then closes the core, untimed: left open, a cold start's
   * first sync went on in the background while the other side of the round ran.
   */
  const timedStart = async (start: () => Promise<{ core: Core; messages: number }>): Promise<SelfTimed> => {
    const startedAt = performance.now();
    const { core, messages } = await start();
    const ms = performance.now() - startedAt;
    await core.close();
    return { ms, result: messages };
  };
  yield {
    name: 'warm start vs cold start, to the first page of a channel',
    warmup: 1,
    rounds: ctx.quick ? 3 : 8,
    baseline: {
      label: 'cold: empty data folder, sign in, first sync, then the page from the server',
      selfTimed: true,
      run: () =>
        timedStart(async () => {
          const dir = join(ctx.dir, `cold-${coldRound++}`);
          const core = await createCore({ dataDir: dir, credentials: new MemoryCredentialStore(), log: quiet() });
          const a = await ok<{ id: string }>(core, 'account:signIn', {
            url: server.baseUrl,
            email: user.email,
            password: user.password,
          });
          await untilLive(core);
          const page = await ok<{ messages: unknown[] }>(core, 'messages:page', firstPage(a.id, channelId));
          return { core, messages: page.messages.length };
        }),
    },
    measured: {
      label: 'warm: the same folder reopened, the page as soon as the core answers',
      selfTimed: true,
      run: () =>
        timedStart(async () => {
          const core = await createCore({ dataDir: warmDir, credentials, log: quiet() });
          const page = await ok<{ messages: unknown[] }>(core, 'messages:page', firstPage(account.id, channelId));
          return { core, messages: page.messages.length };
        }),
    },
    compare: (b, m) => (b === m ? null : `cold start showed ${String(b)} messages, warm ${String(m)}`),
  };
}

export async function* catchUpCases(ctx: SuiteContext, server: RunningDevServer): AsyncGenerator<BenchCase> {
  // PARLEY_BENCH_CATCHUP_COUNT: the full run's size in a quick run (1,000 is one page: no paging).
  const count = Number(process.env['PARLEY_BENCH_CATCHUP_COUNT'] ?? (ctx.quick ? 1000 : 5000));
  const [reader, writer] = server.users.filter((u) => u.role === 400);
  if (!reader || !writer) throw new Error('the demo seed needs two members');
  const credentials = new MemoryCredentialStore();
  const template = join(ctx.dir, 'catch-up-template');
  const core = await createCore({ dataDir: template, credentials, log: quiet() });
  const account = await ok<{ id: string }>(core, 'account:signIn', {
    url: server.baseUrl,
    email: reader.email,
    password: reader.password,
  });
  await untilLive(core);
  await core.close();

  // While the reader is away, a writer posts `count` messages to a fresh topic of #general.
  const writerAuth = basic(writer, await apiKey(server, writer));
  const readerAuth = basic(reader, await apiKey(server, reader));
  const topic = `catch-up ${Date.now()}`;
  const general = 'general';
  await postMany(server, writerAuth, topic, count);
  ctx.note(`catch-up: ${count.toLocaleString('en')} messages missed in one topic`);
  const channelId = (
    (await (
      await fetch(`${server.baseUrl}/api/v1/get_stream_id?stream=${general}`, {
        headers: { authorization: readerAuth },
      })
    ).json()) as {
      stream_id: number;
    }
  ).stream_id;
  const narrow = { kind: 'topic', channelId, topic };

  let live: Core | null = null;
  let measuredRan = false;
  yield {
    name: `catch up on ${count.toLocaleString('en')} missed messages vs raw HTTP`,
    warmup: 1,
    rounds: ctx.quick ? 2 : 9,
    prepare: async (round) => {
      await live?.close();
      measuredRan = false;
      const dir = join(ctx.dir, `catch-up-${round}`);
      rmSync(dir, { recursive: true, force: true });
      cpSync(template, dir, { recursive: true });
      live = await createCore({ dataDir: dir, credentials, log: quiet() });
      // Connected first (its queue resumed), untimed: the start's own requests are the warm start
      // case's figure; here they shared the dev server and the CPU with the first page.
      await untilLive(live);
    },
    // The pages are stored after they are answered: closing the core, untimed, waits for that, so
    // the baseline that follows does not share the CPU with it.
    settle: async () => {
      if (!measuredRan) return;
      await live?.close();
      live = null;
    },
    baseline: {
      label: 'GET /messages of the same messages, JSON parsed',
      run: () => rawTopicMessages(server, readerAuth, channelId, topic, count),
    },
    measured: {
      label:
        'the core pages them in, 1,000 at a time as the app asks (fetched and answered, each page stored after its answer), on a restarted core once it is connected',
      run: async () => {
        measuredRan = true;
        const seen = new Set<number>();
        let anchor: number | 'newest' = 'newest';
        while (seen.size < count) {
          const page: { messages: { id: number }[] } = await ok(live!, 'messages:page', {
            accountId: account.id,
            narrow,
            anchor,
            before: Math.min(1000, count - seen.size),
            after: 0,
          });
          const before = seen.size;
          for (const m of page.messages) seen.add(m.id);
          if (seen.size === before) break;
          anchor = Math.min(...page.messages.map((m) => m.id));
        }
        return seen.size;
      },
    },
    compare: (b, m) => (b === m ? null : `raw HTTP got ${String(b)} messages, the core ${String(m)}`),
  };
  await (live as Core | null)?.close();
  const pagingBack = pagingBackCase(ctx, server, {
    template,
    credentials,
    accountId: account.id,
    readerAuth,
    channelId,
    topic,
    log: quiet,
  });
  yield pagingBack.benchCase;
  await pagingBack.close();
}

/** RSS of a separate process, bundled like a release, running the core's thread and the bridge host with a 100,000-message cache. */
async function memory(ctx: SuiteContext, server: RunningDevServer): Promise<void> {
  const total = ctx.quick ? 20_000 : 100_000;
  const user = server.users.filter((u) => u.role === 400)[2] ?? server.byRole(400);
  const dir = join(ctx.dir, 'rss');
  const { realmUrl } = await probeServer(server.baseUrl);
  const file = accountDbPath(dir, accountIdFor(realmUrl, user.email));
  mkdirSync(dirname(file), { recursive: true });
  copyFilledCache(ctx.runDir, total, file);
  const { rss, heap, peak } = await probeMemory(server, user, dir);
  const label = total === 100_000 ? '100k' : `${total / 1000}k`;
  ctx.metric(`RSS of core + bridge host, ${label} cached messages`, rss / 2 ** 20, 'MB');
  ctx.metric(`peak RSS of core + bridge host, ${label} cached messages, start and first sync`, peak / 2 ** 20, 'MB');
  ctx.metric(`JS heap of the host thread (core thread not included), ${label} cached messages`, heap / 2 ** 20, 'MB');
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const server = await startDevServer({ seed: 'demo' });
  try {
    yield* startCases(ctx, server);
    yield* catchUpCases(ctx, server);
    yield* catchUpFromEvents(ctx, server);
    const sizes = ctx.quick ? [1000, 10_000] : [1000, 10_000, 100_000];
    const costs = await measureIncomingMessages(ctx, sizes);
    for (const [unread, cost] of costs) {
      const label = `${unread / 1000}k unread`;
      ctx.metric(`core CPU per incoming message, ${label}`, cost.cpuMs, 'ms');
      ctx.metric(`bytes to the renderer per incoming message, ${label}`, cost.bytes, 'bytes');
    }
    // Flat with the unread count: the largest cache against the smallest, measured in turn.
    const largest = costs.get(sizes.at(-1)!)!;
    const smallest = costs.get(sizes[0]!)!;
    ctx.metric(
      `core CPU per incoming message, ${sizes.at(-1)! / 1000}k vs 1k unread`,
      largest.cpuMs / smallest.cpuMs,
      'x',
    );
    await memory(ctx, server);
  } finally {
    await server.stop();
  }
}

export const appSuite: Suite = {
  name: 'app',
  description: 'what users feel: warm vs cold start, catch-up vs raw HTTP, per-message cost by unread count, memory',
  // After store-messages, whose 100k cache it copies.
  order: 50,
  cases,
};
