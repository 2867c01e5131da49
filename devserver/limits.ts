/** Length limits reported by POST /register and enforced by the routes (Zulip's defaults). */
export const LIMITS = {
  max_message_length: 10_000,
  max_topic_length: 60,
  max_stream_name_length: 60,
  max_stream_description_length: 1024,
  max_channel_folder_name_length: 60,
  max_channel_folder_description_length: 1024,
  max_file_upload_size_mib: 25,
  max_avatar_file_size_mib: 5,
  max_icon_file_size_mib: 5,
  max_logo_file_size_mib: 5,
  max_reminder_note_length: 1000,
  max_bulk_new_subscription_messages: 1000,
} as const;

/** Most messages one GET /messages may ask for (num_before + num_after). */
export const MAX_MESSAGES_PER_FETCH = 5000;

/** Zulip stops listing unread messages in register here and sets old_unreads_missing. */
export const MAX_UNREAD_MESSAGES = 50_000;
