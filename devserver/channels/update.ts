import type { App } from '../app';
import type { GroupGraph, GroupSettingValue } from '../groups/graph';
import { CHANNEL_SETTINGS, hasRealmPermission, isAdmin } from '../groups/permissions';
import {
  checkSettingValue,
  normalizeSettingValue,
  parseSettingUpdate,
  sameSettingValue,
} from '../groups/setting_value';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ChannelChange } from '../store/channels';
import { ROLE, type ChannelRow, type UserRow } from '../store/rows';
import { renderDescription } from './create';
import { legacyPolicyEvents, systemGroupNames } from './post_policy';
import { checkChannelDescription, checkChannelName, checkChannelNameAvailable } from './names';
import {
  adminRequired,
  looseJson,
  ownerRequired,
  parseRetention,
  parseTopicsPolicy,
  webPublicEnabled,
} from './options';

/** One stream update event to send once the change is stored. */
export interface PropertyEvent {
  property: string;
  value: unknown;
  extra?: Record<string, unknown>;
}

const insufficient = () => badRequest('Insufficient permission');

/** Public/private/web-public and history: the combinations Zulip allows, and who may pick them. */
function planAccess(
  app: App,
  graph: GroupGraph,
  user: UserRow,
  channel: ChannelRow,
  params: Params,
  out: ChannelChange,
) {
  const isPrivate = params.bool('is_private');
  const isWebPublic = params.bool('is_web_public');
  const history = params.bool('history_public_to_subscribers');
  const isDefault = params.bool('is_default_stream');
  const priv = isPrivate ?? channel.invite_only === 1;
  const webPublic = isWebPublic ?? channel.is_web_public === 1;
  const defaultStream = isDefault ?? channel.is_default === 1;
  const publicHistory = history ?? (isPrivate !== undefined ? !isPrivate : channel.history_public_to_subscribers === 1);
  if ((webPublic && (!publicHistory || priv)) || (!priv && !publicHistory)) throw badRequest('Invalid parameters');
  if (priv && defaultStream) throw badRequest('A default channel cannot be private.');
  if (isPrivate !== undefined) {
    const contentAccess = channel.invite_only === 0 || app.store.channels.isSubscribed(user.id, channel.id);
    if (!contentAccess) throw badRequest('Channel content access is required.');
    const group = isPrivate ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
    if (!hasRealmPermission(app, graph, user, group)) throw insufficient();
  }
  if (isWebPublic === true) {
    if (!webPublicEnabled(app, graph)) throw badRequest('Web-public channels are not enabled.');
    if (!hasRealmPermission(app, graph, user, 'can_create_web_public_channel_group')) throw insufficient();
  }
  if (isDefault !== undefined && !isAdmin(user)) throw adminRequired();
  if (priv !== (channel.invite_only === 1)) out.invite_only = priv ? 1 : 0;
  if (webPublic !== (channel.is_web_public === 1)) out.is_web_public = webPublic ? 1 : 0;
  if (publicHistory !== (channel.history_public_to_subscribers === 1))
    out.history_public_to_subscribers = publicHistory ? 1 : 0;
  if (defaultStream !== (channel.is_default === 1)) out.is_default = defaultStream ? 1 : 0;
}

/** Name, description, retention, topics policy, folder and unarchiving. */
function planProperties(
  app: App,
  graph: GroupGraph,
  user: UserRow,
  channel: ChannelRow,
  params: Params,
  out: ChannelChange,
) {
  const retention = looseJson(params, 'message_retention_days');
  if (retention !== undefined) {
    if (user.role !== ROLE.owner) throw ownerRequired();
    const days = parseRetention(retention);
    if (days !== channel.message_retention_days) out.message_retention_days = days;
  }
  const topicsPolicy = parseTopicsPolicy(looseJson(params, 'topics_policy'));
  if (topicsPolicy !== undefined && topicsPolicy !== channel.topics_policy) {
    if (!hasRealmPermission(app, graph, user, 'can_set_topics_policy_group')) throw insufficient();
    if (topicsPolicy === 'empty_topic_only' && app.store.channels.hasNamedTopics(channel.id)) {
      throw badRequest(
        'To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.',
      );
    }
    out.topics_policy = topicsPolicy;
  }
  const description = params.string('description');
  if (description !== undefined) {
    const checked = checkChannelDescription(description);
    if (checked !== channel.description) {
      out.description = checked;
      out.rendered_description = renderDescription(app, checked);
    }
  }
  const newName = params.string('new_name');
  if (newName !== undefined) {
    const name = checkChannelName(newName);
    if (name === channel.name) throw badRequest('Channel already has that name.');
    if (name.toLowerCase() !== channel.name.toLowerCase()) checkChannelNameAvailable(app, name, channel.id);
    out.name = name;
  }
  if (params.has('folder_id')) {
    const folderId = params.json('folder_id');
    if (folderId !== null && !(typeof folderId === 'number' && app.store.folders.byId(folderId))) {
      throw badRequest('Invalid channel folder ID');
    }
    if (folderId !== channel.folder_id) out.folder_id = folderId as number | null;
  }
  if (params.bool('is_archived') === false && channel.is_archived === 1) out.is_archived = 0;
}

