/**
 * Changes to channels and topics, through the server. Nothing is written to the cache here:
 * the server's events (subscription, stream, user_topic) bring the change to every client,
 * this one included, so the cache has one way in.
 */
import type { CallArgs } from '../../common/ipc/contract';
import type { TopicVisibility } from '../../common/model';
import type { ApiClient } from '../api';
import { describeIgnored } from '../api/ignored';
import { createChannel } from '../api/routes/channels';
import { wireSetting } from './record-actions';
import { subscribe, unsubscribe, updateSubscriptionProperties } from '../api/routes/subscriptions';
import { setTopicVisibility, type VisibilityPolicyValue } from '../api/routes/user-topics';
import { IpcFailure } from '../failure';
import type { AccountStore } from '../store/account-store';
import { requireFeature } from './gates';
import type { FeatureGates } from '../../common/model';

export interface ActionContext {
  client: ApiClient;
  store: AccountStore;
  featureLevel: number;
  selfUserId: number;
  gates: FeatureGates;
}

/** Subscribing goes by name; the renderer deals in IDs. */
function namesOf(store: AccountStore, channelIds: number[]): string[] {
  return channelIds.map((id) => {
    const c = store.channelDirectory.get(id);
    if (!c) throw new IpcFailure('NOT_FOUND', `Channel ${id} does not exist, or you cannot see it.`);
    return c.name;
  });
}

export async function subscribeTo(ctx: ActionContext, channelIds: number[]): Promise<null> {
  await subscribe(ctx.client, { subscriptions: namesOf(ctx.store, channelIds).map((name) => ({ name })) });
  return null;
}

export async function unsubscribeFrom(ctx: ActionContext, channelIds: number[]): Promise<null> {
  await unsubscribe(ctx.client, { subscriptions: namesOf(ctx.store, channelIds) });
  return null;
}

export async function setSubscriptionProperty(ctx: ActionContext, a: CallArgs<'channels:setProperty'>): Promise<null> {
  if (!ctx.store.channels.isSubscribed(a.channelId)) {
    throw new IpcFailure('NOT_SUBSCRIBED', 'Subscribe to the channel first to change your settings for it.');
  }
  await updateSubscriptionProperties(ctx.client, [{ stream_id: a.channelId, property: a.property, value: a.value }]);
  return null;
}

export async function createNewChannel(
  ctx: ActionContext,
  a: CallArgs<'channels:create'>,
): Promise<{ channelId: number; notice: string | null }> {
  const subscribers = [...new Set([ctx.selfUserId, ...(a.subscriberIds ?? [])])];
  const created = await createChannel(
    ctx.client,
    {
      name: a.name,
      subscribers,
      ...(a.description !== undefined ? { description: a.description } : {}),
      ...(a.inviteOnly !== undefined ? { invite_only: a.inviteOnly } : {}),
      ...(a.announce !== undefined ? { announce: a.announce } : {}),
      ...(a.folderId !== undefined && ctx.gates.channelFolders ? { folder_id: a.folderId } : {}),
      ...(a.isWebPublic !== undefined ? { is_web_public: a.isWebPublic } : {}),
      ...(a.historyPublicToSubscribers !== undefined
        ? { history_public_to_subscribers: a.historyPublicToSubscribers }
        : {}),
      ...(a.isDefaultStream !== undefined ? { is_default_stream: a.isDefaultStream } : {}),
      // Options this server lacks are sent all the same: it names them back as ignored, and the user is told.
      ...(a.topicsPolicy !== undefined ? { topics_policy: a.topicsPolicy } : {}),
      ...(a.messageRetentionDays !== undefined ? { message_retention_days: a.messageRetentionDays } : {}),
      ...Object.fromEntries(Object.entries(a.permissions ?? {}).map(([name, v]) => [name, wireSetting(v)])),
    },
    ctx.featureLevel,
  );
  return { channelId: created.id, notice: describeIgnored(created.ignored) };
}

const POLICY: Record<TopicVisibility, VisibilityPolicyValue> = { none: 0, muted: 1, unmuted: 2, followed: 3 };

export async function setVisibility(ctx: ActionContext, a: CallArgs<'topics:setVisibility'>): Promise<null> {
  if (a.visibility === 'unmuted') requireFeature(ctx.gates, 'unmuteTopics');
  if (a.visibility === 'followed') requireFeature(ctx.gates, 'followTopics');
  await setTopicVisibility(
    ctx.client,
    { stream_id: a.channelId, topic: a.topic, visibility_policy: POLICY[a.visibility] },
    ctx.featureLevel,
  );
  return null;
}
