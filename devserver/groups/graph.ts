import type { GroupWithMembers } from '../store/groups';
import type { Store } from '../store/store';

/** A group-setting value: a named group's ID, or an anonymous set of users and groups. */
export type GroupSettingValue = number | AnonymousGroup;
export interface AnonymousGroup {
  direct_members: number[];
  direct_subgroups: number[];
}

/**
 * A snapshot of the organization's user groups for one request: who is (recursively) in which
 * group, and whether a user falls under a group-setting value. Deactivated accounts count as
 * members of nothing, as on Zulip; deactivated groups still resolve (their settings may apply).
 */
export class GroupGraph {
  private readonly byIdMap: Map<number, GroupWithMembers>;
  private readonly memberCache = new Map<number, Set<number>>();

  constructor(
    readonly groups: GroupWithMembers[],
    private readonly activeUserIds: ReadonlySet<number>,
  ) {
    this.byIdMap = new Map(groups.map((group) => [group.id, group]));
  }

  static load(store: Store): GroupGraph {
    return new GroupGraph(store.groups.all(), store.users.activeIds());
  }

  byId(id: number): GroupWithMembers | undefined {
    return this.byIdMap.get(id);
  }

  /** The ID of a system group such as "role:nobody" (every seed creates all of them). */
  system(name: string): number {
    const group = this.groups.find((candidate) => candidate.is_system_group === 1 && candidate.name === name);
    if (!group) throw new Error(`the organization has no system group ${name}`);
    return group.id;
  }

  /** Active users in the group or any group nested in it. */
  members(groupId: number): Set<number> {
    const cached = this.memberCache.get(groupId);
    if (cached) return cached;
    const out = new Set<number>();
    for (const id of this.subgroupsOf(groupId, true)) {
      for (const userId of this.byIdMap.get(id)?.members ?? []) if (this.activeUserIds.has(userId)) out.add(userId);
    }
    this.memberCache.set(groupId, out);
    return out;
  }

  /** Every group nested in the given one, at any depth (and itself when `inclusive`). */
  subgroupsOf(groupId: number, inclusive = false): Set<number> {
    const seen = new Set<number>();
    const stack = [groupId];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      for (const child of this.byIdMap.get(id)?.direct_subgroup_ids ?? []) {
        if (!seen.has(child)) {
          seen.add(child);
          stack.push(child);
        }
      }
    }
    if (inclusive) seen.add(groupId);
    return seen;
  }

  /** Active users covered by a group-setting value. */
  usersOf(value: GroupSettingValue): Set<number> {
    if (typeof value === 'number') return this.members(value);
    const out = new Set(value.direct_members.filter((id) => this.activeUserIds.has(id)));
    for (const groupId of value.direct_subgroups) for (const id of this.members(groupId)) out.add(id);
    return out;
  }

  has(value: GroupSettingValue, userId: number): boolean {
    return this.usersOf(value).has(userId);
  }

  /** Named groups a value refers to directly (the group itself, or an anonymous value's subgroups). */
  static groupsIn(value: GroupSettingValue): number[] {
    return typeof value === 'number' ? [value] : value.direct_subgroups;
  }
}
