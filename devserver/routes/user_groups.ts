import { nowSeconds } from '../app';
import { publishGroupActivation, publishGroupAdded } from '../events/group_events';
import {
  accessGroupForUpdate,
  checkGroupName,
  findGroup,
  groupIdParam,
  insufficient,
  requireMemberOrAdmin,
} from '../groups/access';
import { GroupGraph, type GroupSettingValue } from '../groups/graph';
import { deactivationObjections, groupInUse } from '../groups/objections';
import { GROUP_SETTINGS, defaultSetting, hasRealmPermission } from '../groups/permissions';
import { checkSettingValue, parseSettingValue } from '../groups/setting_value';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { formatGroup } from '../views/groups';
import { checkNewSubgroups, checkUsers } from './user_group_members';

export const userGroupRoutes: ApiRoute[] = [
  {
    /** GET /user_groups: every group (deactivated ones only with include_deactivated_groups). */
    method: 'GET',
    path: '/user_groups',
    auth: 'user',
    handler: ({ app, user, params }) => {
      requireMemberOrAdmin(user);
      // allow_deactivated is the parameter's name before feature level 294.
      const include = params.bool('include_deactivated_groups') ?? params.bool('allow_deactivated', false);
      const groups = app.store.groups.all().filter((group) => include || group.deactivated === 0);
      return { user_groups: groups.map(formatGroup) };
    },
  },
  {
    /** GET /user_groups/{user_group_id}/members: user IDs, recursive unless direct_member_only. */
    method: 'GET',
    path: '/user_groups/{user_group_id}/members',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      requireMemberOrAdmin(user);
      const graph = GroupGraph.load(app.store);
      const group = findGroup(graph, groupIdParam(pathParams['user_group_id']), false);
      const members = params.bool('direct_member_only', false)
        ? group.members.filter((id) => graph.members(group.id).has(id))
        : [...graph.members(group.id)].sort((a, b) => a - b);
      return { members };
    },
  },
  {
    /** GET /user_groups/{user_group_id}/subgroups: group IDs, recursive unless direct_subgroup_only. */
    method: 'GET',
    path: '/user_groups/{user_group_id}/subgroups',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      requireMemberOrAdmin(user);
      const graph = GroupGraph.load(app.store);
      const group = findGroup(graph, groupIdParam(pathParams['user_group_id']), false);
      const direct = params.bool('direct_subgroup_only', false);
      const subgroups = direct ? group.direct_subgroup_ids : [...graph.subgroupsOf(group.id)].sort((a, b) => a - b);
      return { subgroups };
    },
  },
  {
    /** GET /user_groups/{user_group_id}/members/{user_id}: whether the user is in the group. */
    method: 'GET',
    path: '/user_groups/{user_group_id}/members/{user_id}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      requireMemberOrAdmin(user);
      const graph = GroupGraph.load(app.store);
      const group = findGroup(graph, groupIdParam(pathParams['user_group_id']), false);
      const target = app.store.users.byId(Number(pathParams['user_id']));
      if (!target || target.is_system_bot === 1) throw badRequest('No such user');
      const direct = params.bool('direct_member_only', false);
      const inGroup = direct ? group.members.includes(target.id) : graph.members(group.id).has(target.id);
      return { is_user_group_member: inGroup && target.is_active === 1 };
    },
  },
  {
    /**
     * POST /user_groups/create: a new group with members, optional subgroups and permission
     * settings (defaults: managed by its creator, mentionable by everyone). Sends user_group add.
     */
    method: 'POST',
    path: '/user_groups/create',
    auth: 'user',
    handler: ({ app, user, params }) => {
      requireMemberOrAdmin(user);
      const graph = GroupGraph.load(app.store);
      if (!hasRealmPermission(app, graph, user, 'can_create_groups')) throw insufficient();
      const name = checkGroupName(params.requiredString('name'), graph);
      const description = params.requiredString('description');
      const members = params.intList('members');
      if (members === undefined) throw missingParam('members');
      checkUsers(app, members);
      const subgroups = params.intList('subgroups') ?? [];
      checkNewSubgroups(graph, subgroups);
      const settings: Record<string, GroupSettingValue> = {};
      for (const [setting, rule] of Object.entries(GROUP_SETTINGS)) {
        const raw = params.json(setting);
        settings[setting] =
          raw === undefined
            ? defaultSetting(rule, graph, user.id)
            : checkSettingValue(parseSettingValue(raw, setting), setting, rule, graph, app.store);
      }
      const groupId = app.store.transaction(() => {
        const id = app.store.groups.insert({
          name,
          description,
          is_system_group: false,
          date_created: nowSeconds(),
          creator_id: user.id,
          settings,
        });
        for (const member of new Set(members)) app.store.groups.addMember(id, member);
        for (const subgroup of new Set(subgroups)) app.store.groups.addSubgroup(id, subgroup);
        return id;
      });
      const created = app.store.groups.byId(groupId);
      if (created) publishGroupAdded(app, created);
      return { group_id: groupId };
    },
  },
  {
    /**
     * POST /user_groups/{user_group_id}/deactivate: refused with CANNOT_DEACTIVATE_GROUP_IN_USE
     * while anything uses the group. Capable clients get user_group update, others remove.
     */
    method: 'POST',
    path: '/user_groups/{user_group_id}/deactivate',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const graph = GroupGraph.load(app.store);
      const group = accessGroupForUpdate(
        app,
        graph,
        user,
        groupIdParam(pathParams['user_group_id']),
        'can_manage_group',
        false,
      );
      const objections = deactivationObjections(app, graph, group);
      if (objections.length > 0) throw groupInUse(objections);
      app.store.groups.update(group.id, { deactivated: 1 });
      const updated = app.store.groups.byId(group.id);
      if (updated) publishGroupActivation(app, updated);
      return {};
    },
  },
];
