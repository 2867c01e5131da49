import type { App } from '../app';
import { ApiError } from '../http/errors';
import type { GroupWithMembers } from '../store/groups';
import { realmState } from '../register/realm_state';
import { GroupGraph, type GroupSettingValue } from './graph';
import { CHANNEL_SETTINGS, GROUP_SETTINGS } from './permissions';

type Objection = Record<string, unknown>;

/**
 * Why a group cannot be deactivated (Zulip's CANNOT_DEACTIVATE_GROUP_IN_USE): it is a subgroup of
 * an active group, or a permission of a live channel, another active group or the organization
 * names it (directly or as a subgroup of an anonymous value).
 */
export function deactivationObjections(app: App, graph: GroupGraph, group: GroupWithMembers): Objection[] {
  const uses = (value: unknown): boolean =>
    value !== undefined && value !== null && GroupGraph.groupsIn(value as GroupSettingValue).includes(group.id);
  const objections: Objection[] = [];

  const supergroups = graph.groups
    .filter((other) => other.deactivated === 0 && other.direct_subgroup_ids.includes(group.id))
    .map((other) => other.id);
  if (supergroups.length > 0) objections.push({ type: 'subgroup', supergroup_ids: supergroups });

  for (const channel of app.store.channels.all()) {
    if (channel.is_archived === 1) continue;
    const settings = JSON.parse(channel.group_settings) as Record<string, unknown>;
    const names = Object.keys(CHANNEL_SETTINGS).filter((name) => uses(settings[name]));
    if (names.length > 0) objections.push({ type: 'channel', channel_id: channel.id, settings: names });
  }

  for (const other of graph.groups) {
    if (other.deactivated === 1 || other.id === group.id) continue;
    const settings = JSON.parse(other.settings) as Record<string, unknown>;
    const names = Object.keys(GROUP_SETTINGS).filter((name) => uses(settings[name]));
    if (names.length > 0) objections.push({ type: 'user_group', group_id: other.id, settings: names });
  }

  const realm = realmState(app, graph.groups, 0);
  const realmNames = Object.keys(realm)
    .filter((key) => /^realm_(can_.*_group|.*_permission_group|create_multiuse_invite_group)$/.test(key))
    .filter((key) => uses(realm[key]))
    .map((key) => key.slice('realm_'.length));
  if (realmNames.length > 0) objections.push({ type: 'realm', settings: realmNames });
  return objections;
}

export function groupInUse(objections: Objection[]): ApiError {
  return new ApiError(400, 'CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', { objections });
}
