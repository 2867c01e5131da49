import type { App } from '../app';
import type { GroupGraph, GroupSettingValue } from '../groups/graph';
import { userHas } from '../groups/permissions';
import { badRequest } from '../http/errors';
import type { ChannelRow, UserRow } from '../store/rows';

/**
 * The deprecated stream_post_policy numbers for the system groups that have one; any other
 * can_send_message_group value (another group, an anonymous group) reads as 1, "anyone", as on
 * Zulip, whose legacy field describes a superset of who may post.
 */
const POLICY_OF_SYSTEM_GROUP: Record<string, number> = {
  'role:administrators': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
};
const POLICY_ANYONE = 1;
const POLICY_ADMINS = 2;

/** System group names by ID: what the legacy fields are computed from. */
export function systemGroupNames(groups: { id: number; name: string; is_system_group: number }[]): Map<number, string> {
  return new Map(groups.filter((group) => group.is_system_group === 1).map((group) => [group.id, group.name]));
}

/** stream_post_policy and is_announcement_only, derived from can_send_message_group. */
export function legacyPostPolicy(
  setting: unknown,
  systemGroups: ReadonlyMap<number, string>,
): { stream_post_policy: number; is_announcement_only: boolean } {
  const name = typeof setting === 'number' ? systemGroups.get(setting) : undefined;
  const policy = (name !== undefined ? POLICY_OF_SYSTEM_GROUP[name] : undefined) ?? POLICY_ANYONE;
  return { stream_post_policy: policy, is_announcement_only: policy === POLICY_ADMINS };
}

/**
 * The extra stream update events Zulip sends for old clients when can_send_message_group changes
 * the legacy policy: stream_post_policy, then is_announcement_only.
 */
export function legacyPolicyEvents(
  before: unknown,
  after: unknown,
  systemGroups: ReadonlyMap<number, string>,
): { property: string; value: unknown }[] {
  const old = legacyPostPolicy(before, systemGroups);
  const now = legacyPostPolicy(after, systemGroups);
  if (old.stream_post_policy === now.stream_post_policy) return [];
  return [
    { property: 'stream_post_policy', value: now.stream_post_policy },
    { property: 'is_announcement_only', value: now.is_announcement_only },
  ];
}

/**
 * Refuses a channel message from someone outside the channel's can_send_message_group. A bot may
 * post where its owner may, as on Zulip. The system Notification Bot writes its notices without
 * this route, so it is never refused.
 */
export function checkCanPost(app: App, graph: GroupGraph, sender: UserRow, channel: ChannelRow): void {
  const settings = JSON.parse(channel.group_settings) as Record<string, GroupSettingValue | undefined>;
  const setting = settings['can_send_message_group'];
  if (setting === undefined) return;
  if (userHas(setting, sender, graph)) return;
  const owner = sender.bot_owner_id === null ? undefined : app.store.users.byId(sender.bot_owner_id);
  if (sender.is_bot === 1 && owner !== undefined && userHas(setting, owner, graph)) return;
  throw badRequest('You do not have permission to post in this channel.');
}
