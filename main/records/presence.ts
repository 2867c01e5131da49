/** Everyone's presence as the sidebar shows it, from the cache, judged on the server's clock. */
import type { PresenceView } from '../../common/model';
import { DEFAULT_OFFLINE_THRESHOLD_SECONDS, presenceStatus } from '../presence/convert';
import type { AccountStore } from '../store/account-store';

/**
 * One entry per user the server told us about (others are offline). The server's time now is its
 * last timestamp plus the time that passed here since, so a skewed local clock does not matter.
 * An organization with presence disabled shows nobody.
 */
export function listPresence(store: AccountStore, nowMs: number): PresenceView[] {
  if (store.realm.getBoolean('realm_presence_disabled', false)) return [];
  const repo = store.presence;
  const clock = repo.clock();
  const serverNow = clock ? clock.serverTimestamp + (nowMs - clock.receivedAt) / 1000 : nowMs / 1000;
  const threshold = store.realm.getNumber(
    'server_presence_offline_threshold_seconds',
    DEFAULT_OFFLINE_THRESHOLD_SECONDS,
  );
  return repo.all().map((p) => ({
    userId: p.userId,
    status: presenceStatus(p, serverNow, threshold),
    lastSeen: Math.max(p.activeTimestamp, p.idleTimestamp) || null,
  }));
}
