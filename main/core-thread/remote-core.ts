/**
 * The main thread's handle on the core running in a worker thread (./run-thread.ts). It is a Core
 * like createCore's, so Electron's IPC wiring and the bridge host use either unchanged; the
 * difference is that no SQLite statement, sync batch or JSON parse of a server response ever runs
 * on the thread that routes IPC.
 *
 * If the worker dies (a native crash, an uncaught error), calls in flight fail with a clear error,
 * the worker is started again on the same data folder, and the renderer is told the account list
 * anew; every account then re-publishes its sidebar as at a warm start. Nothing is lost that was
 * committed: the outbox and caches are SQLite files.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { EventName, Events, IpcResult } from '../../common/ipc/contract';
import type { KeychainStatus } from '../../common/model';
import type { Core, EventListener } from '../ipc/types';
import type { Logger } from '../log';
import type { PushToken } from '../push/payload';
import { answerFirst } from '../../common/ipc/answer-first';
import type { CoreThreadOptions, FromThread, ToThread } from './protocol';
import { RestartBudget } from './restart-budget';
import { applyCoreHeapFlags } from './heap-flags';
import { SettledCollector } from './settle-gc';

export interface CoreThreadHost {
  /** The worker's entry: out/main/core-thread.cjs in Electron, ./dev-entry.mjs from source. */
  entry: string;
  log: Logger;
  /** The platform's push token (Electron on macOS); without it the core is told there is none. */
  pushToken?: () => Promise<PushToken | null>;
  /** The OS proxy for a URL in PAC syntax (Electron's session.resolveProxy); without it, "DIRECT". */
  resolveProxy?: (url: string) => Promise<string>;
  /** How many unexpected exits in a row are restarted (default 3 within a minute). */
  restarts?: RestartBudget;
  /**
   * Node options for the worker (default: this process's). A benchmark run under tsx passes []
   * so a bundled entry starts as in Electron, without tsx's loader compiling it again.
   */
  execArgv?: string[];
}

export type RemoteCore = Core & {
  keychain: KeychainStatus;
  /** Ends the worker as a crash would (tests of the restart path). */
  terminateForTesting(): Promise<void>;
};

/**
 * The core thread's young generation, in MB (V8's default lets it grow to 48 MB and keep it).
 * Measured with a 100,000-message cache (bench app suite, process bundled as released): core +
 * host RSS 149 MB with 8 MB against 179 MB without a limit, issue 28's goal being < 150 MB at
 * every point; the core's CPU per incoming message did not move beyond the noise (incoming suite,
 * two alternating pairs: 18.5-24.1 ms against 17.1-20.0 ms).
 */
export const CORE_YOUNG_GENERATION_MB = 8;

/** How the core's worker thread is started. */
export function coreWorkerOptions(options: CoreThreadOptions, execArgv?: string[]): WorkerOptions {
  return {
    workerData: options,
    resourceLimits: { maxYoungGenerationSizeMb: CORE_YOUNG_GENERATION_MB },
    ...(execArgv ? { execArgv } : {}),
  };
}

const STOPPED = (message: string): IpcResult<unknown> => ({ ok: false, error: { code: 'INTERNAL', message } });
const CLOSE_TIMEOUT_MS = 15_000;

