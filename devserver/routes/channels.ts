import type { App } from '../app';
import { channelForUser, requireAdminister } from '../channels/access';
import { checkNewChannel, insertChannels, noticeNewChannels } from '../channels/create';
import { channelEventsTopic, channelLink, noticeSubscribedByOthers, sendNotice } from '../channels/notices';
import { checkChannelOptions, readChannelOptions } from '../channels/options';
import { addSubscriptions } from '../channels/subscribe';
import { planChannelUpdate } from '../channels/update';
import { channelViewers, hasCapability, subscriberViewers } from '../events/audience';
import { publishPeers, publishStreamCreate, publishStreamDelete, publishStreamUpdate } from '../events/channel_events';
import { publishDefaultStreams } from '../events/default_streams';
import { GroupGraph } from '../groups/graph';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import type { EventQueue } from '../events/queue';
import type { ChannelRow } from '../store/rows';
import { checkUsers } from './user_group_members';

const minus = (a: Set<number>, b: Set<number>): number[] => [...a].filter((id) => !b.has(id));

/**
 * Archiving and unarchiving: clients with the archived_channels capability see the channel's
 * is_archived change; the others see it disappear (stream delete) or come back (stream create).
 */
function publishArchived(app: App, channel: ChannelRow, archived: boolean): void {
  const viewers = channelViewers(app, channel);
  app.queues.publish(viewers, 'stream', (queue) => {
    if (hasCapability(queue, 'archived_channels')) {
      return {
        type: 'stream',
        op: 'update',
        stream_id: channel.id,
        name: channel.name,
        property: 'is_archived',
        value: archived,
      };
    }
    return null;
  });
  const legacy = (queue: EventQueue): boolean => !hasCapability(queue, 'archived_channels');
  if (archived) publishStreamDelete(app, viewers, [channel.id], legacy);
  else publishStreamCreate(app, viewers, [channel], legacy);
}

export const channelRoutes: ApiRoute[] = [
  {
    /**
     * POST /channels/create: a new channel with every option of api-v1.md 4.6, its subscribers
     * subscribed; answers {id}, or 409 CHANNEL_ALREADY_EXISTS. Events: stream create to all who
     * can see it, subscription add to subscribers, peer_add to the other subscriber-list viewers.
     */
    method: 'POST',
    path: '/channels/create',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const spec = checkNewChannel(app, {
        name: params.requiredString('name'),
        description: params.string('description') ?? '',
      });
      const subscribers = params.intList('subscribers');
      if (subscribers === undefined) throw missingParam('subscribers');
      checkUsers(app, subscribers);
      const announce = params.bool('announce', false);
      const sendMessages = params.bool('send_new_subscription_messages', true);
      const opts = readChannelOptions(params);
      const graph = GroupGraph.load(app.store);
      const resolved = checkChannelOptions(app, graph, user, opts);
      const [channel] = insertChannels(app, user, [spec], opts, resolved);
      if (!channel) throw new Error('the new channel vanished');
      const { subscribed } = addSubscriptions(app, [channel], subscribers);
      noticeNewChannels(app, graph, user, [channel], announce);
      if (sendMessages) noticeSubscribedByOthers(app, user, subscribed);
      if (opts.isDefault) publishDefaultStreams(app);
      return { id: channel.id };
    },
  },
  {
    /**
     * PATCH /streams/{stream_id}: changes a channel's name, description, access (is_private,
     * is_web_public, history_public_to_subscribers), default status, retention, topics policy,
     * folder, permission settings ({new, old}) or unarchives it (is_archived=false). Channel
     * administrators only. Sends stream update events, and create/delete/peer_add to anyone whose
     * access changed.
     */
    method: 'PATCH',
    path: '/streams/{stream_id}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      const graph = GroupGraph.load(app.store);
      const channel = channelForUser(app, user, pathParams['stream_id']);
      requireAdminister(graph, user, channel);
      const { change, events } = planChannelUpdate(app, graph, user, channel, params);
      if (Object.keys(change).length === 0) return {};
      const viewersBefore = channelViewers(app, channel);
      const listViewersBefore = subscriberViewers(app, channel);
      app.store.channels.update(channel.id, change);
      const after = app.store.channels.byId(channel.id);
      if (!after) return {};
      const viewersAfter = channelViewers(app, after);
      const stayed = [...viewersAfter].filter((id) => viewersBefore.has(id));
      for (const event of events) publishStreamUpdate(app, stayed, channel, event.property, event.value, event.extra);
      publishStreamCreate(app, minus(viewersAfter, viewersBefore), [after]);
      publishStreamDelete(app, minus(viewersBefore, viewersAfter), [channel.id]);
      const subscribers = app.store.channels.subscribers(channel.id);
      const newListViewers = minus(subscriberViewers(app, after), listViewersBefore).filter(
        (id) => !subscribers.includes(id),
      );
      publishPeers(app, 'peer_add', newListViewers, [channel.id], subscribers);
      if (change.is_default !== undefined) publishDefaultStreams(app);
      if (change.is_archived === 0) publishArchived(app, after, false);
      return {};
    },
  },
  {
    /**
     * DELETE /streams/{stream_id}: archives the channel (channel administrators only). Its
     * messages and subscriptions stay; nobody can post to it; it stops being a default channel.
     */
    method: 'DELETE',
    path: '/streams/{stream_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const graph = GroupGraph.load(app.store);
      const channel = channelForUser(app, user, pathParams['stream_id']);
      requireAdminister(graph, user, channel);
      if (channel.is_archived === 1) throw badRequest('Channel is already deactivated');
      sendNotice(
        app,
        { kind: 'channel', channel, topic: channelEventsTopic(channel) },
        `Channel ${channelLink(channel)} has been archived.`,
      );
      app.store.channels.update(channel.id, { is_archived: 1, is_default: 0 });
      const after = app.store.channels.byId(channel.id);
      if (after) publishArchived(app, after, true);
      if (channel.is_default === 1) publishDefaultStreams(app);
      return {};
    },
  },
];
