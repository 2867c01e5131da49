import { publishGroupActivation, publishGroupUpdated } from '../events/group_events';
import { accessGroupForUpdate, checkGroupName, groupIdParam, groupSetting } from '../groups/access';
import { GroupGraph, type GroupSettingValue } from '../groups/graph';
import { GROUP_SETTINGS } from '../groups/permissions';
import {
  checkSettingValue,
  normalizeSettingValue,
  parseSettingUpdate,
  sameSettingValue,
} from '../groups/setting_value';
import { badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';

export const userGroupEditRoutes: ApiRoute[] = [
  {
    /**
     * PATCH /user_groups/{user_group_id}: renames, redescribes, reactivates (deactivated=false;
     * true does nothing) and changes permission settings, each given as {new, old}: when old is
     * sent it must equal the current value. Everything is checked before anything changes; one
     * user_group update event carries every changed field.
     */
    method: 'PATCH',
    path: '/user_groups/{user_group_id}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      const name = params.string('name');
      const description = params.string('description');
      const deactivated = params.bool('deactivated');
      const updates = Object.keys(GROUP_SETTINGS)
        .map((setting) => [setting, params.json(setting)] as const)
        .filter(([, raw]) => raw !== undefined);
      if (name === undefined && description === undefined && deactivated === undefined && updates.length === 0) {
        throw badRequest('No new data supplied');
      }
      const graph = GroupGraph.load(app.store);
      const groupId = groupIdParam(pathParams['user_group_id']);
      const group = accessGroupForUpdate(app, graph, user, groupId, 'can_manage_group', true);

      const data: Record<string, unknown> = {};
      if (name !== undefined && name !== group.name) data['name'] = checkGroupName(name, graph, group.id);
      if (description !== undefined && description !== group.description) data['description'] = description;
      const reactivate = deactivated === false && group.deactivated === 1;

      const settings = JSON.parse(group.settings) as Record<string, GroupSettingValue>;
      const changedSettings: Record<string, GroupSettingValue> = {};
      for (const [setting, raw] of updates) {
        const update = parseSettingUpdate(raw, setting);
        const current = groupSetting(group, setting);
        if (update.old !== undefined && !sameSettingValue(normalizeSettingValue(update.old, graph), current)) {
          throw badRequest("'old' value does not match the expected value.");
        }
        const next = normalizeSettingValue(update.new, graph);
        if (sameSettingValue(next, current)) continue;
        const rule = GROUP_SETTINGS[setting] ?? {};
        changedSettings[setting] = checkSettingValue(next, setting, rule, graph, app.store);
      }

      app.store.transaction(() => {
        const change: { name?: string; description?: string } = {};
        if (data['name'] !== undefined) change.name = data['name'] as string;
        if (data['description'] !== undefined) change.description = data['description'] as string;
        app.store.groups.update(group.id, change);
        if (Object.keys(changedSettings).length > 0) {
          app.store.groups.setSettings(group.id, { ...settings, ...changedSettings });
        }
        if (reactivate) app.store.groups.update(group.id, { deactivated: 0 });
      });

      const after = app.store.groups.byId(group.id);
      if (!after) return {};
      // A reactivated group is announced first, so clients that had dropped it know it again.
      if (reactivate) publishGroupActivation(app, after);
      const eventData = { ...data, ...changedSettings };
      if (Object.keys(eventData).length > 0) publishGroupUpdated(app, after, eventData);
      return {};
    },
  },
];
