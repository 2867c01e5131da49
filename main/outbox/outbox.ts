/**
 * The durable send queue. compose:send writes the row first (so nothing typed is lost), the
 * echo goes to the renderer at once, then rows are posted one at a time, oldest first (so each
 * conversation keeps its order), with queue_id/local_id so the server's message event can
 * replace the echo (sync/appliers/message.ts matches it).
 *
 * When the outcome of an attempt is unknown (the app crashed mid-send, the answer was lost, the
 * server failed with a 5xx), the row stays `sending` until the event queue is current: if the
 * attempt reached the server, its message event came back on this install's queue carrying the
 * row's local_id and settled it. Still `sending` then, it is posted again. Nothing else proves a
 * message ours: the same user on another Parley install may send the same words, and a visible
 * duplicate beats a message silently lost. Network trouble,
 * 5xx and 429 are retried with the sync loop's backoff (Retry-After wins); a refusal keeps the
 * row as `failed` with the server's words until the user edits or discards it.
 */
import type { ComposeTarget } from '../../common/model';
import { ApiError, isAuthFailure, isTransient } from '../api';
import { IpcFailure } from '../failure';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import type { OutboxEntry } from '../store/repos/outbox';
import { Backoff } from '../sync/backoff';
import type { Clock } from '../sync/clock';
import type { OutboxServer } from './server';
import { sendParams, targetColumns } from './target';

export interface OutboxDeps {
  store: AccountStore;
  selfUserId: number;
  log: Logger;
  clock: Clock;
  newLocalId: () => string;
  /** Null when the account cannot reach the server (signed out): rows wait. */
  server: OutboxServer | null;
  /** The event queue the echo should come back on, if one is live. */
  queueId: () => string | null;
  /**
   * True once the event queue has been read up to now (the account is live): any message event
   * of an earlier attempt that reached the server has been applied by then.
   */
  eventsCurrent: () => boolean;
  /** A row changed in a way the user sees (refused, edited): the account republishes its echo. */
  onEchoChanged: (entry: OutboxEntry) => void;
  /** The server's message `messageId` replaces the echo of `localId` (it is in the cache now). */
  onConfirmed: (localId: string, messageId: number) => void;
  /** The row is gone without a message to show for it (discarded, or deleted on the server meanwhile). */
  onEchoRemoved: (entry: OutboxEntry) => void;
}

type Step = 'next' | 'stop';

export class Outbox {
  readonly #d: OutboxDeps;
  readonly #backoff: Backoff;
  #running: Promise<void> | null = null;
  #again = false;
  #reconcile = false;
  #retry: AbortController | null = null;
  #closed = false;

  constructor(deps: OutboxDeps) {
    this.#d = deps;
    this.#backoff = new Backoff(deps.clock.random);
  }

