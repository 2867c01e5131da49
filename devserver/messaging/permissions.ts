import type { ChannelRow, UserRow } from '../store/rows';
import { ROLE } from '../store/rows';
import type { Store } from '../store/store';

/** A group-setting value: a user group's ID, or an anonymous group of members and subgroups. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/** Organization settings that govern editing, moving, deleting and wildcard mentions. */
export interface RealmMessagePolicy {
  allowMessageEditing: boolean;
  contentEditLimitSeconds: number | null;
  deleteLimitSeconds: number | null;
  moveWithinChannelLimitSeconds: number | null;
  moveBetweenChannelsLimitSeconds: number | null;
  canMentionManyUsers: unknown;
  canMoveBetweenTopics: unknown;
  canMoveBetweenChannels: unknown;
  canResolveTopics: unknown;
  canDeleteAny: unknown;
  canDeleteOwn: unknown;
}

/**
 * Zulip's defaults, the same values POST /register reports (register/realm_state.ts), with any
 * override saved by PATCH /realm (the realm_settings table, keyed without the realm_ prefix).
 */
export function realmMessagePolicy(store: Store): RealmMessagePolicy {
  const system = new Map(store.groups.all().map((group) => [group.name, group.id]));
  const overrides = realmOverrides(store);
  const pick = <T>(name: string, fallback: T): T => (name in overrides ? (overrides[name] as T) : fallback);
  const group = (name: string, role: string): unknown => pick(name, system.get(role) ?? null);
  return {
    allowMessageEditing: pick('allow_message_editing', true),
    contentEditLimitSeconds: pick('message_content_edit_limit_seconds', 600),
    deleteLimitSeconds: pick('message_content_delete_limit_seconds', null),
    moveWithinChannelLimitSeconds: pick('move_messages_within_stream_limit_seconds', 604800),
    moveBetweenChannelsLimitSeconds: pick('move_messages_between_streams_limit_seconds', 604800),
    canMentionManyUsers: group('can_mention_many_users_group', 'role:administrators'),
    canMoveBetweenTopics: group('can_move_messages_between_topics_group', 'role:everyone'),
    canMoveBetweenChannels: group('can_move_messages_between_channels_group', 'role:members'),
    canResolveTopics: group('can_resolve_topics_group', 'role:everyone'),
    canDeleteAny: group('can_delete_any_message_group', 'role:administrators'),
    canDeleteOwn: group('can_delete_own_message_group', 'role:everyone'),
  };
}

/** Settings changed since seeding; the table belongs to the realm settings area. */
function realmOverrides(store: Store): Record<string, unknown> {
  const rows = store.db.prepare<[], { name: string; value: string }>('SELECT name, value FROM realm_settings').all();
  return Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value) as unknown]));
}

/**
 * Membership in group-setting values, following subgroups recursively (role:members contains
 * role:moderators, and so on). Built once per request from the current groups.
 */
export class GroupMembership {
  private readonly members = new Map<number, { users: number[]; subgroups: number[] }>();

  constructor(store: Store) {
    for (const group of store.groups.all()) {
      // A deactivated group grants nothing until it is reactivated.
      if (group.deactivated === 1) continue;
      this.members.set(group.id, { users: group.members, subgroups: group.direct_subgroup_ids });
    }
  }

  /** Whether the user is in the setting's group (or in the anonymous group it spells out). */
  has(userId: number, setting: unknown): boolean {
    if (typeof setting === 'number') return this.inGroup(userId, setting, new Set());
    if (typeof setting !== 'object' || setting === null) return false;
    const value = setting as { direct_members?: unknown; direct_subgroups?: unknown };
    const users = Array.isArray(value.direct_members) ? value.direct_members : [];
    const subgroups = Array.isArray(value.direct_subgroups) ? value.direct_subgroups : [];
    return (
      users.includes(userId) || subgroups.some((id) => typeof id === 'number' && this.inGroup(userId, id, new Set()))
    );
  }

  private inGroup(userId: number, groupId: number, seen: Set<number>): boolean {
    if (seen.has(groupId)) return false;
    seen.add(groupId);
    const group = this.members.get(groupId);
    if (!group) return false;
    return group.users.includes(userId) || group.subgroups.some((id) => this.inGroup(userId, id, seen));
  }
}

/** The message permissions of one user, combining organization and channel settings as Zulip does. */
export class MessagePermissions {
  readonly policy: RealmMessagePolicy;
  private readonly groups: GroupMembership;

  constructor(
    store: Store,
    readonly user: UserRow,
  ) {
    this.policy = realmMessagePolicy(store);
    this.groups = new GroupMembership(store);
  }

  /** Moderators and above are exempt from the move time limits. */
  get isModerator(): boolean {
    return this.user.role <= ROLE.moderator;
  }

  canMentionManyUsers(): boolean {
    return this.groups.has(this.user.id, this.policy.canMentionManyUsers);
  }

  /** Renaming topics within a channel. */
  canMoveWithinChannel(channel: ChannelRow): boolean {
    return (
      this.groups.has(this.user.id, this.policy.canMoveBetweenTopics) ||
      this.channelGrants(channel, 'can_move_messages_within_channel_group') ||
      this.channelGrants(channel, 'can_administer_channel_group')
    );
  }

  canMoveOutOf(channel: ChannelRow): boolean {
    return (
      this.groups.has(this.user.id, this.policy.canMoveBetweenChannels) ||
      this.channelGrants(channel, 'can_move_messages_out_of_channel_group') ||
      this.channelGrants(channel, 'can_administer_channel_group')
    );
  }

  canResolve(channel: ChannelRow): boolean {
    return (
      this.groups.has(this.user.id, this.policy.canResolveTopics) ||
      this.channelGrants(channel, 'can_resolve_topics_group')
    );
  }

  canDeleteAny(channel: ChannelRow | undefined): boolean {
    return (
      this.groups.has(this.user.id, this.policy.canDeleteAny) ||
      (channel !== undefined && this.channelGrants(channel, 'can_delete_any_message_group'))
    );
  }

  canDeleteOwn(channel: ChannelRow | undefined): boolean {
    return (
      this.groups.has(this.user.id, this.policy.canDeleteOwn) ||
      (channel !== undefined && this.channelGrants(channel, 'can_delete_own_message_group'))
    );
  }

  private channelGrants(channel: ChannelRow, setting: string): boolean {
    const settings = JSON.parse(channel.group_settings) as Record<string, unknown>;
    return setting in settings && this.groups.has(this.user.id, settings[setting]);
  }
}
