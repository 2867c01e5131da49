import type { App } from '../app';
import type { GroupWithMembers } from '../store/groups';
import { formatGroup } from '../views/groups';
import { activeUserIds, hasCapability } from './audience';

/**
 * user_group events, to every active account. Clients without the include_deactivated_groups
 * capability never hear of deactivated groups: deactivation reaches them as `remove`,
 * reactivation as `add`, and changes to a deactivated group not at all.
 */
function publish(app: App, group: GroupWithMembers, event: Record<string, unknown>): void {
  app.queues.publish(activeUserIds(app), 'user_group', (queue) =>
    group.deactivated === 1 && !hasCapability(queue, 'include_deactivated_groups')
      ? null
      : { type: 'user_group', ...event },
  );
}

export function publishGroupAdded(app: App, group: GroupWithMembers): void {
  publish(app, group, { op: 'add', group: formatGroup(group) });
}

/** `data` holds only the changed fields (name, description, can_*_group, deactivated). */
export function publishGroupUpdated(app: App, group: GroupWithMembers, data: Record<string, unknown>): void {
  publish(app, group, { op: 'update', group_id: group.id, data });
}

export function publishGroupMembers(
  app: App,
  group: GroupWithMembers,
  op: 'add_members' | 'remove_members',
  userIds: number[],
): void {
  publish(app, group, { op, group_id: group.id, user_ids: userIds });
}

export function publishGroupSubgroups(
  app: App,
  group: GroupWithMembers,
  op: 'add_subgroups' | 'remove_subgroups',
  subgroupIds: number[],
): void {
  publish(app, group, { op, group_id: group.id, direct_subgroup_ids: subgroupIds });
}

/** `group` is the state after the change. */
export function publishGroupActivation(app: App, group: GroupWithMembers): void {
  const deactivated = group.deactivated === 1;
  app.queues.publish(activeUserIds(app), 'user_group', (queue) => {
    if (hasCapability(queue, 'include_deactivated_groups')) {
      return { type: 'user_group', op: 'update', group_id: group.id, data: { deactivated } };
    }
    return deactivated
      ? { type: 'user_group', op: 'remove', group_id: group.id }
      : { type: 'user_group', op: 'add', group: formatGroup(group) };
  });
}