  /** Stores the message; the caller publishes its echo and then calls flush(). */
  enqueue(to: ComposeTarget, content: string): OutboxEntry {
    return this.#d.store.outbox.add({
      localId: this.#d.newLocalId(),
      createdAt: this.#d.clock.now(),
      target: to,
      content,
      ...targetColumns(to, this.#d.selfUserId),
    });
  }

  /** New words (and maybe a new destination) for a refused or not yet sent message; it is queued again. */
  edit(localId: string, content: string, to?: ComposeTarget): OutboxEntry {
    const { store, clock, selfUserId } = this.#d;
    const target = to ? { target: to, ...targetColumns(to, selfUserId) } : null;
    const entry = store.outbox.edit(localId, content, target, clock.now());
    if (!entry) throw this.#notChangeable(localId);
    this.#d.onEchoChanged(entry);
    void this.flush();
    return entry;
  }

  /** Drops a refused or not yet sent message. */
  discard(localId: string): OutboxEntry {
    const entry = this.#d.store.outbox.discard(localId);
    if (!entry) throw this.#notChangeable(localId);
    this.#d.onEchoRemoved(entry);
    return entry;
  }

  /**
   * Works through the queue; concurrent calls share one run (and make it look again at the
   * end). `reconcile` (after a restart or a new event queue) also settles rows the server
   * already took whose message event may have been lost in the gap.
   */
  flush(opts: { reconcile?: boolean } = {}): Promise<void> {
    if (opts.reconcile) this.#reconcile = true;
    this.#again = true;
    this.#running ??= this.#run()
      // Callers do not wait for this; a failure (e.g. the account closed mid-send) must not go unhandled.
      .catch((e: unknown) => this.#d.log.warn('sending stopped; unsent messages stay in the outbox', { error: e }))
      .finally(() => {
        this.#running = null;
        // A flush that came after the run's last look at the queue, while its promise settled,
        // found it still running and only left word: it is run now (a register's reconcile was
        // lost this way, and a sent message whose event fell into the gap was never settled).
        if (this.#again && !this.#closed) return this.flush();
        return undefined;
      });
    return this.#running;
  }

  /** Stops retrying; rows stay in the table for the next start. */
  close(): void {
    this.#closed = true;
    this.#retry?.abort();
    this.#retry = null;
  }

  async #run(): Promise<void> {
    const server = this.#d.server;
    while (this.#again && server && !this.#closed) {
      this.#again = false;
      const reconcile = this.#reconcile;
      this.#reconcile = false;
      for (const entry of this.#d.store.outbox.unfinished()) {
        if (this.#closed) return;
        // Re-read: the message event may have confirmed it, or the user discarded it, meanwhile.
        const current = this.#d.store.outbox.get(entry.localId);
        if (!current) continue;
        const step = await this.#step(current, server, reconcile);
        if (step === 'stop') {
          if (reconcile) this.#reconcile = true;
          return;
        }
      }
    }
  }

  async #step(entry: OutboxEntry, server: OutboxServer, reconcile: boolean): Promise<Step> {
    try {
      switch (entry.state) {
        case 'sent':
          // Normally its message event is on the way; after a gap it may never come.
          return reconcile ? await this.#confirmSent(entry, entry.messageId ?? 0, server) : 'next';
        case 'sending':
          // Until the queue is current, its message event may still be on the way: wait (in order).
          if (!this.#d.eventsCurrent()) return 'stop';
          return await this.#resolveUncertain(entry, server);
        case 'pending':
          return await this.#send(entry, server);
        case 'failed':
          return 'next';
      }
    } catch (e) {
      // A lookup failed (the send itself handles its own errors).
      if (isTransient(e) || isAuthFailure(e)) return this.#postpone(entry, e);
      return this.#lookupRefused(entry, e, server);
    }
  }

  /**
   * The server will not answer the lookup (e.g. the channel is gone or no longer visible). A row
   * it never took is sent, and the server decides; a row it took is dropped, as we cannot show it.
   */
  async #lookupRefused(entry: OutboxEntry, e: unknown, server: OutboxServer): Promise<Step> {
    const { store, log, clock } = this.#d;
    log.warn('could not look for a sent message', { localId: entry.localId, error: e });
    const current = store.outbox.get(entry.localId);
    if (current?.state === 'sending') {
      const pending = store.outbox.markPending(entry.localId, clock.now());
      return pending ? this.#send(pending, server) : 'next';
    }
    const removed = current?.state === 'sent' ? store.outbox.remove(entry.localId) : null;
    if (removed) this.#d.onEchoRemoved(removed);
    return 'next';
  }

  /** The server has message `id` for this row: make sure the cache has it, then drop the row. */
  async #confirmSent(entry: OutboxEntry, id: number, server: OutboxServer): Promise<Step> {
    const { store } = this.#d;
    const present = store.messages.has(id) || (await server.cacheMessage(entry, id));
    const removed = store.outbox.remove(entry.localId);
    if (!removed) return 'next'; // its message event got there first
    if (present) this.#d.onConfirmed(entry.localId, id);
    else this.#d.onEchoRemoved(removed);
    return 'next';
  }

  /**
   * An attempt whose outcome we never learned, with the event queue current: had it reached the
   * server over this install's queue, its event would have settled the row. It is sent again; if
   * that queue was lost meanwhile (a long quit), the message may show twice, never not at all.
   */
  async #resolveUncertain(entry: OutboxEntry, server: OutboxServer): Promise<Step> {
    const { store, log, clock } = this.#d;
    log.info('an interrupted send was not confirmed on our event queue; sending again', { localId: entry.localId });
    const pending = store.outbox.markPending(entry.localId, clock.now());
    return pending ? this.#send(pending, server) : 'next';
  }

  async #send(entry: OutboxEntry, server: OutboxServer): Promise<Step> {
    const { store, log, clock } = this.#d;
    // Only with an event queue to carry the echo back: without one, an attempt whose answer is
    // lost could never be told apart from another install's message, so it would be sent twice.
    // The account flushes again once its queue is live.
    const queueId = this.#d.queueId();
    if (queueId === null) return 'stop';
    if (!store.outbox.markSending(entry.localId, clock.now())) return 'next';
    let id: number;
    try {
      ({ id } = await server.post({
        ...sendParams(entry.target, entry.content, this.#d.selfUserId),
        local_id: entry.localId,
        queue_id: queueId,
      }));
    } catch (e) {
      return this.#sendFailed(entry, e);
    }
    this.#backoff.reset();
    store.outbox.markSent(entry.localId, id, clock.now());
    // The event may have come first, or on a queue that did not carry our local_id.
    if (store.messages.has(id) && store.outbox.remove(entry.localId)) this.#d.onConfirmed(entry.localId, id);
    log.debug('message sent', { localId: entry.localId, id });
    return 'next';
  }

  #sendFailed(entry: OutboxEntry, e: unknown): Step {
    const { store, log, clock } = this.#d;
    const certainlyNotTaken = isAuthFailure(e) || (e instanceof ApiError && e.httpStatus === 429);
    if (certainlyNotTaken) {
      store.outbox.markPending(entry.localId, clock.now());
      return this.#postpone(entry, e);
    }
    if (isTransient(e) || !(e instanceof ApiError)) {
      // No answer, a 5xx or an unreadable answer: it may have been taken. The row stays
      // `sending`, so the next attempt looks for it first.
      return this.#postpone(entry, e);
    }
    log.warn('send refused', { localId: entry.localId, code: e.code, status: e.httpStatus });
    const failed = store.outbox.markFailed(
      entry.localId,
      e.message || `The server refused the message (HTTP ${e.httpStatus}).`,
      clock.now(),
    );
    if (failed) this.#d.onEchoChanged(failed);
    return 'next';
  }

  /** Stops this run; unless the key is refused (the account signs out), retries after a backoff. */
  #postpone(entry: OutboxEntry, e: unknown): Step {
    if (isAuthFailure(e)) {
      this.#d.log.info('send postponed: the server refused our key', { localId: entry.localId });
      return 'stop';
    }
    const retryAfterMs = e instanceof ApiError ? e.retryAfterMs : null;
    const delay = this.#scheduleRetry(retryAfterMs);
    this.#d.log.info('send postponed', { localId: entry.localId, retryInMs: delay, error: e });
    return 'stop';
  }

  #scheduleRetry(retryAfterMs: number | null): number {
    this.#retry?.abort();
    if (this.#closed) return 0;
    const timer = new AbortController();
    this.#retry = timer;
    const delay = this.#backoff.next(retryAfterMs);
    this.#d.clock.sleep(delay, timer.signal).then(
      () => {
        if (this.#retry !== timer) return;
        this.#retry = null;
        void this.flush();
      },
      () => {},
    );
    return delay;
  }

  #notChangeable(localId: string): IpcFailure {
    const entry = this.#d.store.outbox.get(localId);
    if (!entry) return new IpcFailure('NOT_FOUND', 'That message is no longer waiting to be sent.');
    return new IpcFailure(
      'OUTBOX_BUSY',
      'That message is being sent right now (or already reached the server), so it can no longer be changed.',
    );
  }
}
