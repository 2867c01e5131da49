import type { RealmRow, UserRow } from '../store/rows';
import { ROLE } from '../store/rows';
import type { ProfileValueRow } from '../store/profile_fields';
import { formatProfileData } from './profile_fields';

/** Zulip's per-user email_address_visibility values. */
export const EMAIL_VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;

/**
 * The API email: the real address when its owner lets everyone see it (and always for bots),
 * otherwise Zulip's placeholder `user{id}@{domain}`. It is stable for a user, whoever asks.
 */
export function apiEmail(user: UserRow, realm: RealmRow): string {
  if (user.is_bot === 1 || user.email_address_visibility === EMAIL_VISIBILITY.everyone) return user.delivery_email;
  return `user${user.id}@${realm.placeholder_email_domain}`;
}

/** Whether `viewer` may see `target`'s real address (the delivery_email field, or null). */
export function canSeeDeliveryEmail(viewer: UserRow | null, target: UserRow): boolean {
  if (target.is_bot === 1) return true;
  if (viewer !== null && viewer.id === target.id) return true;
  const role = viewer?.role ?? Infinity;
  switch (target.email_address_visibility) {
    case EMAIL_VISIBILITY.everyone:
      return true;
    case EMAIL_VISIBILITY.members:
      return role <= ROLE.member;
    case EMAIL_VISIBILITY.moderators:
      return role <= ROLE.moderator;
    case EMAIL_VISIBILITY.admins:
      return role <= ROLE.admin;
    default:
      return false;
  }
}

/** Absolute URL of the generated avatar this server serves; the version busts caches. */
export function avatarUrl(baseUrl: string, user: UserRow, size: 'small' | 'medium' = 'small'): string {
  const medium = size === 'medium' ? '&s=medium' : '';
  return `${baseUrl}/avatar/${user.id}?version=${user.avatar_version}${medium}`;
}

export interface UserViewOptions {
  viewer: UserRow | null;
  realm: RealmRow;
  baseUrl: string;
  includeProfileData: boolean;
  /** Whether to include is_active (register's realm_users leaves it out, GET /users keeps it). */
  includeIsActive?: boolean;
  /** Every user's custom profile values (store.records.profileFields.valuesByUser()); none when absent. */
  profileData?: ReadonlyMap<number, readonly ProfileValueRow[]>;
}

/**
 * The API's User object (api-v1.md 2.2). No account here uses Gravatar, so avatar_url is always
 * a URL and client_gravatar changes nothing (Zulip only nulls it for Gravatar users).
 */
export function formatUser(user: UserRow, options: UserViewOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {
    user_id: user.id,
    delivery_email: canSeeDeliveryEmail(options.viewer, user) ? user.delivery_email : null,
    email: apiEmail(user, options.realm),
    full_name: user.full_name,
    date_joined: new Date(user.date_joined * 1000).toISOString(),
    is_owner: user.role === ROLE.owner,
    is_admin: user.role <= ROLE.admin,
    is_guest: user.role === ROLE.guest,
    is_bot: user.is_bot === 1,
    bot_type: user.is_bot === 1 ? user.bot_type : null,
    role: user.role,
    timezone: user.timezone,
    avatar_url: avatarUrl(options.baseUrl, user),
    avatar_version: user.avatar_version,
  };
  if (options.includeIsActive !== false) out['is_active'] = user.is_active === 1;
  if (user.is_bot === 1) out['bot_owner_id'] = user.bot_owner_id;
  if (options.includeProfileData && user.is_bot === 0) {
    out['profile_data'] = formatProfileData(options.profileData?.get(user.id) ?? []);
  }
  return out;
}

/** Cross-realm (system) bots in register's cross_realm_bots shape. */
export function formatSystemBot(user: UserRow, options: UserViewOptions): Record<string, unknown> {
  return { ...formatUser(user, options), is_system_bot: true };
}
