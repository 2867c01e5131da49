/**
 * Turns a response's ignored_parameters_unsupported into words for the user: what the server
 * did not apply, and why (it is older than the Zulip release that brought it). Zulip lists
 * there every parameter it did not read, so an option an older server lacks is named rather
 * than silently lost.
 */
import { CHANNEL_PERMISSION_LEVELS, FEATURE_LEVELS } from './features';

/** Zulip releases by their last feature level (Zulip's API changelog). */
const RELEASES: ReadonlyArray<{ version: string; lastLevel: number }> = [
  { version: '8', lastLevel: 237 },
  { version: '9', lastLevel: 277 },
  { version: '10', lastLevel: 371 },
  { version: '11', lastLevel: 421 },
];

const PERMISSION_WORDS: Record<keyof typeof CHANNEL_PERMISSION_LEVELS, string> = {
  can_remove_subscribers_group: 'who can remove subscribers',
  can_administer_channel_group: 'who can administer the channel',
  can_send_message_group: 'who can post',
  can_add_subscribers_group: 'who can add subscribers',
  can_subscribe_group: 'who can subscribe themselves',
  can_move_messages_out_of_channel_group: 'who can move messages out of the channel',
  can_move_messages_within_channel_group: 'who can move messages within the channel',
  can_resolve_topics_group: 'who can resolve topics',
  can_delete_any_message_group: 'who can delete any message',
  can_delete_own_message_group: 'who can delete their own messages',
};

/** Parameter name -> what the user chose, and the level that brought it (when we know it). */
const KNOWN: Record<string, { words: string; level?: number }> = {
  topics_policy: { words: 'topics policy', level: FEATURE_LEVELS.channelTopicsPolicy },
  folder_id: { words: 'folder', level: FEATURE_LEVELS.channelFolders },
  send_new_subscription_messages: { words: 'notifying new subscribers', level: 397 },
  group_ids: { words: 'groups to join', level: FEATURE_LEVELS.inviteGroupIds },
  read_by_sender: { words: 'marking your own message read', level: FEATURE_LEVELS.readBySender },
  ...Object.fromEntries(
    Object.entries(PERMISSION_WORDS).map(([name, words]) => [
      name,
      { words, level: CHANNEL_PERMISSION_LEVELS[name as keyof typeof CHANNEL_PERMISSION_LEVELS] },
    ]),
  ),
};

/** "Zulip 11" for a feature of level 392: the first release at or above the level. */
function releaseOf(level: number): string | null {
  const release = RELEASES.find((r) => level <= r.lastLevel);
  return release ? `Zulip ${release.version}` : null;
}

/**
 * One sentence naming what the server ignored, or null when it ignored nothing. Example:
 * "The server ignored: topics policy (it is older than Zulip 11)."
 */
export function describeIgnored(names: readonly string[] | undefined): string | null {
  if (!names || names.length === 0) return null;
  const parts = names.map((name) => {
    const known = KNOWN[name];
    const words = known?.words ?? name.replaceAll('_', ' ');
    const release = known?.level !== undefined ? releaseOf(known.level) : null;
    return release ? `${words} (it is older than ${release})` : words;
  });
  return `The server ignored: ${parts.join('; ')}.`;
}
