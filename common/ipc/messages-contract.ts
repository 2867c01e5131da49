/**
 * The part of the IPC contract about acting on messages (read, star, react, edit, move,
 * delete, typing), unread counts and search. ./contract.ts merges these into Calls and Events.
 * Read, star and reaction changes show at once as messages:flags (read, starred) or
 * messages:updated, sidebar:changed and unreads:changed, and are undone (with the same events)
 * if the server refuses.
 */
import type {
  EmojiRef,
  FlagChange,
  MarkReadScope,
  MessageEdit,
  Narrow,
  SearchPhase,
  SearchResult,
  TypingTarget,
  UnreadCounts,
  UnreadSummary,
} from '../model';

type Account = { accountId: string };

export interface MessageCalls {
  /**
   * Marks messages, a topic, a channel or everything read; answers how many were unread here.
   * `seen` (messages the reader saw on screen, scope "messages"): answered as soon as the cache has
   * them read, with the deltas in the same bridge frame; the server hears of them in the next
   * batched read, and if it refuses they turn unread again (as events) instead of the call failing.
   */
  'messages:markRead': (args: Account & { scope: MarkReadScope; seen?: boolean | undefined }) => { count: number };
  /** Marks `fromId` and the later messages of the narrow unread (Zulip's Shift+U); answers how many cached ones turned. */
  'messages:markUnread': (args: Account & { narrow: Narrow; fromId: number }) => { count: number };
  'messages:star': (args: Account & { messageIds: number[]; starred: boolean }) => null;
  /** Adds or removes the user's own reaction. */
  'messages:react': (args: Account & { messageId: number; emoji: EmojiRef; op: 'add' | 'remove' }) => null;
  /** New content and/or a move; the change arrives as messages:updated once the server applied it. */
  'messages:edit': (args: Account & { messageId: number; edit: MessageEdit }) => null;
  /** The message goes as messages:removed once the server deleted it. */
  'messages:delete': (args: Account & { messageId: number }) => null;
  /**
   * Searches cached messages (at once, offline too) and the server (when it answers), merged,
   * newest first. `below`: page on from the oldest result shown. Query language: main/search/query.ts.
   * `phase: "cache"` answers from the cache alone, never waiting for the server; the default,
   * "merged", waits for the server's answer (or its failure). The renderer asks both at once and
   * shows the cache's answer until the merged one replaces it.
   */
  'search:query': (
    args: Account & {
      query: string;
      below?: number | undefined;
      limit?: number | undefined;
      phase?: SearchPhase | undefined;
    },
  ) => SearchResult;
  /** Call "start" on every keystroke and "stop" when the draft is sent or cleared; main throttles. */
  'typing:set': (args: Account & { to: TypingTarget; op: 'start' | 'stop' }) => null;
  'unreads:get': (args: Account) => UnreadCounts;
  /** The server's rendering of a draft (POST /messages/render), to preview before sending. */
  'messages:render': (args: Account & { content: string }) => { html: string };
}

export interface MessageEvents {
  /** The account's unread counts, whenever they change. */
  'unreads:changed': { counts: UnreadSummary };
  /**
   * Read or starred turned on or off for these messages, in order: the page changes that field
   * of the ones it holds. Sent instead of messages:updated for these two flags, which change by
   * the thousand (marking a channel or everything read) and carry nothing else.
   */
  'messages:flags': { accountId: string; changes: FlagChange[] };
}

export const MESSAGE_CALL_NAMES = [
  'messages:markRead',
  'messages:star',
  'messages:react',
  'messages:edit',
  'messages:delete',
  'search:query',
  'typing:set',
  'unreads:get',
  'messages:render',
  'messages:markUnread',
] as const satisfies readonly (keyof MessageCalls)[];

export const MESSAGE_EVENT_NAMES = [
  'unreads:changed',
  'messages:flags',
] as const satisfies readonly (keyof MessageEvents)[];
