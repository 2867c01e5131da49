/**
 * Presence for one account's sidebar: who is active, idle or offline. Main judges it on the
 * server's clock and threshold after every heartbeat and presence event; the page loads the whole
 * list once (presence:list, again on records:changed 'presence' or 'realm' and after a reconnect)
 * and then takes only the people whose status moved (presence:changed). Also the activity signal
 * main's heartbeats report: the window has focus and the user did something in the last five
 * minutes (Zulip's web app uses the same idle timeout).
 */
import type { PresenceStatus, PresenceStatusChange } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';

export class PresenceState {
  /**
   * Each user's status, replaced only when one of them changed. At 30,000 people rebuilding the
   * map from the whole list and re-ranking the People list held the page ~150-240 ms; main now
   * sends the few who moved, and the map is copied with them applied (it holds only who is around).
   */
  // Replaced whole, never changed in place: a plain Map in raw state, not a SvelteMap.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  statuses = $state.raw<ReadonlyMap<number, PresenceStatus>>(new Map());
  error = $state<string | null>(null);

  private readonly stops: Array<() => void>;
  private generation = 0;
  /**
   * Changes that came while a list was asked for, in order. Some were told before main answered
   * (the list holds them already), some after: applied again on top of the list, in order, each
   * user ends at the last status told, which is right either way.
   */
  private pending: PresenceStatusChange[] | null = null;

  constructor(
    private readonly bridge: BridgeClient,
    readonly accountId: string,
    readonly selfUserId: number,
  ) {
    this.stops = [
      bridge.on('records:changed', (p) => {
        // 'realm': the organization may have turned presence off or changed its threshold.
        if (p.accountId === accountId && (p.areas.includes('presence') || p.areas.includes('realm'))) void this.load();
      }),
      bridge.on('presence:changed', (p) => {
        if (p.accountId !== accountId) return;
        if (this.pending) this.pending.push(...p.changes);
        else this.statuses = applied(this.statuses, p.changes);
      }),
      bridge.onReconnect(() => void this.load()),
    ];
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.pending ??= [];
    try {
      const list = await this.bridge.call('presence:list', { accountId: this.accountId });
      if (generation !== this.generation) return;
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- filled here, then frozen as `statuses`
      const next = new Map<number, PresenceStatus>();
      // Offline is what anyone unlisted is: kept out, the map holds the few who are around.
      for (const p of list) if (p.status !== 'offline') next.set(p.userId, p.status);
      const loaded = applied(next, this.pending ?? []);
      if (!sameStatuses(this.statuses, loaded)) this.statuses = loaded;
      this.error = null;
    } catch (error) {
      if (generation !== this.generation) return;
      this.error = errorText(error);
      // The list did not come: what moved meanwhile still applies to what the page holds.
      this.statuses = applied(this.statuses, this.pending ?? []);
    }
    this.pending = null;
  }

  /** Anyone the server said nothing about is offline. */
  status(userId: number): PresenceStatus {
    return this.statuses.get(userId) ?? 'offline';
  }

  dispose(): void {
    this.generation++;
    for (const stop of this.stops) stop();
  }
}

/** `statuses` with `changes` applied in order: a new map, or the same one when nobody's status differs. */
function applied(
  statuses: ReadonlyMap<number, PresenceStatus>,
  changes: readonly PresenceStatusChange[],
): ReadonlyMap<number, PresenceStatus> {
  if (changes.every(({ userId, status }) => (statuses.get(userId) ?? 'offline') === status)) return statuses;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- filled here, then frozen as `statuses`
  const next = new Map(statuses);
  for (const { userId, status } of changes) {
    if (status === 'offline') next.delete(userId);
    else next.set(userId, status);
  }
  return next;
}

function sameStatuses(a: ReadonlyMap<number, PresenceStatus>, b: ReadonlyMap<number, PresenceStatus>): boolean {
  if (a.size !== b.size) return false;
  for (const [userId, status] of b) if (a.get(userId) !== status) return false;
  return true;
}

/** Zulip's web app marks the user idle after this long without input, even with the window focused. */
export const IDLE_AFTER_MS = 5 * 60_000;
/** While active, input renews the report at most this often (main lets an unrenewed one lapse after six minutes). */
export const RENEW_EVERY_MS = 60_000;

const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * Tells main (presence:activity) whether the user is at the app: active on focus or input,
 * idle on blur, when the page is hidden, or after IDLE_AFTER_MS without input. Only changes
 * and a renewal at most once a minute go out, so moving the mouse costs nothing.
 */
export class ActivityReporter {
  private active = false;
  private sentAt = -Infinity;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly bridge: BridgeClient,
    private readonly win: Window = window,
  ) {}

  start(): void {
    const on = (target: EventTarget, name: string, fn: () => void): void => {
      target.addEventListener(name, fn, { passive: true });
      this.stops.push(() => target.removeEventListener(name, fn));
    };
    const doc = this.win.document;
    on(this.win, 'focus', () => this.input());
    on(this.win, 'blur', () => this.away());
    on(doc, 'visibilitychange', () => (doc.visibilityState === 'hidden' ? this.away() : this.input()));
    for (const name of INPUT_EVENTS) on(this.win, name, () => this.input());
    if (doc.visibilityState !== 'hidden' && doc.hasFocus()) this.input();
    else this.send(false, false);
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.clearIdle();
  }

  private input(): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => this.away(), IDLE_AFTER_MS);
    if (!this.active || Date.now() - this.sentAt >= RENEW_EVERY_MS) this.send(true, true);
  }

  private away(): void {
    this.clearIdle();
    if (this.active) this.send(false, false);
  }

  private send(active: boolean, input: boolean): void {
    this.active = active;
    this.sentAt = Date.now();
    // Best effort: a lost report is corrected by the next one.
    this.bridge.call('presence:activity', { active, input }).catch(() => undefined);
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
