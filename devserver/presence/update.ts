import type { App } from '../app';
import { activeUserIds, hasCapability } from '../events/audience';
import { userSettings } from '../register/user_settings';
import type { PresenceRow } from '../store/presence';
import type { UserRow } from '../store/rows';
import { apiEmail } from '../views/users';
import { legacyClientPresence, modernPresence, presenceOf } from './format';

export type PresenceStatus = 'active' | 'idle';

/** What the organization tells clients about presence timing (register's server_presence_* fields). */
export interface PresenceTiming {
  pingIntervalSeconds: number;
  offlineThresholdSeconds: number;
}

export function presenceTiming(app: App): PresenceTiming {
  return {
    pingIntervalSeconds: app.options.presencePingIntervalSeconds,
    offlineThresholdSeconds: app.options.presenceOfflineThresholdSeconds,
  };
}

/**
 * Records a presence report as Zulip's do_update_user_presence does: a first report creates the
 * row (active time only if active); later ones move the connection time, and for "active" the
 * active time, only when it is older than Zulip's PRESENCE_UPDATE_MIN_FREQ_SECONDS (55 of a 60 s
 * ping, scaled with the ping here), so several open clients do not write every few seconds.
 * Users with presence_enabled off (invisible) are not recorded. A first report, or an active one
 * after a gap long enough that others may show the user offline, is announced right away with a
 * `presence` event; other changes wait for the clients' own polling.
 */
export function updatePresence(app: App, user: UserRow, status: PresenceStatus, now: number): void {
  if (userSettings(user)['presence_enabled'] === false) return;
  const timing = presenceTiming(app);
  const minFrequency = (timing.pingIntervalSeconds * 55) / 60;
  const onlineGap = timing.offlineThresholdSeconds - timing.pingIntervalSeconds - 10;
  const previous = app.store.records.presence.get(user.id);
  let next: Omit<PresenceRow, 'last_update_id'>;
  let announce: boolean;
  if (!previous) {
    next = { user_id: user.id, last_connected_time: now, last_active_time: status === 'active' ? now : null };
    announce = true;
  } else {
    const sinceActive = previous.last_active_time === null ? Infinity : now - previous.last_active_time;
    next = { ...previous };
    if (now - previous.last_connected_time > minFrequency) next.last_connected_time = now;
    if (status === 'active' && sinceActive > minFrequency) {
      next.last_active_time = now;
      next.last_connected_time = Math.max(next.last_connected_time, now);
    }
    announce = status === 'active' && sinceActive > onlineGap;
  }
  const changed =
    !previous ||
    next.last_connected_time !== previous.last_connected_time ||
    next.last_active_time !== previous.last_active_time;
  if (changed) app.store.records.presence.save(next);
  if (announce && app.store.records.realmSettings.overrides()['presence_disabled'] !== true) publishPresence(app, user);
}

/**
 * The `presence` event to every active account: the modern `presences` map for clients with
 * simplified_presence_events, the legacy single-user form for the others.
 */
export function publishPresence(app: App, user: UserRow): void {
  const row = presenceOf(app, user);
  if (!row) return;
  const modern = { type: 'presence', presences: { [String(user.id)]: modernPresence(row) } };
  const legacy = {
    type: 'presence',
    user_id: user.id,
    email: apiEmail(user, app.store.realm.get()),
    server_timestamp: Date.now() / 1000,
    presence: { website: legacyClientPresence(row) },
  };
  app.queues.publish(activeUserIds(app), 'presence', (queue) =>
    hasCapability(queue, 'simplified_presence_events') ? modern : legacy,
  );
}
