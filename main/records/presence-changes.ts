/**
 * Whether anyone's presence status moved since the renderer was last told. Main judges presence
 * after every heartbeat (statuses age with the server's clock even when no event comes), but a
 * heartbeat usually moves only last-seen times: at 30,000 people telling the page each time made
 * it fetch and compare the whole list once a minute for nothing.
 */
import type { PresenceStatus } from '../../common/model';
import type { AccountStore } from '../store/account-store';
import { listPresence } from './presence';

export class PresenceChanges {
  /** Everyone who is not offline, as last told; null until the first judgement. */
  #told: Map<number, PresenceStatus> | null = null;

  /** Judges everyone now; true when a status differs from what was last told (and remembers it). */
  changed(store: AccountStore, nowMs: number): boolean {
    const now = new Map<number, PresenceStatus>();
    for (const p of listPresence(store, nowMs)) if (p.status !== 'offline') now.set(p.userId, p.status);
    const same = this.#told !== null && sameStatuses(this.#told, now);
    this.#told = now;
    return !same;
  }

  /** A new snapshot or organization setting: the next judgement is told whatever it says. */
  forget(): void {
    this.#told = null;
  }
}

function sameStatuses(a: ReadonlyMap<number, PresenceStatus>, b: ReadonlyMap<number, PresenceStatus>): boolean {
  if (a.size !== b.size) return false;
  for (const [userId, status] of b) if (a.get(userId) !== status) return false;
  return true;
}
