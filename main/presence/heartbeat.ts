/**
 * One account's presence heartbeat, as Zulip's clients do it: every
 * server_presence_ping_interval_seconds, POST /users/me/presence with "active" when the user is
 * at the app and "idle" otherwise, passing the last presence_last_update_id so only what changed
 * comes back; the answer goes into the cache and the renderer is told. Coming back to the app
 * reports at once instead of waiting for the next beat. Failures wait for the next beat; a
 * refused key stops it (the account shows why).
 */
import type { PresenceReport } from '../api/routes/presence';
import { clampDelay } from '../delays';
import { isAuthFailure } from '../api/errors';
import type { PresenceResponse } from '../api/schemas/presence';
import type { Logger } from '../log';
import { realTimers, type Timers } from '../records/typing';
import type { AccountStore } from '../store/account-store';
import type { ActivityMonitor } from './activity';
import { DEFAULT_PING_INTERVAL_SECONDS, modernEntries } from './convert';

/** How far back the first report asks for (later ones ask for changes only). */
export const HISTORY_LIMIT_DAYS = 14;

export interface PresenceHeartbeatDeps {
  report(r: PresenceReport): Promise<PresenceResponse>;
  store: AccountStore;
  activity: ActivityMonitor;
  log: Logger;
  /** Epoch ms. */
  now(): number;
  /** Presence in the cache changed (or aged): the renderer should look again. */
  onChanged(): void;
  timers?: Timers;
}

export class PresenceHeartbeat {
  readonly #d: PresenceHeartbeatDeps;
  readonly #timers: Timers;
  #timer: unknown = null;
  #running = false;
  #inFlight: Promise<void> | null = null;
  /** Report again as soon as the one under way is done. */
  #again = false;
  #lastReport = { at: -Infinity, status: 'idle' as PresenceReport['status'] };
  #unsubscribe: (() => void) | null = null;

  constructor(deps: PresenceHeartbeatDeps) {
    this.#d = deps;
    this.#timers = deps.timers ?? realTimers;
  }

  /** Reports at once, then on every interval until stop(). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#unsubscribe = this.#d.activity.onBecameActive(() => this.#cameBack());
    void this.beat();
  }

  stop(): void {
    this.#running = false;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** One report now (a running one is joined, not repeated); the next beat is scheduled from here. */
  beat(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    this.#inFlight ??= this.#report().finally(() => {
      this.#inFlight = null;
      if (this.#again) {
        this.#again = false;
        void this.beat();
      } else this.#schedule();
    });
    return this.#inFlight;
  }

  /**
   * Back at the app after an idle report: say so now, not up to a minute later. If the idle
   * report is still on its way, the active one follows right after it.
   */
  #cameBack(): void {
    if (this.#lastReport.status !== 'idle') return;
    if (this.#inFlight) this.#again = true;
    else void this.beat();
  }

  #schedule(): void {
    if (!this.#running) return;
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    const seconds = this.#d.store.realm.getNumber(
      'server_presence_ping_interval_seconds',
      DEFAULT_PING_INTERVAL_SECONDS,
    );
    this.#timer = this.#timers.setTimeout(
      () => {
        this.#timer = null;
        void this.beat();
      },
      // A server's interval is honoured between 1 s and setTimeout's limit.
      clampDelay(seconds * 1000, 1000),
    );
  }

  async #report(): Promise<void> {
    const { store, activity, log } = this.#d;
    const repo = store.presence;
    const lastUpdateId = repo.clock()?.lastUpdateId ?? -1;
    const status = activity.isActive() ? 'active' : 'idle';
    const report: PresenceReport = {
      status,
      lastUpdateId,
      newUserInput: activity.inputSince(this.#lastReport.at),
      historyLimitDays: lastUpdateId > 0 ? undefined : HISTORY_LIMIT_DAYS,
    };
    this.#lastReport = { at: this.#d.now(), status };
    let answer: PresenceResponse;
    try {
      answer = await this.#d.report(report);
    } catch (e) {
      if (isAuthFailure(e)) this.stop();
      else log.info('presence report failed; trying again at the next beat', { error: e });
      // Statuses still age while we cannot ask (unless the account closed while it asked).
      if (this.#running) this.#d.onChanged();
      return;
    }
    if (!this.#running) return;
    try {
      this.#store(answer);
    } catch (e) {
      // A busy or failing disk must not take the core down (beat() runs unawaited): the next
      // beat asks again with the old clock, so nothing is lost.
      log.warn('could not store presence; trying again at the next beat', { error: e });
      return;
    }
    this.#d.onChanged();
  }

  /** Changes since lastUpdateId are merged; a server without last_update_id (FL < 263) sends everything. */
  #store(answer: PresenceResponse): void {
    const { store } = this.#d;
    const repo = store.presence;
    const now = this.#d.now();
    store.transaction(() => {
      if (answer.presences !== undefined) {
        const rows = modernEntries(answer.presences);
        if (answer.presence_last_update_id === undefined) repo.replaceAll(rows);
        else repo.upsert(rows);
      }
      const previous = repo.clock();
      repo.setClock({
        lastUpdateId: answer.presence_last_update_id ?? previous?.lastUpdateId ?? -1,
        serverTimestamp: answer.server_timestamp ?? now / 1000,
        receivedAt: now,
      });
    });
  }
}