/** Starts the core in a worker; resolves once it has opened its databases, rejects if it cannot. */
export function startCoreThread(options: CoreThreadOptions, host: CoreThreadHost): Promise<RemoteCore> {
  applyCoreHeapFlags();
  const listeners = new Set<EventListener>();
  const pending = new Map<number, (result: IpcResult<unknown>) => void>();
  const restarts = host.restarts ?? new RestartBudget();
  let nextId = 1;
  let worker: Worker;
  let keychain: KeychainStatus = { kind: 'memory', reason: 'The core has not started yet.' };
  let closing: Promise<void> | null = null;
  let gaveUp = false;
  /** Whether a worker is running (false after an exit that was not restarted). */
  let alive = false;
  let onFirstReady: { resolve: () => void; reject: (e: Error) => void } | null = null;
  let onClosed: (() => void) | null = null;

  // This thread's garbage from a sync (the frames it relayed) goes when the sync settles too.
  const collector = new SettledCollector();
  const emit = <N extends EventName>(name: N, payload: Events[N]): void => {
    collector.noteEvent(name, payload);
    for (const listener of listeners) {
      try {
        listener(name, payload);
      } catch (e) {
        host.log.error('an event listener failed', { event: name, error: e });
      }
    }
  };
  const post = (message: ToThread): void => worker.postMessage(message);
  const failPending = (message: string): void => {
    for (const resolve of pending.values()) resolve(STOPPED(message));
    pending.clear();
  };

  const onMessage = (message: FromThread, restarted: boolean): void => {
    switch (message.kind) {
      case 'ready':
        keychain = message.keychain;
        onFirstReady?.resolve();
        onFirstReady = null;
        if (restarted) void announceRestart();
        break;
      case 'failed':
        host.log.error('the core could not start', { reason: message.message });
        onFirstReady?.reject(new Error(message.message));
        onFirstReady = null;
        break;
      case 'result':
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
        break;
      case 'event':
        emit(message.name, message.payload);
        break;
      case 'batch':
        // Flattened by deliver() before it gets here.
        break;
      case 'ask':
        if (message.what === 'proxy') void answerProxy(message.id, message.url);
        else void answerPushToken(message.id);
        break;
      case 'closed':
        onClosed?.();
        break;
    }
  };

  async function answerPushToken(id: number): Promise<void> {
    try {
      post({ kind: 'answer', id, value: host.pushToken ? await host.pushToken() : null });
    } catch (e) {
      post({ kind: 'answer', id, value: null, error: e instanceof Error ? e.message : String(e) });
    }
  }

  async function answerProxy(id: number, url: string): Promise<void> {
    try {
      post({ kind: 'answer', id, value: host.resolveProxy ? await host.resolveProxy(url) : 'DIRECT' });
    } catch (e) {
      post({ kind: 'answer', id, value: null, error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** The renderer's account list (and, through each account's warm start, its sidebars) come back. */
  async function announceRestart(): Promise<void> {
    const state = await dispatch('app:state', {});
    if (state.ok) emit('accounts:changed', { accounts: (state.value as { accounts: never[] }).accounts });
  }

  function spawn(restarted: boolean): void {
    worker = new Worker(host.entry, coreWorkerOptions(options, host.execArgv));
    alive = true;
    // A call's answer reaches its caller (bridge-connection.ts, Electron's ipcMain.handle) through
    // a promise; the thread's frames after it wait for that, so they follow the answer out.
    const deliver = answerFirst<FromThread>({
      handle: (m) => onMessage(m, restarted),
      isAnswer: (m) => m.kind === 'result',
      later: (fn) => setImmediate(fn),
    });
    worker.on('message', (m: FromThread) => deliver(m.kind === 'batch' ? m.messages : [m]));
    worker.on('error', (e) => host.log.error('the core thread failed', { error: e }));
    worker.on('exit', (code) => onExit(code));
  }

  function onExit(code: number): void {
    alive = false;
    if (closing) {
      onClosed?.();
      return failPending('Parley is closing.');
    }
    failPending('Parley’s background worker stopped while answering. Try again.');
    if (onFirstReady) {
      onFirstReady.reject(new Error(`the core thread exited (code ${code}) before it was ready`));
      onFirstReady = null;
      return;
    }
    if (!restarts.allow()) {
      gaveUp = true;
      host.log.error('the core thread keeps stopping; not restarting it again', { code });
      return;
    }
    host.log.error('the core thread stopped unexpectedly; restarting it', { code });
    spawn(true);
  }

  function dispatch(name: string, args: unknown): Promise<IpcResult<unknown>> {
    if (closing) return Promise.resolve(STOPPED('Parley is closing.'));
    if (gaveUp) return Promise.resolve(STOPPED('Parley’s background worker keeps stopping. Restart Parley.'));
    const id = nextId++;
    collector.noteCall();
    return new Promise((resolve) => {
      pending.set(id, resolve);
      post({ kind: 'call', id, name, args });
    });
  }

  function close(): Promise<void> {
    collector.stop();
    closing ??= new Promise<void>((resolve) => {
      // No thread left to close (it kept crashing): nothing is open.
      if (!alive) return resolve();
      const timer = setTimeout(() => {
        host.log.warn('the core thread did not close in time; ending it');
        void worker.terminate();
      }, CLOSE_TIMEOUT_MS);
      onClosed = () => {
        clearTimeout(timer);
        // The core has closed every database; nothing left on the thread is worth waiting for.
        void worker.terminate().then(() => resolve());
      };
      post({ kind: 'close' });
    }).finally(() => listeners.clear());
    return closing;
  }

  return new Promise<void>((resolve, reject) => {
    onFirstReady = { resolve, reject };
    spawn(false);
  }).then(
    (): RemoteCore => ({
      get keychain() {
        return keychain;
      },
      dispatch,
      receive: (name, payload) => {
        if (!closing && !gaveUp) post({ kind: 'send', name, payload });
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close,
      terminateForTesting: async () => {
        await worker.terminate();
      },
    }),
    async (e: unknown) => {
      await worker.terminate();
      throw e;
    },
  );
}
