import type { App } from '../app';
import type { ApiError } from '../http/errors';
import { badRequest } from '../http/errors';
import type { GroupWithMembers } from '../store/groups';
import { ROLE, type UserRow } from '../store/rows';
import type { GroupGraph, GroupSettingValue } from './graph';
import { GROUP_SETTINGS, hasRealmPermission, userHas } from './permissions';

/** Zulip's require_member_or_admin: the user-group API is closed to guests and bots. */
export function requireMemberOrAdmin(user: UserRow): void {
  if (user.role === ROLE.guest) throw badRequest('Not allowed for guest users');
  if (user.is_bot === 1) throw badRequest('This endpoint does not accept bot requests.');
}

/** A path's {user_group_id}, or "Invalid user group" when it is not a number. */
export function groupIdParam(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw badRequest('Invalid user group');
  return id;
}

/** The group, or "Invalid user group"; deactivated groups are refused unless allowed. */
export function findGroup(graph: GroupGraph, id: number, allowDeactivated: boolean): GroupWithMembers {
  const group = graph.byId(id);
  if (!group) throw badRequest('Invalid user group');
  if (!allowDeactivated && group.deactivated === 1) throw badRequest('User group is deactivated.');
  return group;
}

export function groupSetting(group: GroupWithMembers, name: string): GroupSettingValue {
  const settings = JSON.parse(group.settings) as Record<string, GroupSettingValue | undefined>;
  const value = settings[name];
  if (value === undefined) throw new Error(`group ${group.id} has no ${name}`);
  return value;
}

/**
 * Zulip's access_user_group_for_update: system groups are never edited through the API; anyone in
 * the realm's can_manage_all_groups or the group's can_manage_group may do anything; otherwise
 * the specific setting (can_add_members_group, can_join_group, ...) must include the user.
 */
export function accessGroupForUpdate(
  app: App,
  graph: GroupGraph,
  user: UserRow,
  groupId: number,
  permission: string,
  allowDeactivated: boolean,
): GroupWithMembers {
  const group = findGroup(graph, groupId, allowDeactivated);
  if (group.is_system_group === 1) throw insufficient();
  if (mayManage(app, graph, user, group)) return group;
  if (
    permission !== 'can_manage_group' &&
    userHas(groupSetting(group, permission), user, graph, GROUP_SETTINGS[permission])
  ) {
    return group;
  }
  throw insufficient();
}

export function mayManage(app: App, graph: GroupGraph, user: UserRow, group: GroupWithMembers): boolean {
  if (hasRealmPermission(app, graph, user, 'can_manage_all_groups')) return true;
  return userHas(groupSetting(group, 'can_manage_group'), user, graph, GROUP_SETTINGS['can_manage_group']);
}

export const insufficient = (): ApiError => badRequest('Insufficient permission');

const INVALID_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];
const MAX_GROUP_NAME_LENGTH = 100;

/** Zulip's check_user_group_name, plus the uniqueness check its database constraint makes. */
export function checkGroupName(name: string, graph: GroupGraph, exceptId?: number): string {
  if (name.trim() === '') throw badRequest("User group name can't be empty!");
  if (name.length > MAX_GROUP_NAME_LENGTH) {
    throw badRequest(`User group name cannot exceed ${MAX_GROUP_NAME_LENGTH} characters.`);
  }
  const prefix = INVALID_PREFIXES.find((candidate) => name.startsWith(candidate));
  if (prefix !== undefined) throw badRequest(`User group name cannot start with '${prefix}'.`);
  if (graph.groups.some((group) => group.name === name && group.id !== exceptId)) {
    throw badRequest(`User group '${name}' already exists.`);
  }
  return name;
}
