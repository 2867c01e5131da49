/**
 * One full garbage collection once a sync has settled. The core's process runs V8 without its
 * memory reducer (./heap-flags.ts: it collected every few messages), so the garbage of a start or
 * a catch-up (register's JSON, the snapshot's rows, thousands of message views) stayed in the
 * heap until the heap next filled: ~10 MB of the core + host's RSS with 100,000 messages cached
 * (rss-probe, bench/README.md 2026-11-29). This gives back what the reducer would have, once per
 * sync instead of every few messages: a few quiet seconds after an account goes live.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EventName, Events } from '../../common/ipc/contract';
import { realTimers, type Timers } from '../records/typing';

/** Timers (those of typing indicators: never keeping the thread alive) and the time. */
export interface SettleClock extends Timers {
  now(): number;
}

const realClock: SettleClock = { ...realTimers, now: () => Date.now() };

/** How long the thread must go without a call before collecting. */
export const SETTLE_QUIET_MS = 2000;
/** A thread never quiet (a user clicking along) is collected this long after going live all the same. */
export const SETTLE_LATEST_MS = 10_000;

let exposed: (() => void) | null = null;

/**
 * V8's full collection, with compaction, which hands emptied pages back to the OS. `--expose-gc`
 * set now only defines `gc` in contexts made afterwards, such as this one; nothing else changes.
 */
export function fullCollection(): void {
  exposed ??= exposeGc();
  exposed();
}

/** A runtime that will not expose `gc` (its flags frozen) gets no collection, never an error. */
function exposeGc(): () => void {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc === 'function') return gc as () => void;
  } catch {
    // Below: nothing to call.
  }
  return () => {};
}

export class SettledCollector {
  readonly #collect: () => void;
  readonly #clock: SettleClock;
  /** Accounts whose last status was live: a collection follows a change to live, not every repeat. */
  readonly #live = new Set<string>();
  #timer: unknown = null;
  #wantedSince = 0;

  constructor(collect: () => void = fullCollection, clock: SettleClock = realClock) {
    this.#collect = collect;
    this.#clock = clock;
  }

  /** Sees every event the core publishes. */
  noteEvent<N extends EventName>(name: N, payload: Events[N]): void {
    if (name !== 'account:status') return;
    const { accountId, status } = payload as Events['account:status'];
    if (status.state !== 'live') {
      this.#live.delete(accountId);
      return;
    }
    if (this.#live.has(accountId)) return;
    this.#live.add(accountId);
    if (this.#timer === null) this.#wantedSince = this.#clock.now();
    this.#arm();
  }

  /** A call came: the user is doing something, so the collection waits for a quiet moment. */
  noteCall(): void {
    if (this.#timer !== null) this.#arm();
  }

  stop(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #arm(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    const left = this.#wantedSince + SETTLE_LATEST_MS - this.#clock.now();
    this.#timer = this.#clock.setTimeout(
      () => {
        this.#timer = null;
        this.#collect();
      },
      Math.max(0, Math.min(SETTLE_QUIET_MS, left)),
    );
  }
}
