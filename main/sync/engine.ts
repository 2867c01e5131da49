/**
 * One account's sync loop: register (snapshot) → long-poll → apply each batch (in bounded
 * transactions, each with the last_event_id it reached) → publish deltas; and around it the
 * recovery rules: backoff on network trouble, re-register on a lost queue, stop on an auth failure.
 */
import type { AccountStatus } from '../../common/model';
import type { RegisterResponse, ZulipEvent } from '../api';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { yieldToEventLoop } from '../store/cache-messages';
import { applyEvents, transactionSlices } from './apply-batch';
import { Backoff } from './backoff';
import type { Clock } from './clock';
import type { Delta } from './deltas';
import { classifyFailure } from './failures';
import { waitForRetry } from './retry-wait';
import { applySnapshotInSlices } from './snapshot';
import type { SyncApi } from './sync-api';

/** What the account reads of a register once its snapshot is stored (the rest is let go). */
export type Registered = Pick<
  RegisterResponse,
  'featureLevel' | 'realm_name' | 'full_name' | 'server_emoji_data_url'
> & {
  push_devices?: unknown;
};

function registeredOf(r: RegisterResponse): Registered {
  return {
    featureLevel: r.featureLevel,
    realm_name: r.realm_name,
    full_name: r.full_name,
    server_emoji_data_url: r.server_emoji_data_url,
    push_devices: (r as Record<string, unknown>)['push_devices'],
  };
}

export interface SyncEngineDeps {
  store: AccountStore;
  api: SyncApi;
  clock: Clock;
  log: Logger;
  selfUserId: number;
  onStatus(status: AccountStatus): void;
  onDeltas(deltas: Delta[]): void;
  /** After each register's snapshot is stored: the account republishes and refetches what is open. */
  onRegistered(r: Registered): Promise<void>;
  /** The queue saved by the last run answered: events flow without a register (and its snapshot). */
  onResumed?(): void;
}

export class SyncEngine {
  readonly #d: SyncEngineDeps;
  readonly #abort = new AbortController();
  /** Aborts only the request or backoff under way (wake()); a new one per loop turn. */
  #attempt = new AbortController();
  #woken = false;
  #queueId: string | null = null;
  #lastEventId = -1;
  /** The last_event_id the cache holds; behind #lastEventId after batches that changed nothing. */
  #savedEventId = -1;
  #longpollSeconds = 90;
  #status: AccountStatus = { state: 'starting' };
  #done: Promise<void> | null = null;

  constructor(deps: SyncEngineDeps) {
    this.#d = deps;
  }

  /** The event queue being polled, or null between queues. */
  get queueId(): string | null {
    return this.#queueId;
  }

  get status(): AccountStatus {
    return this.#status;
  }

