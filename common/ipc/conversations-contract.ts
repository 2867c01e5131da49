/**
 * The part of the IPC contract about conversation rows (Recent conversations): who took part and
 * when the last message came, read from the account's cache in one go for every row on screen.
 * ./contract.ts merges these into Calls.
 */
import type { Narrow } from '../model';

/** Someone who wrote in a conversation. */
export interface Participant {
  userId: number;
  name: string;
  /** As the server gave it (may be relative to the organization); null: none, show initials. */
  avatarUrl: string | null;
}

/** What Recent conversations shows beside a row, as Zulip's recent view does. */
export interface ConversationDetails {
  /** The senders of its latest cached messages, the most recent sender first (at most MAX_PARTICIPANTS). */
  participants: Participant[];
  /** How many different people wrote among those messages (more than `participants` can hold). */
  participantCount: number;
  /** The newest cached message's time (Unix seconds); null when none of its messages is cached. */
  lastTimestamp: number | null;
}

/** Senders kept per row: Zulip shows four avatars and "+N" for the rest. */
export const MAX_PARTICIPANTS = 5;
/** Conversations asked about in one call (Recent shows 200). */
export const MAX_DETAIL_CONVERSATIONS = 500;

export interface ConversationCalls {
  /**
   * Details of topic and DM conversations (a channel or the Combined feed gets empty details), in
   * the order asked. A DM narrow lists the other participants, as everywhere.
   */
  'conversations:details': (args: { accountId: string; conversations: Narrow[] }) => ConversationDetails[];
}

export const CONVERSATION_CALL_NAMES = [
  'conversations:details',
] as const satisfies readonly (keyof ConversationCalls)[];
