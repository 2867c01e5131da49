/**
 * Remembers, for the next launch, the view the window has open and its account, without holding up
 * the view being opened. The page sends view:open just before that view's messages:page, and the
 * core's thread answers them in turn: written at once, view:open's two commits (8-42 ms under load,
 * bench channel-switch) came ahead of every switch's rows. Here the write waits a moment, so a
 * burst of switches is one transaction, after the pages it would have delayed; what is read back
 * before it (app:state, a new account's restored view) comes from what is waiting.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Narrow } from '../../common/model';
import type { Logger } from '../log';
import type { AppStore } from '../store/app-store';

/** Long enough to fall after the page asked for alongside, short enough to survive a crash soon after. */
export const LAST_VIEW_SAVE_DELAY_MS = 500;

interface Waiting {
  narrow: Narrow;
  at: number;
}

export class LastViewSaver {
  readonly #store: AppStore;
  readonly #log: Logger | undefined;
  readonly #delayMs: number;
  readonly #waiting = new Map<string, Waiting>();
  #active: string | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(store: AppStore, log?: Logger, delayMs = LAST_VIEW_SAVE_DELAY_MS) {
    this.#store = store;
    this.#log = log;
    this.#delayMs = delayMs;
  }

  /** The view open for `accountId` since `at`; that account becomes the active one. */
  note(accountId: string, narrow: Narrow, at: number): void {
    // Every warm start reopens the view it restored: nothing to write.
    if (this.activeAccountId() === accountId && isDeepStrictEqual(this.lastView(accountId), narrow)) return;
    this.#waiting.set(accountId, { narrow, at });
    this.#active = accountId;
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => this.flushOrLog(), this.#delayMs);
    // Never what keeps a process alive: close() flushes.
    this.#timer.unref?.();
  }

  lastView(accountId: string): Narrow | null {
    return this.#waiting.get(accountId)?.narrow ?? this.#store.lastView(accountId);
  }

  activeAccountId(): string | null {
    return this.#active ?? this.#store.activeAccountId();
  }

  /**
   * The timer's flush, and the one at closing. Nobody can act on a failure there (a full or
   * read-only disk), so it is logged, not thrown: the next launch opens the view saved before.
   */
  flushOrLog(): void {
    try {
      this.flush();
    } catch (e) {
      this.#log?.warn('could not save the open view for the next launch', { error: String(e) });
    }
  }

  /** Writes what is waiting, in one transaction. Called by the timer and before the store closes. */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#waiting.size === 0 && this.#active === null) return;
    const waiting = [...this.#waiting];
    const active = this.#active;
    this.#waiting.clear();
    this.#active = null;
    if (!this.#store.db.open) return;
    this.#store.db.transaction(() => {
      for (const [accountId, { narrow, at }] of waiting) this.#store.setLastView(accountId, narrow, at);
      if (active !== null) this.#store.setActiveAccount(active);
    })();
  }
}
