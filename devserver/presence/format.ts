import type { App } from '../app';
import type { PresenceWithUser } from '../store/presence';
import type { UserRow } from '../store/rows';
import { apiEmail } from '../views/users';

/** Zulip's PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS: active this close to the last connection reads as active. */
const LEGACY_ACTIVE_OFFSET_SECONDS = 70;

/** The two times of a presence row as whole seconds; a never-active user counts from date_joined, as on Zulip. */
function times(row: PresenceWithUser): { active: number; connected: number } {
  return {
    active: Math.floor(row.last_active_time ?? row.date_joined),
    connected: Math.floor(row.last_connected_time),
  };
}

/** The modern format: `{active_timestamp, idle_timestamp}` (idle means merely connected). */
export function modernPresence(row: PresenceWithUser): { active_timestamp: number; idle_timestamp: number } {
  const { active, connected } = times(row);
  return { active_timestamp: active, idle_timestamp: connected };
}

export interface LegacyClientPresence {
  client: 'website';
  status: 'active' | 'idle';
  timestamp: number;
  pushable: false;
}

/**
 * The legacy per-client entry. Since Zulip 7.0 the server keeps no client names, so this is
 * always "website": active with the last active time, or idle with the last connection.
 */
export function legacyClientPresence(row: PresenceWithUser): LegacyClientPresence {
  const { active, connected } = times(row);
  const isActive = active + LEGACY_ACTIVE_OFFSET_SECONDS >= connected;
  return {
    client: 'website',
    status: isActive ? 'active' : 'idle',
    timestamp: isActive ? active : connected,
    pushable: false,
  };
}

/** The legacy format of one user: `website` and the same data as `aggregated` (without pushable). */
export function legacyPresence(row: PresenceWithUser): Record<string, object> {
  const website = legacyClientPresence(row);
  const { pushable: _pushable, ...aggregated } = website;
  return { aggregated, website };
}

export interface PresenceQuery {
  /** Key by user ID in the modern format (slim_presence, or any last_update_id). */
  slim: boolean;
  /** Only rows changed after this update; undefined: all. */
  lastUpdateId: number | undefined;
  /** Only users connected in this many days (Zulip's default 14; ignored once lastUpdateId > 0). */
  historyDays: number | undefined;
}

/** Zulip's default history for presence data (api-v1.md section 8). */
export const DEFAULT_HISTORY_DAYS = 14;

/**
 * The organization's presence data as Zulip's get_presences_for_realm gives it, with the
 * highest last_update_id returned (or the client's, or -1 when nothing was). An organization
 * with presence disabled shares none.
 */
export function realmPresences(
  app: App,
  query: PresenceQuery,
  now: number,
): { presences: Record<string, object>; lastUpdateId: number } {
  const disabled = app.store.records.realmSettings.overrides()['presence_disabled'] === true;
  if (disabled || query.historyDays === 0) return { presences: {}, lastUpdateId: -1 };
  const limitHistory = query.lastUpdateId === undefined || query.lastUpdateId <= 0;
  const since = limitHistory ? now - (query.historyDays ?? DEFAULT_HISTORY_DAYS) * 86_400 : 0;
  const rows = app.store.records.presence.since(query.lastUpdateId ?? -1, since);
  const slim = query.slim || query.lastUpdateId !== undefined;
  const realm = app.store.realm.get();
  const users = app.store.users.map();
  const presences: Record<string, object> = {};
  for (const row of rows) {
    const user = users.get(row.user_id);
    if (!user) continue;
    if (slim) presences[String(row.user_id)] = modernPresence(row);
    else presences[apiEmail(user, realm)] = legacyPresence(row);
  }
  const lastUpdateId = rows.reduce((max, row) => Math.max(max, row.last_update_id), query.lastUpdateId ?? -1);
  return { presences, lastUpdateId };
}

/** A user's row with what formatting needs, if they ever reported presence. */
export function presenceOf(app: App, user: UserRow): PresenceWithUser | undefined {
  const row = app.store.records.presence.get(user.id);
  return row ? { ...row, date_joined: user.date_joined } : undefined;
}
