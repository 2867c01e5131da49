/** Topic visibility: mute, unmute (in a muted channel), follow, or back to none. */
import type { ApiClient, RequestOptions } from '../client';
import { supports } from '../features';
import { SuccessEnvelope } from '../schemas/common';

/** 0 none, 1 muted, 2 unmuted, 3 followed. */
export type VisibilityPolicyValue = 0 | 1 | 2 | 3;

/** POST /user_topics (FL 170): sets a topic's visibility policy. */
export async function updateUserTopic(
  client: ApiClient,
  params: { stream_id: number; topic: string; visibility_policy: VisibilityPolicyValue },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('POST', '/user_topics', { ...params }, SuccessEnvelope, opts);
}

/** PATCH /users/me/subscriptions/muted_topics: the deprecated mute/unmute, for servers below FL 170. */
export async function muteTopicLegacy(
  client: ApiClient,
  params: { stream_id: number; topic: string; op: 'add' | 'remove' },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', '/users/me/subscriptions/muted_topics', { ...params }, SuccessEnvelope, opts);
}

/**
 * Sets a topic's policy with the route the server has. Below FL 170 only muted and none exist;
 * asking such a server for unmuted or followed throws a RangeError (the UI hides those there).
 */
export async function setTopicVisibility(
  client: ApiClient,
  params: { stream_id: number; topic: string; visibility_policy: VisibilityPolicyValue },
  featureLevel: number,
  opts: RequestOptions = {},
): Promise<void> {
  if (supports(featureLevel, 'userTopics')) return updateUserTopic(client, params, opts);
  if (params.visibility_policy === 2 || params.visibility_policy === 3) {
    throw new RangeError('This server can only mute and unmute topics.');
  }
  const op = params.visibility_policy === 1 ? 'add' : 'remove';
  return muteTopicLegacy(client, { stream_id: params.stream_id, topic: params.topic, op }, opts);
}
