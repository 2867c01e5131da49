/**
 * From the server's presence shapes to the cache's rows, and from rows to what the user sees.
 * The modern format (keyed by user ID) is stored as it comes; the legacy per-client form, which
 * servers before simplified_presence_events still send in events, is folded into it.
 */
import type { PresenceStatus } from '../../common/model';
import { LegacyClientPresence, ModernPresence } from '../api/schemas/presence';
import type { StoredPresence } from '../store/repos/presence';

/** The entries of a modern `presences` map; keys that are not user IDs and unreadable values are skipped. */
export function modernEntries(presences: Record<string, unknown> | undefined): StoredPresence[] {
  const out: StoredPresence[] = [];
  for (const [key, value] of Object.entries(presences ?? {})) {
    if (!/^\d+$/.test(key)) continue;
    const parsed = ModernPresence.safeParse(value);
    if (!parsed.success) continue;
    out.push({
      userId: Number(key),
      activeTimestamp: parsed.data.active_timestamp,
      idleTimestamp: parsed.data.idle_timestamp,
    });
  }
  return out;
}

/**
 * One user's legacy `presence` ({client: {status, timestamp}}) on top of what we knew: an active
 * client moves both times, an idle one only the idle time. Null when no client entry is readable.
 */
export function foldLegacy(
  userId: number,
  presence: Record<string, unknown>,
  known: StoredPresence | undefined,
): StoredPresence | null {
  let active = known?.activeTimestamp ?? 0;
  let idle = known?.idleTimestamp ?? 0;
  let read = false;
  for (const value of Object.values(presence)) {
    const parsed = LegacyClientPresence.safeParse(value);
    if (!parsed.success) continue;
    read = true;
    idle = Math.max(idle, parsed.data.timestamp);
    if (parsed.data.status === 'active') active = Math.max(active, parsed.data.timestamp);
  }
  return read ? { userId, activeTimestamp: active, idleTimestamp: idle } : null;
}

/** Zulip's fallbacks for servers before FL 164, which do not send the presence timings. */
export const DEFAULT_PING_INTERVAL_SECONDS = 60;
export const DEFAULT_OFFLINE_THRESHOLD_SECONDS = 140;

/**
 * As Zulip's clients decide it: active when the last active report is younger than the offline
 * threshold, else idle when the last report of any kind is, else offline. Ages are measured on
 * the server's clock (`serverNow`), so a wrong clock here changes nothing.
 */
export function presenceStatus(p: StoredPresence, serverNow: number, offlineThresholdSeconds: number): PresenceStatus {
  if (serverNow - p.activeTimestamp < offlineThresholdSeconds) return 'active';
  if (serverNow - p.idleTimestamp < offlineThresholdSeconds) return 'idle';
  return 'offline';
}
