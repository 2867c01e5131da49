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

/** Moves remembered for movedSince; a reader further behind compares everyone. */
const MOVES_KEPT = 2_048;

export class PresenceState {
  /**
   * Each user's status (only who is around: anyone missing is offline), changed in place. At
   * 30,000 people rebuilding a map from the whole list and re-ranking the People list held the
   * page ~150-240 ms; main now sends the few who moved, and copying even the map of who is around
   * (thousands) on each move was most of what was left. What reads it depends on `version`.
   */
  // Changed in place but made reactive by `version`, not per key: a plain Map, not a SvelteMap.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #statuses = new Map<number, PresenceStatus>();
  /** Moves on whenever a status changes, and only then. */
  #version = $state(0);
  /** Who moved at which version, oldest first, since the version `#movesFrom` (kept short). */
  #moves: Array<{ version: number; userId: number }> = [];
  #movesFrom = 0;
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
        else this.apply(p.changes);
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
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- compared, then copied into #statuses
      const loaded = new Map<number, PresenceStatus>();
      // Offline is what anyone unlisted is: kept out, the map holds the few who are around.
      for (const p of list) if (p.status !== 'offline') loaded.set(p.userId, p.status);
      for (const { userId, status } of this.pending ?? []) {
        if (status === 'offline') loaded.delete(userId);
        else loaded.set(userId, status);
      }
      if (!sameStatuses(this.#statuses, loaded)) this.#replace(loaded);
      this.error = null;
    } catch (error) {
      if (generation !== this.generation) return;
      this.error = errorText(error);
      // The list did not come: what moved meanwhile still applies to what the page holds.
      this.apply(this.pending ?? []);
    }
    this.pending = null;
  }

  /** Anyone the server said nothing about is offline. */
  status(userId: number): PresenceStatus {
    void this.#version;
    return this.#statuses.get(userId) ?? 'offline';
  }

  /** Who is around (anyone missing is offline); read it again when `version` moves. */
  get statuses(): ReadonlyMap<number, PresenceStatus> {
    void this.#version;
    return this.#statuses;
  }

  /** Moves on whenever someone's status changes, and only then. */
  get version(): number {
    return this.#version;
  }

  /**
   * The people whose status may have moved after `version` (each once), or null when that is
   * too long ago to say or the whole list was loaded since: then compare everyone.
   */
  movedSince(version: number): number[] | null {
    if (version < this.#movesFrom) return null;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local, answered as an array
    const moved = new Set<number>();
    for (let i = this.#moves.length - 1; i >= 0 && this.#moves[i]!.version > version; i--)
      moved.add(this.#moves[i]!.userId);
    return [...moved];
  }

  /** `changes` applied in order; the version moves only if a status differs. */
  private apply(changes: readonly PresenceStatusChange[]): void {
    let moved = false;
    for (const { userId, status } of changes) {
      if ((this.#statuses.get(userId) ?? 'offline') === status) continue;
      if (status === 'offline') this.#statuses.delete(userId);
      else this.#statuses.set(userId, status);
      if (!moved) this.#version++;
      moved = true;
      this.#moves.push({ version: this.#version, userId });
    }
    if (this.#moves.length > MOVES_KEPT) {
      const dropped = this.#moves.splice(0, this.#moves.length - MOVES_KEPT / 2);
      this.#movesFrom = dropped[dropped.length - 1]!.version;
    }
  }

  #replace(statuses: ReadonlyMap<number, PresenceStatus>): void {
    this.#statuses.clear();
    for (const [userId, status] of statuses) this.#statuses.set(userId, status);
    this.#version++;
    this.#moves = [];
    this.#movesFrom = this.#version;
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
