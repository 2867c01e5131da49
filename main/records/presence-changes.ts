/**
 * What the renderer knows of presence, kept so that only the statuses that moved go to it. Main
 * judges presence after every heartbeat and presence event (statuses age with the server's clock
 * even when no event comes), but a heartbeat usually moves only last-seen times, and when a
 * status does move it is one person's: at 30,000 people sending the whole list for it cost the
 * page a fetch and a comparison of every entry.
 *
 * The page's statuses are exactly what was last told: presence:list answers the statuses as told
 * (judged now only when nothing was told yet), and each later judgement tells the difference
 * (presence:changed). Every window of the app gets the same answers and events, so none of them
 * drifts, however late it asked for the list.
 *
 * A judgement looks only at who can have moved since the last one (reading all 30,000 rows took
 * 25-32 ms a beat): the people written since, and those whose active or idle time crossed the
 * offline threshold as the server's clock went from the last judgement's time to now (a status
 * depends on nothing else; see presenceStatus). Anyone else's status is what it was, so the
 * result is exactly a full judgement's. A new threshold, or presence turned on or off, is judged
 * in full.
 */
import type { PresenceStatus, PresenceStatusChange, PresenceView } from '../../common/model';
import { presenceStatus } from '../presence/convert';
import type { AccountStore } from '../store/account-store';
import type { PresenceWrites, StoredPresence } from '../store/repos/presence';
import { listPresence, presenceBasis, type PresenceBasis } from './presence';

/**
 * Seconds of slack around the crossing times: the status compares `serverNow - timestamp` with
 * the threshold in floating point, the index lookup compares the timestamp with a difference,
 * and the two may round apart. Looking at a few more rows changes no result.
 */
const SLACK_SECONDS = 1;

export class PresenceChanges {
  readonly #store: AccountStore;
  readonly #writes: PresenceWrites;
  /** Everyone who is not offline, as last told; null until the first judgement and after forget(). */
  #told: Map<number, PresenceStatus> | null = null;
  /** What the last judgement went by. */
  #judged: PresenceBasis | null = null;

  constructor(store: AccountStore) {
    this.#store = store;
    this.#writes = store.presence.watch();
  }

  /**
   * Judges who can have moved now and remembers it: the statuses that differ from what was last
   * told (empty when none did), or null when nothing was told since forget() (the renderer is to
   * reload the whole list).
   */
  moved(nowMs: number): PresenceStatusChange[] | null {
    const written = this.#writes.take();
    const basis = presenceBasis(this.#store, nowMs);
    const told = this.#told;
    const judged = this.#judged;
    this.#judged = basis;
    if (told === null || judged === null) {
      this.#told = judgeEveryone(this.#store, basis);
      return null;
    }
    if (written === 'all' || basis.disabled !== judged.disabled || basis.thresholdSeconds !== judged.thresholdSeconds) {
      const now = judgeEveryone(this.#store, basis);
      this.#told = now;
      const changes: PresenceStatusChange[] = [];
      for (const [userId, status] of now) if (told.get(userId) !== status) changes.push({ userId, status });
      for (const userId of told.keys()) if (!now.has(userId)) changes.push({ userId, status: 'offline' });
      return changes;
    }
    if (basis.disabled) return [];
    const changes: PresenceStatusChange[] = [];
    const judge = (userId: number, status: PresenceStatus): void => {
      if ((told.get(userId) ?? 'offline') === status) return;
      changes.push({ userId, status });
      if (status === 'offline') told.delete(userId);
      else told.set(userId, status);
    };
    for (const row of candidates(this.#store, judged.serverNow, basis, written))
      judge(row.userId, presenceStatus(row, basis.serverNow, basis.thresholdSeconds));
    return inTellingOrder(changes);
  }

  /** Everyone's presence with the statuses as last told (judged now, and remembered, if none were). */
  list(nowMs: number): PresenceView[] {
    if (this.#told === null) this.moved(nowMs);
    const told = this.#told ?? new Map<number, PresenceStatus>();
    const listed = new Set<number>();
    const out = listPresence(this.#store, nowMs).map((p) => {
      listed.add(p.userId);
      return { ...p, status: told.get(p.userId) ?? 'offline' };
    });
    // Told about but gone from the cache since (a full replacement): still told, until judged again.
    for (const [userId, status] of told) if (!listed.has(userId)) out.push({ userId, status, lastSeen: null });
    return out;
  }

  /** A new snapshot or organization setting: the next judgement is a whole new list. */
  forget(): void {
    this.#told = null;
  }
}

/** As a full judgement tells them (by user ID, those going offline last), whatever order they were found in. */
function inTellingOrder(changes: PresenceStatusChange[]): PresenceStatusChange[] {
  const goneLast = (c: PresenceStatusChange): number => (c.status === 'offline' ? 1 : 0);
  return changes.sort((a, b) => goneLast(a) - goneLast(b) || a.userId - b.userId);
}

/**
 * Whose status can differ from the last judgement's at `since`: the rows written since, those
 * whose active or idle time crossed the threshold between then and now (either way: a new
 * server timestamp may put the clock back), and anyone written whose row is gone (offline).
 */
function candidates(
  store: AccountStore,
  since: number,
  basis: PresenceBasis,
  written: ReadonlySet<number>,
): StoredPresence[] {
  const { serverNow, thresholdSeconds } = basis;
  const from = Math.min(since, serverNow) - thresholdSeconds - SLACK_SECONDS;
  const to = Math.max(since, serverNow) - thresholdSeconds + SLACK_SECONDS;
  const rows = store.presence.timedBetween(from, to);
  if (written.size === 0) return rows;
  const writtenRows = store.presence.ofUsers(written);
  const found = new Set(writtenRows.map((r) => r.userId));
  for (const userId of written) if (!found.has(userId)) rows.push({ userId, activeTimestamp: 0, idleTimestamp: 0 });
  return rows.concat(writtenRows);
}

/** Everyone who is not offline now: only they can have a time within the threshold, found by index. */
function judgeEveryone(store: AccountStore, basis: PresenceBasis): Map<number, PresenceStatus> {
  const statuses = new Map<number, PresenceStatus>();
  if (basis.disabled) return statuses;
  const { serverNow, thresholdSeconds } = basis;
  for (const p of store.presence.timedBetween(serverNow - thresholdSeconds - SLACK_SECONDS, Number.MAX_SAFE_INTEGER)) {
    const status = presenceStatus(p, serverNow, thresholdSeconds);
    if (status !== 'offline') statuses.set(p.userId, status);
  }
  return statuses;
}
