/** The single sync_state row: which event queue we poll, how far we got, and what the server is. */
import type { Db } from '../db';

export interface SyncState {
  queueId: string | null;
  lastEventId: number | null;
  featureLevel: number;
  longpollTimeoutSeconds: number;
  userId: number | null;
  /** Epoch ms of the last successful register. */
  registeredAt: number | null;
}

interface Row {
  queue_id: string | null;
  last_event_id: number | null;
  feature_level: number;
  longpoll_timeout_seconds: number;
  user_id: number | null;
  registered_at: number | null;
}

export class SyncStateRepo {
  readonly #get;
  readonly #setRegistered;
  readonly #setLastEventId;
  readonly #clearQueue;
  readonly #setFeatureLevel;

  constructor(db: Db) {
    this.#get = db.prepare('SELECT * FROM sync_state WHERE id = 1');
    this.#setRegistered = db.prepare(
      `UPDATE sync_state SET queue_id = @queueId, last_event_id = @lastEventId, feature_level = @featureLevel,
         longpoll_timeout_seconds = @longpollTimeoutSeconds, user_id = @userId, registered_at = @registeredAt WHERE id = 1`,
    );
    this.#setLastEventId = db.prepare('UPDATE sync_state SET last_event_id = ? WHERE id = 1');
    this.#clearQueue = db.prepare('UPDATE sync_state SET queue_id = NULL, last_event_id = NULL WHERE id = 1');
    this.#setFeatureLevel = db.prepare('UPDATE sync_state SET feature_level = ? WHERE id = 1');
  }

  get(): SyncState {
    const r = this.#get.get() as Row;
    return {
      queueId: r.queue_id,
      lastEventId: r.last_event_id,
      featureLevel: r.feature_level,
      longpollTimeoutSeconds: r.longpoll_timeout_seconds,
      userId: r.user_id,
      registeredAt: r.registered_at,
    };
  }

  setRegistered(s: SyncState): void {
    this.#setRegistered.run(s);
  }

  setLastEventId(id: number): void {
    this.#setLastEventId.run(id);
  }

  /** The server was upgraded (restart event). */
  setFeatureLevel(level: number): void {
    this.#setFeatureLevel.run(level);
  }

  clearQueue(): void {
    this.#clearQueue.run();
  }
}
