/** Channels themselves: creating one, finding one by name, its subscribers. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { jsonString } from '../encode';
import { supports } from '../features';
import { SuccessEnvelope } from '../schemas/common';
import { subscribe, type ChannelCreationOptions } from './subscriptions';

export interface CreateChannelParams extends ChannelCreationOptions {
  name: string;
  description?: string;
  /** User IDs to subscribe (normally including the caller). */
  subscribers: number[];
}

const CreateChannelResponse = SuccessEnvelope.extend({ id: z.number().int() });
const ChannelIdResponse = SuccessEnvelope.extend({ stream_id: z.number().int() });
const MembersResponse = SuccessEnvelope.extend({ subscribers: z.array(z.number().int()) });

/** GET /get_stream_id: a channel's ID from its name. */
export async function getChannelId(client: ApiClient, name: string, opts: RequestOptions = {}): Promise<number> {
  const res = await client.request('GET', '/get_stream_id', { stream: name }, ChannelIdResponse, opts);
  return res.stream_id;
}

/**
 * POST /channels/create (FL 417): creates a channel and returns its ID. An existing name is
 * CHANNEL_ALREADY_EXISTS. Older servers only create channels by subscribing to a new name
 * (POST /users/me/subscriptions), which says nothing about the ID, so it is then looked up.
 * `ignored` is the server's ignored_parameters_unsupported: options it did not apply.
 */
export async function createChannel(
  client: ApiClient,
  params: CreateChannelParams,
  featureLevel: number,
  opts: RequestOptions = {},
): Promise<{ id: number; ignored: string[] }> {
  if (supports(featureLevel, 'channelsCreate')) {
    const retention = params.message_retention_days;
    const body = {
      ...params,
      topics_policy: jsonString(params.topics_policy),
      // "unlimited" and "realm_default" travel JSON-encoded like the numbers.
      message_retention_days: typeof retention === 'string' ? jsonString(retention) : retention,
    };
    const res = await client.request('POST', '/channels/create', body, CreateChannelResponse, opts);
    return { id: res.id, ignored: res.ignored_parameters_unsupported ?? [] };
  }
  const { name, description, subscribers, ...options } = params;
  const res = await subscribe(
    client,
    {
      ...options,
      subscriptions: [{ name, ...(description !== undefined ? { description } : {}) }],
      principals: subscribers,
    },
    opts,
  );
  return { id: await getChannelId(client, name, opts), ignored: res.ignored_parameters_unsupported ?? [] };
}

/** GET /streams/{stream_id}/members: the channel's subscribers' user IDs. */
export async function getChannelSubscribers(
  client: ApiClient,
  channelId: number,
  opts: RequestOptions = {},
): Promise<number[]> {
  const res = await client.request('GET', `/streams/${channelId}/members`, {}, MembersResponse, opts);
  return res.subscribers;
}
