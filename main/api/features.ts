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
} as const;

export type Feature = keyof typeof FEATURE_LEVELS;

/** True when a server at `featureLevel` has `feature`. */
export function supports(featureLevel: number, feature: Feature): boolean {
  return featureLevel >= FEATURE_LEVELS[feature];
}
