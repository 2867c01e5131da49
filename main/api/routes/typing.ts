/** Typing notifications (the sending side; typing events are applied in main/sync). */
import type { ApiClient, RequestOptions } from '../client';
import { supports } from '../features';
import { SuccessEnvelope } from '../schemas/common';

export type TypingTarget = { kind: 'dm'; userIds: number[] } | { kind: 'channel'; channelId: number; topic: string };

/** The parameters a server at this level expects for a typing notification about `to`. */
export function typingParams(to: TypingTarget, op: 'start' | 'stop', featureLevel: number): Record<string, unknown> {
  if (to.kind === 'dm') {
    return { type: supports(featureLevel, 'directMessageType') ? 'direct' : 'private', op, to: to.userIds };
  }
  const type = supports(featureLevel, 'channelMessageType') ? 'channel' : 'stream';
  // Before FL 215 a channel was named by `to` (a one-element list) instead of stream_id.
  return supports(featureLevel, 'typingStreamId')
    ? { type, op, stream_id: to.channelId, topic: to.topic }
    : { type, op, to: [to.channelId], topic: to.topic };
}

/** POST /typing: tells the recipients the user started or stopped typing to them. */
export function setTyping(
  client: ApiClient,
  to: TypingTarget,
  op: 'start' | 'stop',
  featureLevel: number,
  opts: RequestOptions = {},
): Promise<unknown> {
  return client.request('POST', '/typing', typingParams(to, op, featureLevel), SuccessEnvelope, opts);
}
