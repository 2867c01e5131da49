/** POST /register's answer: the queue plus whatever initial data fetch_event_types asked for. */
import * as z from 'zod';
import { readVersion, SuccessEnvelope, versionFields } from './common';
import { BasicChannel, Subscription } from './subscription';

/** Used when a server predates event_queue_longpoll_timeout_seconds (FL 74). */
export const DEFAULT_LONGPOLL_TIMEOUT_SECONDS = 90;

export const UnreadMessages = z.looseObject({
  count: z.number().int().optional(),
  pms: z
    .array(
      z.looseObject({
        other_user_id: z.number().int().optional(),
        /** Deprecated name of other_user_id (before FL 119). */
        sender_id: z.number().int().optional(),
        unread_message_ids: z.array(z.number().int()),
      }),
    )
    .default([]),
  streams: z
    .array(
      z.looseObject({ stream_id: z.number().int(), topic: z.string(), unread_message_ids: z.array(z.number().int()) }),
    )
    .default([]),
  huddles: z
    .array(z.looseObject({ user_ids_string: z.string(), unread_message_ids: z.array(z.number().int()) }))
    .default([]),
  mentions: z.array(z.number().int()).default([]),
  old_unreads_missing: z.boolean().default(false),
});
export type UnreadMessages = z.infer<typeof UnreadMessages>;

export const RecentDirectConversation = z.looseObject({
  max_message_id: z.number().int(),
  user_ids: z.array(z.number().int()),
});

export const UserTopic = z.looseObject({
  stream_id: z.number().int(),
  topic_name: z.string(),
  last_updated: z.number().optional(),
  visibility_policy: z.number().int(),
});

/** Everything below queue_id/last_event_id is gated by fetch_event_types, so it is all optional. */
export const RegisterResponse = SuccessEnvelope.extend({
  ...versionFields,
  /** Null only for unauthenticated (spectator) access. */
  queue_id: z.string().nullable(),
  last_event_id: z.number().int(),
  event_queue_longpoll_timeout_seconds: z.number().optional(),
  user_id: z.number().int().optional(),
  email: z.string().optional(),
  full_name: z.string().optional(),
  subscriptions: z.array(Subscription).optional(),
  unsubscribed: z.array(BasicChannel).optional(),
  never_subscribed: z.array(BasicChannel).optional(),
  /**
   * People, each checked against `User` only as the snapshot stores them, a slice at a time
   * (main/sync/snapshot-stage.ts): checked here, the 30,000 of the biggest communities held the
   * core's thread for 100-300 ms in one go, while the page's calls waited.
   */
  realm_users: z.array(z.unknown()).optional(),
  realm_non_active_users: z.array(z.unknown()).optional(),
  cross_realm_bots: z.array(z.unknown()).optional(),
  recent_private_conversations: z.array(RecentDirectConversation).optional(),
  unread_msgs: UnreadMessages.optional(),
  starred_messages: z.array(z.number().int()).optional(),
  user_topics: z.array(UserTopic).optional(),
  realm_name: z.string().optional(),
  realm_url: z.string().optional(),
  realm_icon_url: z.string().optional(),
  realm_empty_topic_display_name: z.string().optional(),
  /** Zulip's emoji names for this server (FL 140): a JSON file of `code_to_names`. */
  server_emoji_data_url: z.string().optional(),
  max_message_length: z.number().int().optional(),
  max_topic_length: z.number().int().optional(),
  max_stream_name_length: z.number().int().optional(),
  max_stream_description_length: z.number().int().optional(),
  /** Largest file POST /user_uploads takes, in MiB (Zulip's default 25). */
  max_file_upload_size_mib: z.number().int().optional(),
  user_settings: z.record(z.string(), z.unknown()).optional(),
}).transform((r) => ({
  ...r,
  ...readVersion(r),
  /** The HTTP timeout GET /events should wait at least this long (plus a margin). */
  longpollTimeoutSeconds: r.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS,
}));
export type RegisterResponse = z.infer<typeof RegisterResponse>;
