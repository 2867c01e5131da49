/**
 * Whether the user is at the app, as the renderer reports it (window focus and input, see
 * renderer/state/presence.svelte.ts). One per app: there is one window and one user, and every
 * account's heartbeat reads it.
 */

/**
 * An "active" report expires unless renewed: the renderer renews it while the user keeps using
 * the app and says idle after five minutes without input, so a window that vanished without a
 * word (a crash, a dropped bridge) does not leave the user "active" for ever.
 */
export const ACTIVE_REPORT_LIFETIME_MS = 6 * 60_000;

export interface ActivityReport {
  active: boolean;
  /** The user typed, clicked or scrolled since the previous report. */
  input?: boolean | undefined;
}

export class ActivityMonitor {
  readonly #now: () => number;
  readonly #listeners = new Set<() => void>();
  #active = false;
  #reportedAt = -Infinity;
  #inputAt = -Infinity;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  report(r: ActivityReport): void {
    const was = this.isActive();
    const now = this.#now();
    this.#active = r.active;
    this.#reportedAt = now;
    if (r.input) this.#inputAt = now;
    if (!was && this.isActive()) for (const listener of [...this.#listeners]) listener();
  }

  isActive(): boolean {
    return this.#active && this.#now() - this.#reportedAt < ACTIVE_REPORT_LIFETIME_MS;
  }

  /** Whether there was input after `since` (epoch ms). */
  inputSince(since: number): boolean {
    return this.#inputAt > since;
  }

  /** Called when the user comes back (idle → active); returns the unsubscribe function. */
  onBecameActive(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** The app's monitor: the presence:activity call writes it, account heartbeats read it. */
export const appActivity = new ActivityMonitor();
