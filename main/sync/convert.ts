/**
 * From the API's wire records (main/api/schemas) to the cache's values (main/store). The
 * only place that knows both shapes, so appliers, the snapshot and the pager agree.
 */
import { isDirectMessage, isSubscriptionMuted, type Message, type Subscription, type User } from '../api';
import { dmKeyOf } from '../store/narrows';
import type { SubscribedChannel } from '../store/repos/channels';
import type { CachedMessage, StoredReaction } from '../store/repos/message-rows';
import type { StoredUser } from '../store/repos/users';

/** Flags with columns or tables of their own; the rest are kept in other_flags. */
const OWN_FLAGS = new Set(['read', 'starred']);

export function toStoredReaction(r: {
  user_id: number;
  reaction_type: string;
  emoji_code: string;
  emoji_name: string;
}): StoredReaction {
  return { userId: r.user_id, reactionType: r.reaction_type, emojiCode: r.emoji_code, emojiName: r.emoji_name };
}

/** A message with its flags (from GET /messages, or beside it in a message event). */
export function toCachedMessage(m: Message, flags: readonly string[]): CachedMessage {
  const direct = isDirectMessage(m) || Array.isArray(m.display_recipient);
  const participants = Array.isArray(m.display_recipient) ? m.display_recipient.map((u) => u.id) : [];
  if (!direct && m.stream_id === undefined) {
    throw new Error(`message ${m.id} is a channel message without stream_id`);
  }
  return {
    id: m.id,
    senderId: m.sender_id,
    senderFullName: m.sender_full_name,
    senderEmail: m.sender_email,
    avatarUrl: m.avatar_url ?? null,
    timestamp: Math.floor(m.timestamp),
    content: m.content,
    contentType: m.content_type ?? 'text/html',
    channelId: direct ? null : (m.stream_id ?? null),
    topic: direct ? '' : m.subject,
    // The sender is always a participant (display_recipient includes them, but be sure).
    dmKey: direct ? dmKeyOf([...participants, m.sender_id]) : null,
    starred: flags.includes('starred'),
    otherFlags: flags.filter((f) => !OWN_FLAGS.has(f)),
    lastEditTimestamp: m.last_edit_timestamp ?? null,
    lastMovedTimestamp: m.last_moved_timestamp ?? null,
    isMeMessage: m.is_me_message ?? false,
    reactions: m.reactions.map(toStoredReaction),
    read: flags.includes('read'),
  };
}

/** Fields of a user record that have columns; everything else is kept in extra. */
const USER_COLUMNS = new Set(['user_id', 'email', 'full_name', 'avatar_url', 'role', 'is_bot', 'is_active']);

export function toStoredUser(u: User, isActive: boolean = u.is_active): StoredUser {
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(u)) if (!USER_COLUMNS.has(k) && v !== undefined) extra[k] = v;
  return {
    id: u.user_id,
    email: u.email,
    fullName: u.full_name,
    avatarUrl: u.avatar_url ?? null,
    role: u.role,
    isBot: u.is_bot,
    isActive,
    extra,
  };
}

/** Channel-wide fields with columns, and the user's own subscription fields. */
const CHANNEL_COLUMNS = new Set(['stream_id', 'name', 'description', 'rendered_description', 'invite_only']);
const PERSONAL_FIELDS = new Set([
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'email_notifications',
  'push_notifications',
  'audible_notifications',
  'wildcard_mentions_notify',
]);
/** Large lists we do not keep yet (subscriber lists can hold thousands of IDs). */
const DROPPED = new Set(['subscribers', 'partial_subscribers']);

export function toSubscribedChannel(s: Subscription): SubscribedChannel {
  const extra: Record<string, unknown> = {};
  const settings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (v === undefined || CHANNEL_COLUMNS.has(k) || DROPPED.has(k)) continue;
    if (PERSONAL_FIELDS.has(k)) {
      if (k !== 'color' && k !== 'is_muted' && k !== 'in_home_view' && k !== 'pin_to_top') settings[k] = v;
    } else {
      extra[k] = v;
    }
  }
  return {
    id: s.stream_id,
    name: s.name,
    description: s.description,
    renderedDescription: s.rendered_description ?? '',
    inviteOnly: s.invite_only,
    extra,
    subscription: {
      channelId: s.stream_id,
      color: s.color,
      isMuted: isSubscriptionMuted(s),
      pinToTop: s.pin_to_top,
      settings,
    },
  };
}
