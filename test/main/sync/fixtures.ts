/**
 * Builders for the sync tests: wire-format register answers and events, parsed through the
 * API layer's own schemas so the tests feed the loop exactly what it gets from a server.
 */
import { RegisterResponse, ZulipEventSchema, type ZulipEvent } from '../../../main/api';

export const SELF = 1;

export function user(id: number, name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: id,
    email: `user${id}@example.com`,
    full_name: name,
    is_bot: false,
    role: 400,
    avatar_url: null,
    ...extra,
  };
}

export function subscription(id: number, name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    stream_id: id,
    name,
    color: '#76ce90',
    description: '',
    invite_only: false,
    is_muted: false,
    pin_to_top: false,
    ...extra,
  };
}

export function register(queueId: string, lastEventId: number, extra: Record<string, unknown> = {}): RegisterResponse {
  return RegisterResponse.parse({
    result: 'success',
    msg: '',
    queue_id: queueId,
    last_event_id: lastEventId,
    zulip_feature_level: 420,
    event_queue_longpoll_timeout_seconds: 30,
    user_id: SELF,
    realm_name: 'Test realm',
    realm_empty_topic_display_name: 'general chat',
    max_message_length: 10000,
    realm_users: [user(SELF, 'Me'), user(2, 'Bea'), user(3, 'Cy')],
    subscriptions: [subscription(10, 'general'), subscription(11, 'design')],
    recent_private_conversations: [{ max_message_id: 5, user_ids: [2] }],
    unread_msgs: {
      count: 2,
      pms: [{ other_user_id: 2, unread_message_ids: [5] }],
      streams: [{ stream_id: 10, topic: 'hello', unread_message_ids: [4] }],
      huddles: [],
      mentions: [],
      old_unreads_missing: false,
    },
    ...extra,
  });
}

export function event(raw: Record<string, unknown>): ZulipEvent {
  return ZulipEventSchema.parse(raw);
}

export function channelWire(id: number, channelId: number, topic: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    type: 'stream',
    sender_id: 2,
    sender_email: 'user2@example.com',
    sender_full_name: 'Bea',
    timestamp: 1_700_000_000 + id,
    content: `<p>message ${id}</p>`,
    content_type: 'text/html',
    display_recipient: 'general',
    stream_id: channelId,
    subject: topic,
    avatar_url: null,
    reactions: [],
    ...extra,
  };
}

export function dmWire(id: number, userIds: number[], extra: Record<string, unknown> = {}) {
  return {
    id,
    type: 'private',
    sender_id: 2,
    sender_email: 'user2@example.com',
    sender_full_name: 'Bea',
    timestamp: 1_700_000_000 + id,
    content: `<p>dm ${id}</p>`,
    display_recipient: userIds.map((u) => ({ id: u, email: `user${u}@example.com`, full_name: `User ${u}` })),
    subject: '',
    reactions: [],
    ...extra,
  };
}

export function messageEvent(
  id: number,
  message: Record<string, unknown>,
  flags: string[] = [],
  extra: Record<string, unknown> = {},
) {
  return event({ id, type: 'message', message, flags, ...extra });
}
