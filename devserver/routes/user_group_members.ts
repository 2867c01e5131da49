import type { App } from '../app';
import { sendNotice, silentMention } from '../channels/notices';
import { publishGroupMembers, publishGroupSubgroups } from '../events/group_events';
import { accessGroupForUpdate, groupIdParam } from '../groups/access';
import { GroupGraph } from '../groups/graph';
import { ApiError, badRequest } from '../http/errors';
import type { ApiRoute, RequestContext } from '../http/route';
import type { GroupWithMembers } from '../store/groups';
import type { UserRow } from '../store/rows';

/** Members must be active accounts of the organization. */
export function checkUsers(app: App, userIds: number[]): void {
  for (const id of userIds) {
    const user = app.store.users.byId(id);
    if (!user || user.is_active !== 1 || user.is_system_bot === 1) throw badRequest(`Invalid user ID: ${id}`);
  }
}

/** Subgroups must exist and be active. */
export function checkNewSubgroups(graph: GroupGraph, groupIds: number[]): void {
  for (const id of groupIds) {
    const group = graph.byId(id);
    if (!group) throw badRequest(`Invalid user group ID: ${id}`);
    if (group.deactivated === 1) throw badRequest('User group is deactivated.');
  }
}

/** Joining or leaving oneself has its own permission, with the general one as a fallback. */
function accessForChange(ctx: RequestContext<UserRow>, graph: GroupGraph, ids: number[], own: string, general: string) {
  const groupId = groupIdParam(ctx.pathParams['user_group_id']);
  if (ids.length === 1 && ids[0] === ctx.user.id) {
    try {
      return accessGroupForUpdate(ctx.app, graph, ctx.user, groupId, own, true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return accessGroupForUpdate(ctx.app, graph, ctx.user, groupId, general, true);
}

interface Plan {
  /** Set by whichever check ran (each re-reads the same group with its own permission). */
  group: GroupWithMembers | undefined;
  add: number[];
  remove: number[];
  addSubgroups: number[];
  removeSubgroups: number[];
}

function planMembers(ctx: RequestContext<UserRow>, graph: GroupGraph, plan: Plan, add: number[], remove: number[]) {
  if (add.length > 0) {
    plan.group = accessForChange(ctx, graph, add, 'can_join_group', 'can_add_members_group');
    checkUsers(ctx.app, add);
    const group = plan.group;
    const already = add.find((id) => group.members.includes(id));
    if (already !== undefined) throw badRequest(`User ${already} is already a member of this group`);
    plan.add = [...new Set(add)];
  }
  if (remove.length > 0) {
    plan.group = accessForChange(ctx, graph, remove, 'can_leave_group', 'can_remove_members_group');
    checkUsers(ctx.app, remove);
    const group = plan.group;
    const missing = remove.find((id) => !group.members.includes(id));
    if (missing !== undefined) throw badRequest(`There is no member '${missing}' in this user group`);
    plan.remove = [...new Set(remove)];
  }
}

function planSubgroups(ctx: RequestContext<UserRow>, graph: GroupGraph, plan: Plan, add: number[], remove: number[]) {
  const groupId = groupIdParam(ctx.pathParams['user_group_id']);
  if (add.length > 0) {
    plan.group = accessGroupForUpdate(ctx.app, graph, ctx.user, groupId, 'can_add_members_group', true);
    checkNewSubgroups(graph, add);
    const group = plan.group;
    const already = add.find((id) => group.direct_subgroup_ids.includes(id));
    if (already !== undefined) throw badRequest(`User group ${already} is already a subgroup of this group.`);
    if (add.some((id) => graph.subgroupsOf(id, true).has(groupId))) {
      throw badRequest(`User group ${groupId} is already a subgroup of one of the passed subgroups.`);
    }
    plan.addSubgroups = [...new Set(add)];
  }
  if (remove.length > 0) {
    plan.group = accessGroupForUpdate(ctx.app, graph, ctx.user, groupId, 'can_remove_members_group', true);
    for (const id of remove) if (!graph.byId(id)) throw badRequest(`Invalid user group ID: ${id}`);
    const group = plan.group;
    const missing = remove.find((id) => !group.direct_subgroup_ids.includes(id));
    if (missing !== undefined) throw badRequest(`User group ${missing} is not a subgroup of this group.`);
    plan.removeSubgroups = [...new Set(remove)];
  }
}

/** Applies a checked plan in one transaction, then sends the events and the bot's notices. */
function apply(ctx: RequestContext<UserRow>, plan: Plan): void {
  const { app, user } = ctx;
  if (!plan.group) return;
  const id = plan.group.id;
  app.store.transaction(() => {
    for (const member of plan.add) app.store.groups.addMember(id, member);
    for (const member of plan.remove) app.store.groups.removeMember(id, member);
    for (const subgroup of plan.addSubgroups) app.store.groups.addSubgroup(id, subgroup);
    for (const subgroup of plan.removeSubgroups) app.store.groups.removeSubgroup(id, subgroup);
  });
  const group = app.store.groups.byId(id) ?? plan.group;
  if (plan.add.length > 0) publishGroupMembers(app, group, 'add_members', plan.add);
  if (plan.remove.length > 0) publishGroupMembers(app, group, 'remove_members', plan.remove);
  if (plan.addSubgroups.length > 0) publishGroupSubgroups(app, group, 'add_subgroups', plan.addSubgroups);
  if (plan.removeSubgroups.length > 0) publishGroupSubgroups(app, group, 'remove_subgroups', plan.removeSubgroups);
  const notify = (ids: number[], verb: string): void => {
    for (const targetId of ids) {
      const target = app.store.users.byId(targetId);
      if (!target || target.id === user.id || target.is_bot === 1) continue;
      const text = `${silentMention(user)} ${verb} the group @_*${group.name}*.`;
      sendNotice(app, { kind: 'direct', userIds: [target.id] }, text);
    }
  };
  notify(plan.add, 'added you to');
  notify(plan.remove, 'removed you from');
}

function emptyPlan(): Plan {
  return { group: undefined, add: [], remove: [], addSubgroups: [], removeSubgroups: [] };
}

const NOTHING_TO_DO = 'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".';

export const userGroupMemberRoutes: ApiRoute[] = [
  {
    /**
     * POST /user_groups/{user_group_id}/members: adds and removes members (add, delete) and
     * subgroups (add_subgroups, delete_subgroups); all checked before anything changes.
     */
    method: 'POST',
    path: '/user_groups/{user_group_id}/members',
    auth: 'user',
    handler: (ctx) => {
      const { params } = ctx;
      const add = params.intList('add') ?? [];
      const remove = params.intList('delete') ?? [];
      const addSubgroups = params.intList('add_subgroups') ?? [];
      const removeSubgroups = params.intList('delete_subgroups') ?? [];
      if (add.length + remove.length + addSubgroups.length + removeSubgroups.length === 0) {
        throw badRequest(NOTHING_TO_DO);
      }
      const graph = GroupGraph.load(ctx.app.store);
      const plan = emptyPlan();
      planMembers(ctx, graph, plan, add, remove);
      planSubgroups(ctx, graph, plan, addSubgroups, removeSubgroups);
      apply(ctx, plan);
      return {};
    },
  },
  {
    /** POST /user_groups/{user_group_id}/subgroups: adds (add) and removes (delete) subgroups. */
    method: 'POST',
    path: '/user_groups/{user_group_id}/subgroups',
    auth: 'user',
    handler: (ctx) => {
      const add = ctx.params.intList('add') ?? [];
      const remove = ctx.params.intList('delete') ?? [];
      if (add.length + remove.length === 0)
        throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
      const graph = GroupGraph.load(ctx.app.store);
      const plan = emptyPlan();
      planSubgroups(ctx, graph, plan, add, remove);
      apply(ctx, plan);
      return {};
    },
  },
];