/** can_*_group settings as {new, old}; old must match the current value when given. */
function planSettings(app: App, graph: GroupGraph, channel: ChannelRow, params: Params, out: ChannelChange) {
  const settings = JSON.parse(channel.group_settings) as Record<string, GroupSettingValue>;
  const changed: Record<string, GroupSettingValue> = {};
  for (const [name, rule] of Object.entries(CHANNEL_SETTINGS)) {
    const raw = params.json(name);
    if (raw === undefined) continue;
    const update = parseSettingUpdate(raw, name);
    const current = settings[name];
    if (
      update.old !== undefined &&
      (current === undefined || !sameSettingValue(normalizeSettingValue(update.old, graph), current))
    ) {
      throw badRequest("'old' value does not match the expected value.");
    }
    const next = normalizeSettingValue(update.new, graph);
    if (current !== undefined && sameSettingValue(next, current)) continue;
    changed[name] = checkSettingValue(next, name, rule, graph, app.store);
  }
  if (Object.keys(changed).length > 0) out.group_settings = JSON.stringify({ ...settings, ...changed });
  return changed;
}

/** Reads and checks PATCH /streams/{stream_id}: the column changes and the events they mean. */
export function planChannelUpdate(
  app: App,
  graph: GroupGraph,
  user: UserRow,
  channel: ChannelRow,
  params: Params,
): { change: ChannelChange; events: PropertyEvent[] } {
  const change: ChannelChange = {};
  planAccess(app, graph, user, channel, params, change);
  planProperties(app, graph, user, channel, params, change);
  const settings = planSettings(app, graph, channel, params, change);
  const before = JSON.parse(channel.group_settings) as Record<string, unknown>;
  const systemGroups = systemGroupNames(graph.groups);
  return {
    change,
    events: [
      ...propertyEvents(channel, change),
      ...Object.entries(settings).flatMap(([property, value]) => [
        { property, value },
        // Old clients learn who may post from the deprecated fields, which follow this setting.
        ...(property === 'can_send_message_group'
          ? legacyPolicyEvents(before['can_send_message_group'], value, systemGroups)
          : []),
      ]),
    ],
  };
}

function propertyEvents(before: ChannelRow, change: ChannelChange): PropertyEvent[] {
  const events: PropertyEvent[] = [];
  const history = (change.history_public_to_subscribers ?? before.history_public_to_subscribers) === 1;
  const webPublic = (change.is_web_public ?? before.is_web_public) === 1;
  if (change.invite_only !== undefined) {
    events.push({
      property: 'invite_only',
      value: change.invite_only === 1,
      extra: { history_public_to_subscribers: history, is_web_public: webPublic },
    });
  } else {
    if (change.history_public_to_subscribers !== undefined)
      events.push({ property: 'history_public_to_subscribers', value: history });
    if (change.is_web_public !== undefined) events.push({ property: 'is_web_public', value: webPublic });
  }
  if (change.message_retention_days !== undefined)
    events.push({ property: 'message_retention_days', value: change.message_retention_days });
  if (change.topics_policy !== undefined) events.push({ property: 'topics_policy', value: change.topics_policy });
  if (change.description !== undefined) {
    events.push({
      property: 'description',
      value: change.description,
      extra: { rendered_description: change.rendered_description },
    });
  }
  if (change.name !== undefined) events.push({ property: 'name', value: change.name });
  if (change.folder_id !== undefined) events.push({ property: 'folder_id', value: change.folder_id });
  return events;
}
