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
 */
import type { PresenceStatus, PresenceStatusChange, PresenceView } from '../../common/model';
import type { AccountStore } from '../store/account-store';
import { listPresence } from './presence';

export class PresenceChanges {
  /** Everyone who is not offline, as last told; null until the first judgement and after forget(). */
  #told: Map<number, PresenceStatus> | null = null;

  /**
   * Judges everyone now and remembers it: the statuses that differ from what was last told
   * (empty when none did), or null when nothing was told since forget() (the renderer is to
   * reload the whole list).
   */
  moved(store: AccountStore, nowMs: number): PresenceStatusChange[] | null {
    const before = this.#told;
    const now = judge(store, nowMs);
    this.#told = now;
    if (before === null) return null;
    const changes: PresenceStatusChange[] = [];
    for (const [userId, status] of now) if (before.get(userId) !== status) changes.push({ userId, status });
    for (const userId of before.keys()) if (!now.has(userId)) changes.push({ userId, status: 'offline' });
    return changes;
  }

  /** Everyone's presence with the statuses as last told (judged now, and remembered, if none were). */
  list(store: AccountStore, nowMs: number): PresenceView[] {
    const views = listPresence(store, nowMs);
    const told = this.#told;
    if (told === null) {
      this.#told = statusesOf(views);
      return views;
    }
    const listed = new Set<number>();
    const out = views.map((p) => {
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

function judge(store: AccountStore, nowMs: number): Map<number, PresenceStatus> {
  return statusesOf(listPresence(store, nowMs));
}

function statusesOf(views: readonly PresenceView[]): Map<number, PresenceStatus> {
  const statuses = new Map<number, PresenceStatus>();
  for (const p of views) if (p.status !== 'offline') statuses.set(p.userId, p.status);
  return statuses;
}
