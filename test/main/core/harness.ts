/** Runs a real core on a temp data folder and records every event it pushes. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CallArgs, CallName, CallResult, EventName, Events, IpcResult } from '../../../common/ipc/contract';
import type { AccountSummary, Sidebar } from '../../../common/model';
import { applySidebarDelta } from '../../../common/sidebar-delta';
import { MemoryCredentialStore, type CredentialStore } from '../../../main/credentials';
import { createCore, type CoreOptions } from '../../../main/core';
import type { Core } from '../../../main/ipc/types';
import { createLogger } from '../../../main/log';

export interface Recorded {
  name: EventName;
  payload: unknown;
}

export interface TestCore<C extends Core = Awaited<ReturnType<typeof createCore>>> {
  core: C;
  events: Recorded[];
  logLines: string[];
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallResult<N>>>;
  /** Calls and fails the test unless it succeeded. */
  ok<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  /** Waits for an event matching the predicate (already recorded or still to come). */
  waitFor<N extends EventName>(name: N, match?: (p: Events[N]) => boolean, timeout?: number): Promise<Events[N]>;
  /** As waitFor, but only events recorded at or after index `mark` of `events` (taken before the action awaited). */
  waitForAfter<N extends EventName>(
    mark: number,
    name: N,
    match?: (p: Events[N]) => boolean,
    timeout?: number,
  ): Promise<Events[N]>;
}

export async function startCore(
  dataDir: string,
  credentials: CredentialStore = new MemoryCredentialStore(),
  opts: Pick<CoreOptions, 'fetch' | 'syncGraceMs' | 'firstScreenQuietMs' | 'firstScreenCapMs' | 'rendererDir'> = {},
): Promise<TestCore> {
  const logLines: string[] = [];
  const core = await createCore({
    dataDir,
    credentials,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.syncGraceMs !== undefined ? { syncGraceMs: opts.syncGraceMs } : {}),
    ...(opts.firstScreenQuietMs !== undefined ? { firstScreenQuietMs: opts.firstScreenQuietMs } : {}),
    ...(opts.firstScreenCapMs !== undefined ? { firstScreenCapMs: opts.firstScreenCapMs } : {}),
    ...(opts.rendererDir !== undefined ? { rendererDir: opts.rendererDir } : {}),
    log: createLogger({ name: 'core', level: 'debug', sink: (l) => logLines.push(l) }),
  });
  return recordCore(core, logLines);
}

/** A core on `dataDir` signed in as `user` to the server at `baseUrl`, returned once that account is live. */
export async function startLiveCore(
  dataDir: string,
  baseUrl: string,
  user: { email: string; password: string },
  credentials: CredentialStore = new MemoryCredentialStore(),
  opts: Parameters<typeof startCore>[2] = {},
): Promise<{ t: TestCore; account: AccountSummary }> {
  const t = await startCore(dataDir, credentials, opts);
  const account = await t.ok('account:signIn', { url: baseUrl, email: user.email, password: user.password });
  await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'live');
  return { t, account };
}

/** Records every event of `core` (an in-process core or one on its worker thread) for a test to call and wait on. */
export function recordCore<C extends Core>(core: C, logLines: string[] = []): TestCore<C> {
  const events: Recorded[] = [];
  core.subscribe((name, payload) => events.push({ name, payload }));
  const find = <N extends EventName>(name: N, match: (p: Events[N]) => boolean, from = 0) =>
    events.slice(from).find((e) => e.name === name && match(e.payload as Events[N]))?.payload as Events[N] | undefined;
  const poll = async <N extends EventName>(name: N, match: (p: Events[N]) => boolean, timeout: number, from: number) => {
    // A plain polling loop: expect.poll is not allowed in beforeAll hooks.
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = find(name, match, from);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no matching ${name} event within ${timeout} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    core,
    events,
    logLines,
    call: (name, args) => core.dispatch(name, args) as never,
    async ok(name, args) {
      const r = (await core.dispatch(name, args)) as IpcResult<never>;
      if (!r.ok) throw new Error(`${name} failed: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
    waitFor: (name, match = () => true, timeout = 10_000) => poll(name, match, timeout, 0),
    waitForAfter: (mark, name, match = () => true, timeout = 10_000) => poll(name, match, timeout, mark),
  };
}

/** Every file under dir (including SQLite WAL and SHM files), as bytes. */
export function allFileBytes(dir: string): { file: string; bytes: Buffer }[] {
  const out: { file: string; bytes: Buffer }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...allFileBytes(path));
    else out.push({ file: path, bytes: readFileSync(path) });
  }
  return out;
}

/**
 * The sidebar as the renderer holds it: the last whole sidebar:changed with every later
 * sidebar:delta applied, per account. Resolves with the first one that matches.
 */
export async function waitForSidebar(
  t: Pick<TestCore, 'events'>,
  match: (sidebar: Sidebar) => boolean,
  timeout = 10_000,
): Promise<Sidebar> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const held = new Map<string, Sidebar>();
    for (const e of t.events) {
      if (e.name === 'sidebar:changed') {
        const { sidebar } = e.payload as Events['sidebar:changed'];
        held.set(sidebar.accountId, sidebar);
      } else if (e.name === 'sidebar:delta') {
        const { delta } = e.payload as Events['sidebar:delta'];
        const before = held.get(delta.accountId);
        if (before) held.set(delta.accountId, applySidebarDelta(before, delta));
      } else continue;
      for (const s of held.values()) if (match(s)) return s;
    }
    if (Date.now() > deadline) throw new Error(`no matching sidebar within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
