/**
 * Presence for one account's sidebar: who is active, idle or offline (main judges it on the
 * server's clock and threshold after every heartbeat and presence event, and says records:changed
 * 'presence' when a status moved), and
 * the activity signal main's heartbeats report: the window has focus and the user did something
 * in the last five minutes (Zulip's web app uses the same idle timeout).
 */
import type { PresenceStatus } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';

export class PresenceState {
  /**
   * Each user's status, replaced only when one of them changed. At 30,000 people rebuilding the
   * map and re-ranking the People list held the page ~150-240 ms; main now says 'presence' only
   * when a status moved, but a reconnect or an organization change reloads it all the same.
   */
  // Replaced whole, never changed in place: a plain Map in raw state, not a SvelteMap.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  statuses = $state.raw<ReadonlyMap<number, PresenceStatus>>(new Map());
  error = $state<string | null>(null);

  private readonly stops: Array<() => void>;
  private generation = 0;

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
      bridge.onReconnect(() => void this.load()),
    ];
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    try {
      const list = await this.bridge.call('presence:list', { accountId: this.accountId });
      if (generation !== this.generation) return;
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- filled here, then frozen as `statuses`
      const next = new Map<number, PresenceStatus>();
      // Offline is what anyone unlisted is: kept out, the map holds the few who are around.
      for (const p of list) if (p.status !== 'offline') next.set(p.userId, p.status);
      if (!sameStatuses(this.statuses, next)) this.statuses = next;
      this.error = null;
    } catch (error) {
      if (generation === this.generation) this.error = errorText(error);
    }
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
