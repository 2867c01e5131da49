/**
 * A scripted stand-in for the server, for the sync loop's retry rules only (the integration
 * tests use the real dev server). Each call takes the next step of its script; when a script
 * runs out, the call waits until the loop is stopped, like an idle long-poll.
 */
import type { RegisterResponse, ZulipEvent } from '../../../main/api';
import { createLogger } from '../../../main/log';
import type { AccountStore } from '../../../main/store/account-store';
import type { Clock } from '../../../main/sync/clock';
import { SyncEngine, type Registered } from '../../../main/sync/engine';
import type { SyncApi } from '../../../main/sync/sync-api';
import { SELF } from './fixtures';

type Step<T> = T | Error | (() => T | Error);

export class ScriptedApi implements SyncApi {
  readonly calls: string[] = [];
  readonly registers: Step<RegisterResponse>[] = [];
  readonly polls: Step<ZulipEvent[]>[] = [];
  #idle: (() => void) | null = null;
  #idlePromise: Promise<void> = this.#newIdle();

  /** Resolves when a call finds its script empty (the loop is now waiting forever). */
  idle(): Promise<void> {
    return this.#idlePromise;
  }

  register(signal: AbortSignal): Promise<RegisterResponse> {
    this.calls.push('register');
    return this.#take(this.registers, signal);
  }

  getEvents(
    a: { queueId: string; lastEventId: number; dontBlock: boolean },
    signal: AbortSignal,
  ): Promise<ZulipEvent[]> {
    this.calls.push(`events ${a.queueId} after ${a.lastEventId}${a.dontBlock ? ' dont_block' : ''}`);
    return this.#take(this.polls, signal);
  }

  deleteQueue(queueId: string): Promise<void> {
    this.calls.push(`delete ${queueId}`);
    return Promise.resolve();
  }

  #newIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.#idle = resolve;
    });
  }

  async #take<T>(script: Step<T>[], signal: AbortSignal): Promise<T> {
    const step = script.shift();
    if (step === undefined) {
      this.#idle?.();
      return new Promise<T>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
      );
    }
    const value = typeof step === 'function' ? (step as () => T | Error)() : step;
    if (value instanceof Error) throw value;
    return value;
  }
}

/** Time that only moves when the loop sleeps; every sleep is recorded. */
export class FakeClock implements Clock {
  t = 1_000_000;
  readonly sleeps: number[] = [];
  now(): number {
    return this.t;
  }
  random(): number {
    return 0.5;
  }
  async sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw signal.reason as Error;
    this.sleeps.push(ms);
    this.t += ms;
  }
}

/** An engine over `store` and the scripted API, quiet, with what it tells the account dropped but `onRegistered`. */
export function engineOver(
  store: AccountStore,
  api: ScriptedApi,
  onRegistered: (r: Registered) => Promise<void> = async () => undefined,
): SyncEngine {
  return new SyncEngine({
    store,
    api,
    clock: new FakeClock(),
    log: createLogger({ name: 'test', level: 'error', sink: () => undefined }),
    selfUserId: SELF,
    onStatus: () => undefined,
    onDeltas: () => undefined,
    onRegistered,
  });
}
