/**
 * The feature levels at which the API behaviours this server emulates appeared, from Zulip's API
 * changelog (zulip/zulip api_docs/changelog.md) and the reference notes
 * (/work/shared/reference/protocol-notes.md). A server started with --feature-level N behaves
 * as a Zulip server of level N for each of these: older ones lack the route (404), ignore the
 * parameter (and list it in ignored_parameters_unsupported from level 167), leave the field out
 * of /register, or ignore the client capability.
 */

/** Zulip releases and their final feature levels (the changelog's "feature level used for … release"). */
export const RELEASES: ReadonlyArray<{ version: string; level: number }> = [
  { version: '8.0', level: 237 },
  { version: '9.0', level: 277 },
  { version: '10.0', level: 371 },
  { version: '11.0', level: 421 },
];

/** ignored_parameters_unsupported in every success response. */
export const IGNORED_PARAMETERS_LEVEL = 167;
/** visibility_policy 3 (followed) in POST /user_topics. */
export const FOLLOWED_TOPICS_LEVEL = 219;
/** user_topics in /register and user_topic events (before: only muted_topics). */
export const USER_TOPICS_STATE_LEVEL = 134;

/** Routes by method and path (as the route files spell them). */
export const ROUTE_LEVELS: ReadonlyArray<{ path: string; method?: string; level: number }> = [
  { path: '/user_topics', level: 170 },
  { path: '/saved_snippets', level: 297 },
  { path: '/saved_snippets/{saved_snippet_id}', method: 'PATCH', level: 368 },
  { path: '/saved_snippets/{saved_snippet_id}', method: 'DELETE', level: 297 },
  { path: '/channel_folders/create', level: 389 },
  { path: '/channel_folders', level: 389 },
  { path: '/channel_folders/{channel_folder_id}', level: 389 },
  { path: '/navigation_views', level: 390 },
  { path: '/navigation_views/{fragment}', level: 390 },
  { path: '/mobile_push/register', level: 406 },
  { path: '/mobile_push/e2ee/test_notification', level: 420 },
  { path: '/channels/create', level: 417 },
  { path: '/messages/{message_id}/typing', level: 361 },
];

/** Channel settings a request may set when creating (subscribing) or editing a channel. */
const CHANNEL_PARAMS: Readonly<Record<string, number>> = {
  can_administer_channel_group: 325,
  can_send_message_group: 333,
  can_add_subscribers_group: 342,
  can_subscribe_group: 357,
  folder_id: 389,
  topics_policy: 392,
  can_move_messages_out_of_channel_group: 396,
  can_move_messages_within_channel_group: 396,
  send_new_subscription_messages: 397,
  can_resolve_topics_group: 402,
  can_delete_any_message_group: 407,
  can_delete_own_message_group: 407,
};

/** Parameters by route (`METHOD path`): older servers do not read them. */
export const PARAM_LEVELS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'POST /users/me/subscriptions': CHANNEL_PARAMS,
  'POST /channels/create': CHANNEL_PARAMS,
  'PATCH /streams/{stream_id}': CHANNEL_PARAMS,
  'GET /messages': { message_ids: 300, allow_empty_topic_name: 334 },
  'POST /messages': { read_by_sender: 236 },
  'POST /invites/multiuse': { group_ids: 322, welcome_message_custom_text: 416 },
  'POST /invites': { group_ids: 322, welcome_message_custom_text: 416 },
  'GET /users': { user_ids: 384 },
  'POST /register': { presence_history_limit_days: 288 },
};

/** client_capabilities an older server does not know (and so ignores). */
export const CAPABILITY_LEVELS: Readonly<Record<string, number>> = {
  linkifier_url_template: 176,
  include_deactivated_groups: 294,
  archived_channels: 315,
  empty_topic_name: 334,
  simplified_presence_events: 419,
};

/** Top-level /register fields. */
export const REGISTER_FIELD_LEVELS: Readonly<Record<string, number>> = {
  user_topics: USER_TOPICS_STATE_LEVEL,
  saved_snippets: 297,
  channel_folders: 389,
  navigation_views: 390,
  push_devices: 406,
  max_channel_folder_name_length: 410,
  max_channel_folder_description_length: 410,
};

/** Fields of channel and subscription objects (in /register, GET /streams, GET subscriptions). */
export const CHANNEL_FIELD_LEVELS: Readonly<Record<string, number>> = {
  creator_id: 254,
  is_archived: 315,
  is_recently_active: 323,
  ...Object.fromEntries(Object.entries(CHANNEL_PARAMS).filter(([name]) => name !== 'send_new_subscription_messages')),
  subscriber_count: 394,
  partial_subscribers: 412,
};

/** Personal settings (user_settings keys) and when they arrived. */
export const USER_SETTING_LEVELS: Readonly<Record<string, number>> = {
  web_home_view: 219,
  receives_typing_notifications: 253,
  web_navigate_to_sent_message: 268,
  web_animate_image_previews: 275,
  resolved_topic_notice_auto_read_policy: 385,
  web_left_sidebar_unreads_count_summary: 398,
  web_left_sidebar_show_channel_folders: 411,
};
