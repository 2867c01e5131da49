/**
 * The send queue. compose:send writes the row first (so nothing typed is lost), the echo goes
 * to the renderer at once, then the row is posted with queue_id/local_id. The server's
 * message event carrying that local_id replaces the echo (see sync/appliers/message.ts).
 * A refusal keeps the row with the server's words as sendError.
 */
import type { ComposeTarget } from '../../common/model';
import { ApiError, isAuthFailure, isTransient, type SendMessageParams } from '../api';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import type { OutboxEntry } from '../store/repos/outbox';
import { sendParams, targetColumns } from './target';

export interface OutboxDeps {
  store: AccountStore;
  selfUserId: number;
  log: Logger;
  now: () => number;
  newLocalId: () => string;
  /** POST /messages; null when the account cannot reach the server (signed out). */
  post: ((params: SendMessageParams & { queue_id?: string; local_id: string }) => Promise<{ id: number }>) | null;
  /** The event queue the echo should come back on, if one is live. */
  queueId: () => string | null;
  /** A row changed (sent, refused): the account republishes its echo. */
  onEchoChanged: (entry: OutboxEntry) => void;
  /** The message already arrived before POST /messages answered: the echo is replaced by it. */
  onConfirmed: (localId: string, messageId: number) => void;
}

export class Outbox {
  readonly #d: OutboxDeps;
  #flushing: Promise<void> | null = null;

  constructor(deps: OutboxDeps) {
    this.#d = deps;
  }

  /** Stores the message; the caller publishes its echo and then calls flush(). */
  enqueue(to: ComposeTarget, content: string): OutboxEntry {
    const { store } = this.#d;
    return store.outbox.add({
      localId: this.#d.newLocalId(),
      createdAt: this.#d.now(),
      target: to,
      content,
      ...targetColumns(to, this.#d.selfUserId),
    });
  }

  /** Posts every pending row, oldest first; concurrent calls share one run. */
  flush(): Promise<void> {
    this.#flushing ??= this.#sendPending()
      // Callers do not wait for this; a failure (e.g. the account closed mid-send) must not go unhandled.
      .catch((e: unknown) => this.#d.log.warn('sending stopped; unsent messages stay in the outbox', { error: e }))
      .finally(() => {
        this.#flushing = null;
      });
    return this.#flushing;
  }

  async #sendPending(): Promise<void> {
    const post = this.#d.post;
    if (!post) return;
    for (const entry of this.#d.store.outbox.inState('pending')) {
      const more = await this.#sendOne(entry, post);
      if (!more) return;
    }
  }

  /** Returns false when the rest should wait (offline or signed out). */
  async #sendOne(entry: OutboxEntry, post: NonNullable<OutboxDeps['post']>): Promise<boolean> {
    const { store, log, now } = this.#d;
    if (!store.outbox.markSending(entry.localId, now())) return true;
    const queueId = this.#d.queueId();
    try {
      const params = {
        ...sendParams(entry.target, entry.content, this.#d.selfUserId),
        local_id: entry.localId,
        ...(queueId ? { queue_id: queueId } : {}),
      };
      const { id } = await post(params);
      store.outbox.markSent(entry.localId, id, now());
      // The event may have come first, or on a queue that did not carry our local_id.
      if (store.messages.has(id) && store.outbox.remove(entry.localId)) this.#d.onConfirmed(entry.localId, id);
      return true;
    } catch (e) {
      if (isTransient(e) || isAuthFailure(e)) {
        log.info('send postponed', { localId: entry.localId, error: e });
        store.outbox.markPending(entry.localId, now());
        return false;
      }
      const message = e instanceof ApiError ? e.message : 'The message could not be sent.';
      log.warn('send refused', { localId: entry.localId, error: e });
      const failed = store.outbox.markFailed(entry.localId, message, now());
      if (failed) this.#d.onEchoChanged(failed);
      return true;
    }
  }
}
