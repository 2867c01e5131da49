/**
 * Feature levels at which the server behaviours we depend on appeared (api-v1.md section 9
 * and the protocol notes). `supports(level, feature)` is the only way code should gate on them,
 * so a level is written down once.
 */
export const FEATURE_LEVELS = {
  /** ignored_parameters_unsupported in every success response. */
  ignoredParametersUnsupported: 167,
  /** POST /messages/flags/narrow (marking a whole narrow read in server-side batches). */
  flagsForNarrow: 155,
  /** user_id in the POST /fetch_api_key response. */
  fetchApiKeyUserId: 171,
  /** type "direct" in POST /messages. */
  directMessageType: 174,
  /** Narrow operators dm and dm-including (instead of pm-with, group-pm-with). */
  dmNarrowOperator: 177,
  /** POST /typing names a channel by stream_id (before: `to` held the channel ID). */
  typingStreamId: 215,
  /** POST /user_topics with visibility policies (follow, unmute); before it, PATCH muted_topics. */
  userTopics: 170,
  /** visibility_policy 3: following a topic. */
  followedTopics: 219,
  /** A channel's own topics_policy (creating, editing). */
  channelTopicsPolicy: 392,
  /** read_by_sender in POST /messages. */
  readBySender: 236,
  /** type "channel" in POST /messages. */
  channelMessageType: 248,
  /** Narrow operators channel and channels (instead of stream, streams). */
  channelNarrowOperator: 250,
  /** GET /messages with message_ids. */
  messageIdsInGetMessages: 300,
  /** The empty topic ("general chat") and allow_empty_topic_name. */
  emptyTopic: 334,
  /** GET /users with user_ids. */
  userIdsInGetUsers: 384,
  /** Saved snippets. */
  savedSnippets: 297,
  /** group_ids in POST /invites/multiuse. */
  inviteGroupIds: 322,
  /** PATCH /saved_snippets/{id}. */
  editSavedSnippets: 368,
  /** Channel folders. */
  channelFolders: 389,
  /** Navigation views. */
  navigationViews: 390,
  /** End-to-end encrypted push (POST /mobile_push/register). */
  e2eePush: 406,
  /** Scheduled messages with PATCH /scheduled_messages/{id} (created since 179, edited since 184). */
  scheduledMessages: 184,
  /** Message reminders with GET and DELETE /reminders (created since 381). */
  reminders: 399,
  /** POST /channels/create. */
  channelsCreate: 417,
  /** include_subscribers: "partial" (big channels' lists cut to bots and the recently active). */
  partialSubscribers: 412,
} as const;

export type Feature = keyof typeof FEATURE_LEVELS;

/**
 * The channel permission settings a server takes as group-setting values when a channel is
 * created (Zulip's API changelog: can_remove_subscribers_group took only a group ID before 320;
 * the others did not exist before their level).
 */
export const CHANNEL_PERMISSION_LEVELS = {
  can_remove_subscribers_group: 320,
  can_administer_channel_group: 325,
  can_send_message_group: 333,
  can_add_subscribers_group: 342,
  can_subscribe_group: 357,
  can_move_messages_out_of_channel_group: 396,
  can_move_messages_within_channel_group: 396,
  can_resolve_topics_group: 402,
  can_delete_any_message_group: 407,
  can_delete_own_message_group: 407,
} as const;

/** The channel permission settings a server at `featureLevel` takes at creation. */
export function channelPermissionsAt(featureLevel: number): Array<keyof typeof CHANNEL_PERMISSION_LEVELS> {
  return (Object.keys(CHANNEL_PERMISSION_LEVELS) as Array<keyof typeof CHANNEL_PERMISSION_LEVELS>).filter(
    (name) => featureLevel >= CHANNEL_PERMISSION_LEVELS[name],
  );
}

/** True when a server at `featureLevel` has `feature`. */
export function supports(featureLevel: number, feature: Feature): boolean {
  return featureLevel >= FEATURE_LEVELS[feature];
}
