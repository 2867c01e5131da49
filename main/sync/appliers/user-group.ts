/**
 * user_group events. With include_deactivated_groups a deactivation arrives as an update
 * (deactivated: true); `remove` is what older servers (or clients without it) get.
 */
import type { UserGroupEvent } from '../../api/schemas/record-events';
import { isGroupSettingKey, toStoredGroup } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';
import type { GroupChange } from '../../store/repos/user-groups';

function changeOf(data: Record<string, unknown>): GroupChange {
  const change: GroupChange = {};
  const settings: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'name' && typeof value === 'string') change.name = value;
    else if (key === 'description' && typeof value === 'string') change.description = value;
    else if (key === 'deactivated' && typeof value === 'boolean') change.deactivated = value;
    else if (isGroupSettingKey(key)) settings[key] = value;
    else extra[key] = value;
  }
  return { ...change, settings, extra };
}

export function applyUserGroup({ store, log }: ApplyContext, ev: UserGroupEvent): Delta[] {
  const changed: Delta[] = [{ kind: 'recordsChanged', areas: ['groups'] }];
  const groups = store.userGroups;
  const known = ev.op === 'add' || groups.get(ev.group_id) !== null;
  if (!known) {
    log.debug('user_group event for a group we do not know; ignored', { op: ev.op, id: ev.id });
    return [];
  }
  switch (ev.op) {
    case 'add':
      groups.upsert(toStoredGroup(ev.group));
      return changed;
    case 'update':
      groups.patch(ev.group_id, changeOf(ev.data));
      return changed;
    case 'add_members':
      groups.addMembers(ev.group_id, ev.user_ids);
      return changed;
    case 'remove_members':
      groups.removeMembers(ev.group_id, ev.user_ids);
      return changed;
    case 'add_subgroups':
      groups.addSubgroups(ev.group_id, ev.direct_subgroup_ids);
      return changed;
    case 'remove_subgroups':
      groups.removeSubgroups(ev.group_id, ev.direct_subgroup_ids);
      return changed;
    case 'remove':
      groups.remove(ev.group_id);
      return changed;
  }
}
