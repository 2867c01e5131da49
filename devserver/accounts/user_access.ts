import type { App } from '../app';
import type { GroupSettingValue } from '../groups/graph';
import { ROLE, type UserRow } from '../store/rows';

/**
 * Who may see whom under `can_access_all_users_group`, as Zulip's zerver/lib/users.py decides it.
 * The setting is role:everyone or role:members; only guests fall outside role:members, so only a
 * guest's view of people is ever limited. A limited guest still reaches themself, every bot, and
 * the people they share a channel subscription or a direct-message conversation with.
 */
export function accessLimited(app: App, viewer: UserRow): boolean {
  return viewer.role === ROLE.guest && guestsLimited(app);
}

/** Whether the organization keeps guests to the people they share something with. */
export function guestsLimited(app: App): boolean {
  // Read from the stored changes alone (the default is role:everyone): this runs on every direct
  // message and subscription change, and the whole realm state would load every group's members.
  const setting = app.store.records.realmSettings.overrides()['can_access_all_users_group'] as
    GroupSettingValue | undefined;
  // "role:" names are reserved for system groups, as on Zulip.
  return setting !== undefined && setting !== app.store.groups.byName('role:everyone')?.id;
}

/** The people a limited guest reaches (bots are reached regardless); null when the viewer reaches everyone. */
export function accessibleUserIds(app: App, viewer: UserRow): ReadonlySet<number> | null {
  if (!accessLimited(app, viewer)) return null;
  const out = new Set<number>([viewer.id]);
  const { channels, recipients } = app.store;
  for (const sub of channels.subscriptionsOf(viewer.id)) {
    if (sub.active !== 1) continue;
    for (const id of channels.subscribers(sub.channel_id)) out.add(id);
  }
  for (const recipientId of recipients.directOf(viewer.id)) {
    for (const id of recipients.participants(recipientId)) out.add(id);
  }
  return out;
}

export function canAccessUser(app: App, viewer: UserRow, target: UserRow): boolean {
  if (target.is_bot === 1 || target.id === viewer.id) return true;
  const reachable = accessibleUserIds(app, viewer);
  return reachable === null || reachable.has(target.id);
}

/** Zulip's stand-in for a person the viewer may not access (get_data_for_inaccessible_user). */
export function inaccessibleUser(app: App, userId: number): Record<string, unknown> {
  return {
    email: `user${userId}@${app.store.realm.get().placeholder_email_domain}`,
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: ROLE.member,
    is_bot: false,
    full_name: INACCESSIBLE_USER_NAME,
    timezone: '',
    is_active: true,
    date_joined: new Date(0).toISOString(),
    delivery_email: null,
    // Zulip's static placeholder picture; this server has none, so the client draws its fallback.
    avatar_url: `${app.baseUrl}/static/images/unknown-user-avatar.png`,
    profile_data: {},
    // Zulip's newer is_imported_stub is left out, as from every User object here (the OpenAPI file's).
  };
}

/**
 * Zulip's messages_for_ids: a message whose sender the viewer may not access (an old message of
 * someone who has since left every shared channel) names them "Unknown user", with the stand-in's
 * email and picture.
 */
export function hideInaccessibleSenders(app: App, viewer: UserRow, messages: Array<Record<string, unknown>>): void {
  const reachable = accessibleUserIds(app, viewer);
  if (reachable === null) return;
  for (const message of messages) {
    const senderId = message['sender_id'] as number;
    if (reachable.has(senderId) || app.store.users.byId(senderId)?.is_bot === 1) continue;
    const standIn = inaccessibleUser(app, senderId);
    message['sender_full_name'] = standIn['full_name'];
    message['sender_email'] = standIn['email'];
    message['avatar_url'] = standIn['avatar_url'];
  }
}

export const INACCESSIBLE_USER_NAME = 'Unknown user';
