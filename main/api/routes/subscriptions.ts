/** The user's subscriptions: list, subscribe, unsubscribe, and personal channel settings. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { jsonString } from '../encode';
import { SuccessEnvelope, type GroupSettingValue } from '../schemas/common';
import { Subscription } from '../schemas/subscription';

const SubscriptionsResponse = SuccessEnvelope.extend({ subscriptions: z.array(Subscription) });

/** GET /users/me/subscriptions: the caller's subscriptions, with subscriber lists when asked. */
export async function getSubscriptions(
  client: ApiClient,
  opts: RequestOptions & { includeSubscribers?: boolean } = {},
): Promise<Subscription[]> {
  const { includeSubscribers, ...requestOpts } = opts;
  const res = await client.request(
    'GET',
    '/users/me/subscriptions',
    { include_subscribers: includeSubscribers },
    SubscriptionsResponse,
    requestOpts,
  );
  return res.subscriptions;
}

/** Options for channels that subscribing creates (the same as POST /channels/create takes). */
export interface ChannelCreationOptions {
  invite_only?: boolean;
  is_web_public?: boolean;
  is_default_stream?: boolean;
  history_public_to_subscribers?: boolean;
  announce?: boolean;
  topics_policy?: 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';
  message_retention_days?: number | 'realm_default' | 'unlimited';
  folder_id?: number | null;
  can_add_subscribers_group?: GroupSettingValue;
  can_remove_subscribers_group?: GroupSettingValue;
  can_administer_channel_group?: GroupSettingValue;
  can_send_message_group?: GroupSettingValue;
  can_subscribe_group?: GroupSettingValue;
  can_delete_any_message_group?: GroupSettingValue;
  can_delete_own_message_group?: GroupSettingValue;
  can_move_messages_out_of_channel_group?: GroupSettingValue;
  can_move_messages_within_channel_group?: GroupSettingValue;
  can_resolve_topics_group?: GroupSettingValue;
}

export interface SubscribeParams extends ChannelCreationOptions {
  /** By name; missing channels are created. */
  subscriptions: { name: string; description?: string }[];
  /** Other users to subscribe (IDs, or emails on old servers); default the caller. */
  principals?: number[] | string[];
  /** Default true: one channel the caller may not join fails the whole request. */
  authorization_errors_fatal?: boolean;
}

/** Keyed by user ID (by email before FL 289): the channel names each user was (already) subscribed to. */
const SubscribeResponse = SuccessEnvelope.extend({
  subscribed: z.record(z.string(), z.array(z.string())).default({}),
  already_subscribed: z.record(z.string(), z.array(z.string())).default({}),
  unauthorized: z.array(z.string()).optional(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

/** POST /users/me/subscriptions: subscribes the caller (or principals) to channels by name, creating missing ones. */
export function subscribe(
  client: ApiClient,
  params: SubscribeParams,
  opts: RequestOptions = {},
): Promise<SubscribeResponse> {
  return client.request(
    'POST',
    '/users/me/subscriptions',
    { ...params, topics_policy: jsonString(params.topics_policy) },
    SubscribeResponse,
    opts,
  );
}

const UnsubscribeResponse = SuccessEnvelope.extend({
  removed: z.array(z.string()).default([]),
  not_removed: z.array(z.string()).default([]),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** DELETE /users/me/subscriptions: unsubscribes the caller (or principals) from channels by name. */
export function unsubscribe(
  client: ApiClient,
  params: { subscriptions: string[]; principals?: number[] | string[] },
  opts: RequestOptions = {},
): Promise<UnsubscribeResponse> {
  return client.request('DELETE', '/users/me/subscriptions', { ...params }, UnsubscribeResponse, opts);
}

/** The personal settings POST /users/me/subscriptions/properties accepts. */
export type SubscriptionPropertyName =
  | 'color'
  | 'is_muted'
  | 'in_home_view'
  | 'pin_to_top'
  | 'desktop_notifications'
  | 'audible_notifications'
  | 'push_notifications'
  | 'email_notifications'
  | 'wildcard_mentions_notify';

export interface SubscriptionPropertyChange {
  stream_id: number;
  property: SubscriptionPropertyName;
  /** A string for color, a boolean for the rest. */
  value: boolean | string;
}

/** POST /users/me/subscriptions/properties: changes personal settings of one or more subscriptions. */
export async function updateSubscriptionProperties(
  client: ApiClient,
  changes: SubscriptionPropertyChange[],
  opts: RequestOptions = {},
): Promise<void> {
  await client.request(
    'POST',
    '/users/me/subscriptions/properties',
    { subscription_data: changes },
    SuccessEnvelope,
    opts,
  );
}
