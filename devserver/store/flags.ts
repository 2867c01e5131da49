/**
 * Per-user message flags, stored as a bitmask in user_messages.flags. The bit values are ours; the
 * names are Zulip's. `wildcard_mentioned` is not stored: it is derived (either wildcard bit set).
 * A message the user has no user_messages row for is reported as historical too.
 */
export const FLAG_BITS = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  has_alert_word: 64,
  /** A row created when the user acted on (starred, reacted to) a message they never received. */
  historical: 128,
} as const;

export type StoredFlag = keyof typeof FLAG_BITS;

/** Any kind of mention: the bits behind is:mentioned (the partial index uses the same mask, 56). */
export const MENTION_MASK =
  FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

const ORDER = Object.keys(FLAG_BITS) as StoredFlag[];

/** The API's flags array for a stored bitmask. */
export function flagNames(bits: number): string[] {
  const names: string[] = ORDER.filter((name) => (bits & FLAG_BITS[name]) !== 0);
  if ((bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) !== 0) {
    names.push('wildcard_mentioned');
  }
  return names;
}

/** Bits of the row created for a message the user acts on without having received it. */
export const HISTORICAL_BITS = FLAG_BITS.read | FLAG_BITS.historical;

/** Flags of a message the user can read but never received (public channel history). */
export const HISTORICAL_FLAGS = ['read', 'historical'];
