import type { App } from '../app';
import { realmState } from '../register/realm_state';
import { ROLE, type UserRow } from '../store/rows';
import type { GroupGraph } from './graph';
import { type GroupSettingValue } from './graph';
import type { SettingRule } from './setting_value';

/** Where a new group's or channel's setting points when the request does not say. */
type DefaultValue = 'creator' | `role:${string}`;
type Rule = SettingRule & { default: DefaultValue };

/** Permission settings of a user group (Zulip's NamedUserGroup.GROUP_PERMISSION_SETTINGS). */
export const GROUP_SETTINGS: Record<string, Rule> = {
  can_add_members_group: { allowEveryone: false, default: 'creator' },
  can_join_group: { allowEveryone: false, default: 'role:nobody' },
  can_leave_group: { default: 'role:everyone' },
  can_manage_group: { allowEveryone: false, default: 'creator' },
  can_mention_group: { allowOwners: false, default: 'role:everyone' },
  can_remove_members_group: { allowEveryone: false, default: 'role:nobody' },
};

/** Permission settings of a channel, with Zulip's defaults for a new channel. */
export const CHANNEL_SETTINGS: Record<string, Rule> = {
  can_add_subscribers_group: { allowEveryone: false, default: 'role:nobody' },
  can_administer_channel_group: { allowEveryone: false, default: 'creator' },
  can_delete_any_message_group: { default: 'role:nobody' },
  can_delete_own_message_group: { default: 'role:nobody' },
  can_move_messages_out_of_channel_group: { default: 'role:nobody' },
  can_move_messages_within_channel_group: { default: 'role:nobody' },
  can_remove_subscribers_group: { allowEveryone: false, default: 'role:administrators' },
  can_resolve_topics_group: { default: 'role:nobody' },
  can_send_message_group: { default: 'role:everyone' },
  can_subscribe_group: { allowEveryone: false, default: 'role:nobody' },
};

/** Realm-wide permissions this area consults, with the defaults used when register has none. */
const REALM_SETTINGS: Record<string, Rule> = {
  can_create_public_channel_group: { allowEveryone: false, default: 'role:members' },
  can_create_private_channel_group: { allowEveryone: false, default: 'role:members' },
  can_create_web_public_channel_group: { allowEveryone: false, default: 'role:owners' },
  can_create_groups: { allowEveryone: false, default: 'role:members' },
  can_manage_all_groups: { allowEveryone: false, default: 'role:owners' },
  can_add_subscribers_group: { allowEveryone: false, default: 'role:members' },
  can_set_topics_policy_group: { allowEveryone: false, default: 'role:members' },
};
export type RealmPermission = keyof typeof REALM_SETTINGS;

/** The default value of a setting for a new object created by `creatorId`. */
export function defaultSetting(rule: Rule, graph: GroupGraph, creatorId: number): GroupSettingValue {
  return rule.default === 'creator'
    ? { direct_members: [creatorId], direct_subgroups: [] }
    : graph.system(rule.default);
}

/** Whether `user` falls under `value`; guests never do for settings that exclude role:everyone. */
export function userHas(value: GroupSettingValue, user: UserRow, graph: GroupGraph, rule: SettingRule = {}): boolean {
  if (rule.allowEveryone === false && user.role === ROLE.guest) return false;
  return graph.has(value, user.id);
}

/**
 * A realm permission, read from the register view of the realm so that whatever PATCH /realm
 * stores is what gets enforced; settings register does not report fall back to Zulip's default.
 */
export function realmPermission(app: App, graph: GroupGraph, name: RealmPermission): GroupSettingValue {
  const reported = realmState(app, graph.groups, 0)[`realm_${name}`];
  if (typeof reported === 'number' || (typeof reported === 'object' && reported !== null)) {
    return reported as GroupSettingValue;
  }
  return graph.system(REALM_SETTINGS[name]?.default ?? 'role:nobody');
}

export function hasRealmPermission(app: App, graph: GroupGraph, user: UserRow, name: RealmPermission): boolean {
  return userHas(realmPermission(app, graph, name), user, graph, REALM_SETTINGS[name]);
}

/** A realm setting's plain value (booleans such as enable_spectator_access) as register reports it. */
export function realmValue(app: App, graph: GroupGraph, name: string): unknown {
  return realmState(app, graph.groups, 0)[`realm_${name}`];
}

export const isAdmin = (user: UserRow): boolean => user.role <= ROLE.admin;
