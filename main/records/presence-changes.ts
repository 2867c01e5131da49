/**
 * What the renderer knows of presence, kept so that only the statuses that moved go to it. Main
 * judges presence after every heartbeat and presence event (statuses age with the server's clock
 * even when no event comes), but a heartbeat usually moves only last-seen times, and when a
 * status does move it is one person's: at 30,000 people sending the whole list for it cost the
 * page a fetch and a comparison of every entry.
 *
 * The page's statuses are exactly what was last told: presence:list answers the people around
 * as told (judged now only when nothing was told yet), and each later judgement tells the
 * difference (presence:changed). Every window of the app gets the same answers and events, so
 * none of them drifts, however late it asked for the list. The answer comes from what is kept
 * here, not from the cache: reading and judging all 30,000 rows for every (re)load of the page's
 * list cost as much as the judgement used to; anyone not listed is offline, as the page holds it.
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
import { presenceBasis, type PresenceBasis } from './presence';

/**
 * Seconds of slack around the crossing times: the status compares `serverNow - timestamp` with
 * the threshold in floating point, the index lookup compares the timestamp with a difference,
 * and the two may round apart. Looking at a few more rows changes no result.
 */
const SLACK_SECONDS = 1;

/** One person around as last told, with the last sign of life their row had when last read. */
interface Told {
  status: PresenceStatus;
  lastSeen: number | null;
}

export class PresenceChanges {
  readonly #store: AccountStore;
  readonly #writes: PresenceWrites;
  /** Everyone who is not offline, as last told; null until the first judgement and after forget(). */
  #told: Map<number, Told> | null = null;
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
      for (const [userId, { status }] of now) if (told.get(userId)?.status !== status) changes.push({ userId, status });
      for (const userId of told.keys()) if (!now.has(userId)) changes.push({ userId, status: 'offline' });
      return changes;
    }
    if (basis.disabled) return [];
    const changes: PresenceStatusChange[] = [];
    for (const row of candidates(this.#store, judged.serverNow, basis, written)) {
      const status = presenceStatus(row, basis.serverNow, basis.thresholdSeconds);
      const was = told.get(row.userId);
      if (status === 'offline') told.delete(row.userId);
      // Written rows are among the candidates, so a renewed last-seen time is kept even when the status stays.
      else told.set(row.userId, { status, lastSeen: lastSeenOf(row) });
      if ((was?.status ?? 'offline') !== status) changes.push({ userId: row.userId, status });
    }
    return inTellingOrder(changes);
  }

  /**
   * Everyone around (active or idle) with the statuses as last told (judged now, and remembered,
   * if none were); anyone not listed is offline. As many entries as people around, whatever the
   * size of the organization.
   */
  list(nowMs: number): PresenceView[] {
    if (this.#told === null) this.moved(nowMs);
    const out: PresenceView[] = [];
    for (const [userId, { status, lastSeen }] of this.#told ?? []) out.push({ userId, status, lastSeen });
    return out.sort((a, b) => a.userId - b.userId);
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
function judgeEveryone(store: AccountStore, basis: PresenceBasis): Map<number, Told> {
  const statuses = new Map<number, Told>();
  if (basis.disabled) return statuses;
  const { serverNow, thresholdSeconds } = basis;
  for (const p of store.presence.timedBetween(serverNow - thresholdSeconds - SLACK_SECONDS, Number.MAX_SAFE_INTEGER)) {
    const status = presenceStatus(p, serverNow, thresholdSeconds);
    if (status !== 'offline') statuses.set(p.userId, { status, lastSeen: lastSeenOf(p) });
  }
  return statuses;
}

function lastSeenOf(p: StoredPresence): number | null {
  return Math.max(p.activeTimestamp, p.idleTimestamp) || null;
}
