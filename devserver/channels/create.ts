import { nowSeconds, type App } from '../app';
import { channelViewers } from '../events/audience';
import { publishStreamCreate } from '../events/channel_events';
import type { GroupGraph, GroupSettingValue } from '../groups/graph';
import { realmValue } from '../groups/permissions';
import { renderMarkdown } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import type { ChannelRow, UserRow } from '../store/rows';
import { checkChannelDescription, checkChannelName, checkChannelNameAvailable } from './names';
import { channelEventsTopic, channelLink, sendNotice, silentMention } from './notices';
import type { ChannelOptions } from './options';

export interface NewChannelSpec {
  name: string;
  description: string;
}

/** Validates a name and description for a channel that does not exist yet. */
export function checkNewChannel(app: App, raw: NewChannelSpec): NewChannelSpec {
  const name = checkChannelName(raw.name);
  checkChannelNameAvailable(app, name);
  return { name, description: checkChannelDescription(raw.description) };
}

/** The rendered form of a channel description (mentions and channel links resolved). */
export function renderDescription(app: App, description: string): string {
  return renderMarkdown(description, storeDirectory(app.store)).html;
}

/**
 * Inserts already-validated channels configured by `opts` (history and settings resolved by
 * checkChannelOptions) and announces them with `stream create` to everyone who can see them.
 * Nobody is subscribed yet: callers subscribe through addSubscriptions, then call noticeNewChannels.
 */
export function insertChannels(
  app: App,
  creator: UserRow,
  specs: NewChannelSpec[],
  opts: ChannelOptions,
  resolved: { historyPublic: boolean; settings: Record<string, GroupSettingValue> },
): ChannelRow[] {
  const ids = app.store.transaction(() =>
    specs.map((spec) =>
      app.store.channels.insert({
        name: spec.name,
        description: spec.description,
        rendered_description: renderDescription(app, spec.description),
        invite_only: opts.inviteOnly,
        is_web_public: opts.isWebPublic,
        history_public_to_subscribers: resolved.historyPublic,
        date_created: nowSeconds(),
        creator_id: creator.id,
        topics_policy: opts.topicsPolicy,
        is_default: opts.isDefault,
        message_retention_days: opts.retentionDays,
        folder_id: opts.folderId,
        recipient_id: app.store.recipients.createForChannel(),
        group_settings: resolved.settings,
      }),
    ),
  );
  const channels = ids.flatMap((id) => app.store.channels.byId(id) ?? []);
  for (const channel of channels) publishStreamCreate(app, channelViewers(app, channel), [channel]);
  return channels;
}

function policyLabel(channel: ChannelRow): string {
  if (channel.is_web_public === 1) return '**Web-public**';
  if (channel.invite_only === 0) return '**Public**';
  return channel.history_public_to_subscribers === 1 ? '**Private, shared history**' : '**Private, protected history**';
}

/**
 * What the Notification Bot posts about new channels: a note in each one's "channel events" topic
 * with its description, and with `announce`, a line in the organization's announcements channel.
 */
export function noticeNewChannels(
  app: App,
  graph: GroupGraph,
  creator: UserRow,
  channels: ChannelRow[],
  announce: boolean,
) {
  for (const channel of channels) {
    const description = channel.description === '' ? '*No description.*' : channel.description;
    const text = `${policyLabel(channel)} channel created by ${silentMention(creator)}. **Description:**\n\n> ${description}`;
    sendNotice(app, { kind: 'channel', channel, topic: channelEventsTopic(channel) }, text);
  }
  if (!announce || channels.length === 0) return;
  const target = app.store.channels.byId(Number(realmValue(app, graph, 'new_stream_announcements_stream_id')));
  if (!target || target.is_archived === 1) return;
  const links = channels.map(channelLink).join(', ');
  const text =
    channels.length > 1
      ? `${silentMention(creator)} created the following channels: ${links}.`
      : `${silentMention(creator)} created a new channel ${links}.`;
  sendNotice(app, { kind: 'channel', channel: target, topic: 'new channels' }, text);
}
