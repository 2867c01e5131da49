import type { GroupWithMembers } from '../store/groups';

/** The API's UserGroup: identity, direct members and subgroups, and its permission settings. */
export function formatGroup(group: GroupWithMembers): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    date_created: group.date_created,
    creator_id: group.creator_id,
    members: group.members,
    direct_subgroup_ids: group.direct_subgroup_ids,
    is_system_group: group.is_system_group === 1,
    deactivated: group.deactivated === 1,
    ...(JSON.parse(group.settings) as Record<string, unknown>),
  };
}