  start(): void {
    this.#done ??= this.#run().catch((e: unknown) =>
      this.#d.log.error('sync loop stopped by an unexpected error', { error: e }),
    );
  }

  /** Stops polling (an in-flight request is aborted) and waits for the loop to finish. */
  async stop(): Promise<void> {
    this.#abort.abort(new Error('sync stopped'));
    // Each attempt has its own controller, not AbortSignal.any([stop, attempt]): that registered
    // every poll on the loop's lifelong signal, ~2.5 KiB kept per poll (issue 28 item 5).
    this.#attempt.abort(new Error('sync stopped'));
    await this.#done;
    this.#saveLastEventId();
  }

  /** Saves a last_event_id held back by batches that changed nothing (see #applyBatch). */
  #saveLastEventId(): void {
    const { store, log } = this.#d;
    if (this.#queueId === null || this.#savedEventId === this.#lastEventId || !store.db.open) return;
    try {
      store.syncState.setLastEventId(this.#lastEventId);
      this.#savedEventId = this.#lastEventId;
    } catch (e) {
      // The next run asks the queue from the older ID: the events in between changed nothing.
      log.info('could not save the last event ID at stop', { error: e });
    }
  }

  /**
   * The computer woke from sleep or the network came back: a long-poll begun before may hang on a
   * dead connection for minutes, and a backoff may have most of 10 s to go. Both end now, and the
   * loop asks the queue at once (dont_block), so a queue the server dropped meanwhile is replaced
   * straight away.
   */
  wake(): void {
    if (this.#abort.signal.aborted || this.#done === null) return;
    this.#woken = true;
    this.#attempt.abort(new Error('woken'));
  }

  /** Whether the failure just caught was our own wake(); clears the mark. */
  #wasWoken(): boolean {
    const woken = this.#woken;
    this.#woken = false;
    return woken;
  }

  #setStatus(status: AccountStatus): void {
    this.#status = status;
    this.#d.onStatus(status);
  }

  async #run(): Promise<void> {
    const { store, clock, log } = this.#d;
    const signal = this.#abort.signal;
    const saved = store.syncState.get();
    let resuming = false;
    if (saved.queueId !== null && saved.lastEventId !== null) {
      resuming = true;
      // A queue from the last run may still be alive (servers keep idle queues ~10 min): try it first.
      this.#queueId = saved.queueId;
      this.#lastEventId = saved.lastEventId;
      this.#savedEventId = saved.lastEventId;
      this.#longpollSeconds = saved.longpollTimeoutSeconds;
    }
    this.#setStatus({ state: 'connecting' });
    const backoff = new Backoff(clock.random);
    // A queue resumed from the last run is asked at once (dont_block): until it answers, the app
    // cannot know whether a send interrupted by the quit reached the server (outbox.ts).
    let recovering = this.#queueId !== null;
    let lostQueues = 0;
    while (!signal.aborted) {
      let during: 'register' | 'poll' = 'register';
      // Woken between two requests (while a batch was applied): the next poll does not block either.
      if (this.#wasWoken()) recovering = true;
      this.#attempt = new AbortController();
      const attempt = this.#attempt.signal;
      try {
        if (this.#queueId === null) await this.#register(attempt);
        during = 'poll';
        const events = await this.#poll(recovering, attempt);
        // Live once the batch is stored: a disk that refuses it keeps the account offline, in words.
        await this.#applyBatch(events);
        if (resuming && this.#queueId === saved.queueId) this.#d.onResumed?.();
        resuming = false;
        if (this.#status.state !== 'live') this.#setStatus({ state: 'live' });
        recovering = false;
        lostQueues = 0;
        backoff.reset();
      } catch (e) {
        if (signal.aborted) return;
        if (this.#wasWoken()) {
          log.info('woken: asking the event queue again now');
          recovering = true;
          backoff.reset();
          continue;
        }
        const reaction = classifyFailure(e, during, store.file);
        log.warn('sync request failed', { during, reaction: reaction.kind, error: e });
        if (reaction.kind === 'signOut') {
          this.#queueId = null;
          this.#setStatus({ state: 'signedOut', message: reaction.message });
          return;
        }
        if (reaction.kind === 'reregister') {
          this.#queueId = null;
          store.syncState.clearQueue();
          // The first lost queue is re-registered at once; a run of them backs off like any failure.
          if (lostQueues++ === 0) continue;
        }
        const retryInMs = backoff.next(reaction.kind === 'retry' ? reaction.retryAfterMs : null);
        const unreachable = reaction.kind === 'retry' ? reaction.unreachable : undefined;
        const detail = unreachable ? { detail: unreachable.detail } : {};
        this.#setStatus({ state: 'offline', message: reaction.message, retryInMs, ...detail });
        recovering = true;
        // Only a server that did not answer is probed: one that answered (5xx, 429) is left alone.
        const probe = (unreachable && this.#d.api.isReachable?.bind(this.#d.api)) || null;
        try {
          if ((await waitForRetry(retryInMs, attempt, clock, probe)) === 'reachable') {
            log.info('the server answers again: retrying now');
            backoff.reset();
          }
        } catch {
          if (signal.aborted) return;
          // Woken during the backoff: try now, and start the backoff over if it fails again.
          this.#wasWoken();
          backoff.reset();
        }
        this.#setStatus({ state: 'connecting' });
      }
    }
  }

  async #register(signal: AbortSignal): Promise<void> {
    const { log } = this.#d;
    const stored = await this.#registerAndStore(signal);
    this.#queueId = stored.queueId;
    this.#lastEventId = stored.lastEventId;
    this.#savedEventId = stored.lastEventId;
    this.#longpollSeconds = stored.longpollSeconds;
    log.info('registered event queue', { featureLevel: stored.registered.featureLevel });
    this.#setStatus({ state: 'live' });
    try {
      await this.#d.onRegistered(stored.registered);
    } catch (e) {
      log.error('refreshing after register failed', { error: e });
    }
  }

  /**
   * Registers and stores the snapshot; answers only what is needed after. The register itself is
   * let go here, before the account builds and sends its sidebar from the cache: at 30,000 people
   * its parsed records are tens of megabytes, and held until then they stacked on the sidebar's.
   */
  async #registerAndStore(signal: AbortSignal) {
    const { api, store, clock, log } = this.#d;
    const r = await api.register(signal);
    if (r.queue_id === null) throw new Error('The server gave no event queue; it treated us as signed out.');
    // In slices that yield: the page's calls are answered while a big organization's snapshot is stored.
    // Only a stop abandons it; a wake() (which aborts the attempt) must not throw away a register.
    await applySnapshotInSlices(store, r, this.#d.selfUserId, clock.now(), log, this.#abort.signal);
    return {
      queueId: r.queue_id,
      lastEventId: r.last_event_id,
      longpollSeconds: r.longpollTimeoutSeconds,
      registered: registeredOf(r),
    };
  }

  #poll(dontBlock: boolean, signal: AbortSignal): Promise<ZulipEvent[]> {
    const queueId = this.#queueId;
    if (queueId === null) throw new Error('no event queue');
    return this.#d.api.getEvents(
      { queueId, lastEventId: this.#lastEventId, dontBlock, longpollTimeoutSeconds: this.#longpollSeconds },
      signal,
    );
  }

  /**
   * Applies a batch in transactions of EVENTS_PER_TRANSACTION events (see apply-batch.ts), each
   * saving the last_event_id it reached, with the event loop free between them; an event that
   * fails is rolled back alone and skipped. The deltas are published once, for the whole batch.
   * A slice that changed nothing in the cache (the server's flag event for a read the cache
   * already has, typing, a heartbeat) writes nothing, not even its last_event_id: that commit was
   * one of three per incoming message (issue 28). The ID is saved with the next slice that writes,
   * or at stop; after a crash the queue is asked from the older ID, and the events in between,
   * applied again in order, end where they did.
   */
  async #applyBatch(events: ZulipEvent[]): Promise<void> {
    const fresh = events.filter((ev) => ev.id > this.#lastEventId);
    if (fresh.length === 0) return;
    const { store, log } = this.#d;
    const ctx = { store, selfUserId: this.#d.selfUserId, log };
    const deltas: Delta[] = [];
    for (const [i, slice] of transactionSlices(fresh).entries()) {
      if (i > 0) await yieldToEventLoop();
      const lastId = slice.reduce((max, ev) => Math.max(max, ev.id), this.#lastEventId);
      const saved = store.transaction(() => {
        const changesBefore = store.changeCount();
        deltas.push(...applyEvents(ctx, slice));
        if (store.changeCount() === changesBefore) return false;
        store.syncState.setLastEventId(lastId);
        return true;
      });
      this.#lastEventId = lastId;
      if (saved) this.#savedEventId = lastId;
    }
    try {
      this.#d.onDeltas(deltas);
    } catch (e) {
      log.error('publishing changes failed', { error: e });
    }
  }
}
