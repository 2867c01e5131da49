/** Cached records → the renderer's view models (common/model-records.ts). Never wire shapes. */
import type {
  ChannelDetails,
  ChannelFolderView,
  ChannelInfo,
  DraftTarget,
  DraftView,
  GroupSetting,
  ProfileFieldView,
  SubscriptionSettings,
  TopicVisibility,
  UserDetails,
  UserGroupView,
  UserSummary,
} from '../../common/model';
import type { AccountStore } from '../store/account-store';
import type { DirectoryChannel } from '../store/repos/channel-directory';
import type { StoredFolder } from '../store/repos/channel-folders';
import type { SubscribedChannel } from '../store/repos/channels';
import type { StoredDraft } from '../store/repos/drafts';
import type { StoredProfileField } from '../store/repos/profile-fields';
import type { StoredGroup } from '../store/repos/user-groups';
import type { VisibilityPolicy } from '../store/repos/user-topics';
import type { StoredUser } from '../store/repos/users';

export const VISIBILITY_NAMES: Record<VisibilityPolicy, TopicVisibility> = {
  0: 'none',
  1: 'muted',
  2: 'unmuted',
  3: 'followed',
};

export function channelInfo(c: DirectoryChannel, store: AccountStore): ChannelInfo {
  // A partial list (include_subscribers "partial") counts only some: the server's count is the number.
  const count = store.subscribers.isComplete(c.id) ? store.subscribers.count(c.id) : c.extra['subscriber_count'];
  const folder = c.extra['folder_id'];
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    renderedDescription: c.renderedDescription,
    inviteOnly: c.inviteOnly,
    isWebPublic: c.extra['is_web_public'] === true,
    isArchived: c.extra['is_archived'] === true,
    folderId: typeof folder === 'number' ? folder : null,
    subscribed: c.subscribed,
    subscriberCount: typeof count === 'number' ? count : null,
  };
}

function nullableBool(v: unknown): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

export function subscriptionSettings(c: SubscribedChannel): SubscriptionSettings {
  const s = c.subscription.settings;
  return {
    channelId: c.id,
    color: c.subscription.color,
    isMuted: c.subscription.isMuted,
    pinToTop: c.subscription.pinToTop,
    desktopNotifications: nullableBool(s['desktop_notifications']),
    audibleNotifications: nullableBool(s['audible_notifications']),
    pushNotifications: nullableBool(s['push_notifications']),
    emailNotifications: nullableBool(s['email_notifications']),
    wildcardMentionsNotify: nullableBool(s['wildcard_mentions_notify']),
  };
}

export function channelDetails(c: DirectoryChannel, store: AccountStore): ChannelDetails {
  const subscribed = store.channels.getSubscribed(c.id);
  return {
    ...channelInfo(c, store),
    subscription: subscribed ? subscriptionSettings(subscribed) : null,
    subscriberIds: store.subscribers.isComplete(c.id) ? (store.subscribers.of(c.id)?.userIds ?? null) : null,
  };
}

/** A group-setting value from the wire (or null for one we cannot read). */
export function groupSetting(v: unknown): GroupSetting | null {
  if (Number.isInteger(v)) return v as number;
  if (v !== null && typeof v === 'object') {
    const o = v as { direct_members?: unknown; direct_subgroups?: unknown };
    const ids = (x: unknown) => (Array.isArray(x) ? x.filter((n): n is number => Number.isInteger(n)) : []);
    return { directMembers: ids(o.direct_members), directSubgroups: ids(o.direct_subgroups) };
  }
  return null;
}

export function groupView(g: StoredGroup): UserGroupView {
  const settings: Record<string, GroupSetting> = {};
  for (const [k, v] of Object.entries(g.settings)) {
    const value = groupSetting(v);
    if (value !== null) settings[k] = value;
  }
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    isSystemGroup: g.isSystemGroup,
    deactivated: g.deactivated,
    memberIds: g.members,
    subgroupIds: g.subgroups,
    settings,
  };
}

export function folderView(f: StoredFolder): ChannelFolderView {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    renderedDescription: f.renderedDescription,
    isArchived: f.isArchived,
  };
}

/** Where a draft goes, as the renderer names it: DMs list the other participants (none for the self-DM). */
export function draftTarget(d: Pick<StoredDraft, 'type' | 'to' | 'topic'>, selfId: number): DraftTarget | null {
  if (d.type === 'stream' && d.to[0] !== undefined) return { kind: 'channel', channelId: d.to[0], topic: d.topic };
  if (d.type === 'private') return { kind: 'dm', userIds: d.to.filter((id) => id !== selfId).sort((a, b) => a - b) };
  return null;
}

export function draftView(d: StoredDraft, selfId: number): DraftView {
  return {
    id: d.localKey,
    to: draftTarget(d, selfId),
    content: d.content,
    timestamp: d.timestamp,
    synced: d.state === 'synced',
    syncError: d.syncError,
  };
}

export function profileFieldView(f: StoredProfileField): ProfileFieldView {
  let fieldData: Record<string, unknown> = {};
  try {
    const parsed: unknown = f.fieldData === '' ? {} : JSON.parse(f.fieldData);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      fieldData = parsed as Record<string, unknown>;
  } catch {
    // Unreadable field_data shows as none rather than hiding the field.
  }
  return {
    id: f.id,
    type: f.type,
    name: f.name,
    hint: f.hint,
    fieldData,
    displayInProfileSummary: f.displayInProfileSummary,
    required: f.required,
    editableByUser: f.editableByUser,
  };
}

function profileData(raw: unknown): UserDetails['profileData'] {
  const out: UserDetails['profileData'] = {};
  if (raw === null || typeof raw !== 'object') return out;
  for (const [id, v] of Object.entries(raw as Record<string, unknown>)) {
    const entry = v as { value?: unknown; rendered_value?: unknown } | null;
    if (!entry || typeof entry.value !== 'string') continue;
    out[id] =
      typeof entry.rendered_value === 'string'
        ? { value: entry.value, renderedValue: entry.rendered_value }
        : { value: entry.value };
  }
  return out;
}

export function userDetails(u: StoredUser, groupIds: number[]): UserDetails {
  const delivery = u.extra['delivery_email'];
  const timezone = u.extra['timezone'];
  return {
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    deliveryEmail: typeof delivery === 'string' ? delivery : null,
    avatarUrl: u.avatarUrl,
    role: u.role,
    isBot: u.isBot,
    isActive: u.isActive,
    timezone: typeof timezone === 'string' ? timezone : '',
    profileData: profileData(u.extra['profile_data']),
    groupIds,
  };
}

export function userSummary(u: StoredUser): UserSummary {
  return {
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    avatarUrl: u.avatarUrl,
    role: u.role,
    isBot: u.isBot,
    isActive: u.isActive,
  };
}
