/**
 * From the non-message wire records (main/api/schemas/records.ts) to the cache's values. The
 * one place that knows both shapes, so the snapshot, the appliers and the IPC calls agree.
 */
import type { BasicChannel } from '../api';
import type {
  ChannelFolder,
  CustomProfileField,
  Draft,
  RealmPlayground,
  SavedSnippet,
  UserGroup,
} from '../api/schemas/records';
import type { StoredChannel } from '../store/repos/channels';
import type { StoredFolder } from '../store/repos/channel-folders';
import type { StoredDraft } from '../store/repos/drafts';
import type { StoredPlayground } from '../store/repos/playgrounds';
import type { StoredProfileField } from '../store/repos/profile-fields';
import type { StoredSnippet } from '../store/repos/saved-snippets';
import type { StoredGroup } from '../store/repos/user-groups';
import type { VisibilityPolicy } from '../store/repos/user-topics';

const CHANNEL_COLUMNS = new Set(['stream_id', 'name', 'description', 'rendered_description', 'invite_only']);
/** Subscriber lists have a table of their own. */
const SUBSCRIBER_FIELDS = new Set(['subscribers', 'partial_subscribers']);

/** A channel as everyone sees it (stream create events, unsubscribed and never_subscribed). */
export function toStoredChannel(c: BasicChannel): StoredChannel {
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) {
    if (v !== undefined && !CHANNEL_COLUMNS.has(k) && !SUBSCRIBER_FIELDS.has(k)) extra[k] = v;
  }
  const rendered = c['rendered_description'];
  return {
    id: c.stream_id,
    name: c.name,
    description: c.description,
    renderedDescription: typeof rendered === 'string' ? rendered : '',
    inviteOnly: c.invite_only,
    extra,
  };
}

/** The subscriber list a channel record carries, if any: full, or partial (FL 412). */
export function subscriberListOf(c: Record<string, unknown>): { userIds: number[]; partial: boolean } | null {
  const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));
  if (isIds(c['subscribers'])) return { userIds: c['subscribers'], partial: false };
  if (isIds(c['partial_subscribers'])) return { userIds: c['partial_subscribers'], partial: true };
  return null;
}

const GROUP_FIELDS = new Set([
  'id',
  'name',
  'description',
  'members',
  'direct_subgroup_ids',
  'is_system_group',
  'deactivated',
]);

/** can_*_group keys are permission settings; anything else unknown is kept in extra. */
export function isGroupSettingKey(key: string): boolean {
  return key.startsWith('can_') && key.endsWith('_group');
}

export function toStoredGroup(g: UserGroup): StoredGroup {
  const settings: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(g)) {
    if (v === undefined || GROUP_FIELDS.has(k)) continue;
    if (isGroupSettingKey(k)) settings[k] = v;
    else extra[k] = v;
  }
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    isSystemGroup: g.is_system_group,
    deactivated: g.deactivated,
    settings,
    extra,
    members: g.members,
    subgroups: g.direct_subgroup_ids,
  };
}

export function toStoredFolder(f: ChannelFolder, fallbackOrder: number): StoredFolder {
  const { id, name, description, rendered_description, order, is_archived, ...rest } = f;
  return {
    id,
    name,
    description,
    renderedDescription: rendered_description,
    order: order ?? fallbackOrder,
    isArchived: is_archived,
    extra: rest,
  };
}

/** A draft from the server, as a synced row with the given local key. */
export function toStoredDraft(d: Draft, localKey: string): StoredDraft {
  return {
    localKey,
    serverId: d.id,
    type: d.type,
    to: d.to,
    topic: d.topic,
    content: d.content,
    timestamp: Math.floor(d.timestamp),
    state: 'synced',
    syncError: null,
  };
}

/** The local key of a draft first seen on the server (stable, so a re-register finds the same row). */
export function serverDraftKey(serverId: number): string {
  return `server-${serverId}`;
}

export function toStoredSnippet(s: SavedSnippet): StoredSnippet {
  return { id: s.id, title: s.title, content: s.content, dateCreated: Math.floor(s.date_created) };
}

export function toStoredProfileField(f: CustomProfileField): StoredProfileField {
  return {
    id: f.id,
    type: f.type,
    order: f.order,
    name: f.name,
    hint: f.hint,
    fieldData: typeof f.field_data === 'string' ? f.field_data : JSON.stringify(f.field_data),
    displayInProfileSummary: f.display_in_profile_summary,
    required: f.required,
    editableByUser: f.editable_by_user,
  };
}

export function toStoredPlayground(p: RealmPlayground): StoredPlayground {
  return { id: p.id, name: p.name, pygmentsLanguage: p.pygments_language, urlTemplate: p.url_template };
}

/** A visibility policy the store knows, or null for one from a newer server (logged and ignored). */
export function toVisibilityPolicy(value: number): VisibilityPolicy | null {
  return value === 0 || value === 1 || value === 2 || value === 3 ? value : null;
}
