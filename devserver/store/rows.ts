/** Row shapes as SQLite returns them (booleans are 0/1 integers; JSON columns are text). */

export interface RealmRow {
  id: 1;
  name: string;
  description: string;
  string_id: string;
  placeholder_email_domain: string;
  date_created: number;
  deactivated: number;
  topics_policy: string;
  empty_topic_display_name: string;
  icon_version: number;
}

export interface UserRow {
  id: number;
  delivery_email: string;
  full_name: string;
  password_hash: string | null;
  api_key: string;
  role: number;
  is_active: number;
  is_bot: number;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_system_bot: number;
  timezone: string;
  date_joined: number;
  avatar_version: number;
  email_address_visibility: number;
  settings: string;
}

export interface ChannelRow {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  invite_only: number;
  is_web_public: number;
  history_public_to_subscribers: number;
  date_created: number;
  creator_id: number | null;
  topics_policy: string;
  message_retention_days: number | null;
  folder_id: number | null;
  is_archived: number;
  is_default: number;
  recipient_id: number;
  group_settings: string;
}

export interface SubscriptionRow {
  user_id: number;
  channel_id: number;
  active: number;
  color: string;
  is_muted: number;
  pin_to_top: number;
  desktop_notifications: number | null;
  email_notifications: number | null;
  push_notifications: number | null;
  audible_notifications: number | null;
  wildcard_mentions_notify: number | null;
}

export interface MessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  channel_id: number | null;
  topic: string;
  content: string;
  rendered_content: string;
  date_sent: number;
  client: string;
  is_me_message: number;
  last_edit_timestamp: number | null;
  last_moved_timestamp: number | null;
  edit_history: string | null;
}

export interface ReactionRow {
  message_id: number;
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export interface UserGroupRow {
  id: number;
  name: string;
  description: string;
  is_system_group: number;
  date_created: number | null;
  creator_id: number | null;
  deactivated: number;
  settings: string;
}

/** Roles as the API numbers them. */
export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;
