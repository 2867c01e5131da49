import { badRequest } from '../http/errors';
import type { GroupWithMembers } from './groups';
import type { UserRow } from './rows';

/** A group-setting value: a group's ID, or an anonymous group of direct members and subgroups. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/**
 * Answers "who does this group-setting value stand for" over one snapshot of the groups and
 * accounts: members of the named or anonymous group, of its subgroups recursively, active only
 * (a deactivated account keeps its rows but belongs to nothing, as on Zulip).
 */
export class GroupResolver {
  private readonly byId: Map<number, GroupWithMembers>;
  private readonly active: Set<number>;

  constructor(groups: readonly GroupWithMembers[], users: readonly UserRow[]) {
    this.byId = new Map(groups.map((group) => [group.id, group]));
    this.active = new Set(users.filter((user) => user.is_active === 1).map((user) => user.id));
  }

  group(id: number): GroupWithMembers | undefined {
    return this.byId.get(id);
  }

  /** The system group of that name ("role:members"), which every seed creates. */
  systemGroupId(name: string): number | undefined {
    for (const group of this.byId.values()) if (group.is_system_group === 1 && group.name === name) return group.id;
    return undefined;
  }

  members(value: GroupSettingValue): Set<number> {
    const direct = typeof value === 'number' ? { direct_members: [], direct_subgroups: [value] } : value;
    const out = new Set(direct.direct_members.filter((id) => this.active.has(id)));
    const seen = new Set<number>();
    const visit = (groupId: number): void => {
      if (seen.has(groupId)) return;
      seen.add(groupId);
      const group = this.byId.get(groupId);
      if (!group || group.deactivated === 1) return;
      for (const id of group.members) if (this.active.has(id)) out.add(id);
      for (const sub of group.direct_subgroup_ids) visit(sub);
    };
    for (const sub of direct.direct_subgroups) visit(sub);
    return out;
  }

  includes(value: GroupSettingValue, userId: number): boolean {
    return this.members(value).has(userId);
  }
}

/** Reads a stored or requested value; anything else is a server bug or a bad request. */
export function asGroupSetting(value: unknown): GroupSettingValue | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { direct_members: members, direct_subgroups: subgroups, ...rest } = value as Record<string, unknown>;
  const ints = (list: unknown): list is number[] =>
    Array.isArray(list) && list.every((id) => typeof id === 'number' && Number.isSafeInteger(id));
  if (Object.keys(rest).length > 0 || !ints(members) || !ints(subgroups)) return undefined;
  return { direct_members: members, direct_subgroups: subgroups };
}

/**
 * Validates a requested group-setting value against the groups and accounts that exist, and puts
 * it in Zulip's canonical form: an anonymous group that is just one subgroup becomes that ID.
 */
export function checkGroupSetting(
  raw: unknown,
  name: string,
  resolver: GroupResolver,
  users: ReadonlyMap<number, UserRow>,
): GroupSettingValue {
  const value = asGroupSetting(raw);
  if (value === undefined) throw badRequest(`Invalid ${name}`);
  const groupIds = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const id of groupIds) {
    const group = resolver.group(id);
    if (!group) throw badRequest('Invalid user group');
    if (group.deactivated === 1) throw badRequest('User group is deactivated.');
    if (group.name === 'role:internet') {
      throw badRequest(`'${name}' setting cannot be set to 'role:internet' group.`);
    }
  }
  if (typeof value === 'number') return value;
  for (const id of value.direct_members) {
    const user = users.get(id);
    if (!user || user.is_active !== 1) throw badRequest(`Invalid user ID: ${id}`);
  }
  const members = [...new Set(value.direct_members)].sort((a, b) => a - b);
  const subgroups = [...new Set(value.direct_subgroups)].sort((a, b) => a - b);
  if (members.length === 0 && subgroups.length === 1) return subgroups[0]!;
  return { direct_members: members, direct_subgroups: subgroups };
}

/** Whether two values stand for the same setting (order of IDs does not matter). */
export function sameGroupSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  const norm = (v: GroupSettingValue) =>
    typeof v === 'number'
      ? `g${v}`
      : v.direct_members.length === 0 && v.direct_subgroups.length === 1
        ? `g${v.direct_subgroups[0]}`
        : `${[...v.direct_members].sort((x, y) => x - y)}|${[...v.direct_subgroups].sort((x, y) => x - y)}`;
  return norm(a) === norm(b);
}
