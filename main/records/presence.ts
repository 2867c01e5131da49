/** Everyone's presence as the sidebar shows it, from the cache, judged on the server's clock. */
import type { PresenceView } from '../../common/model';
import { DEFAULT_OFFLINE_THRESHOLD_SECONDS, presenceStatus } from '../presence/convert';
import type { AccountStore } from '../store/account-store';

/** What a judgement of presence goes by, besides the rows. */
export interface PresenceBasis {
  /** The organization turned presence off: everyone is offline. */
  disabled: boolean;
  /** The server's time now (Unix seconds). */
  serverNow: number;
  thresholdSeconds: number;
}

/**
 * The server's time now is its last timestamp plus the time that passed here since, so a skewed
 * local clock does not matter.
 */
export function presenceBasis(store: AccountStore, nowMs: number): PresenceBasis {
  const clock = store.presence.clock();
  return {
    disabled: store.realm.getBoolean('realm_presence_disabled', false),
    serverNow: clock ? clock.serverTimestamp + (nowMs - clock.receivedAt) / 1000 : nowMs / 1000,
    thresholdSeconds: store.realm.getNumber(
      'server_presence_offline_threshold_seconds',
      DEFAULT_OFFLINE_THRESHOLD_SECONDS,
    ),
  };
}

/**
 * One entry per user the server told us about (others are offline), each judged now: a full
 * judgement of every row. The app answers presence:list from what was last told instead
 * (presence-changes.ts); this is the reference its tests and the huge-presence bench compare with.
 * An organization with presence disabled shows nobody.
 */
export function listPresence(store: AccountStore, nowMs: number): PresenceView[] {
  const basis = presenceBasis(store, nowMs);
  if (basis.disabled) return [];
  return store.presence.all().map((p) => ({
    userId: p.userId,
    status: presenceStatus(p, basis.serverNow, basis.thresholdSeconds),
    lastSeen: Math.max(p.activeTimestamp, p.idleTimestamp) || null,
  }));
}
