/**
 * The windows of the last conversations left, kept so that going back to one draws its rows in
 * the click's own frame, before the core's page arrives (issue 28: a switch between cached
 * channels under 50 ms; the core's answer alone lands 25-35 ms after the click on a busy page).
 * Zulip's web app does the same with the message lists of narrows it has shown.
 *
 * A kept window is only shown while it is known to be current, checked against the sidebar's
 * counts at the moment of the switch: the conversation's newest message is in it, and so is every
 * unread one (the opening puts the first unread message at the top; a window missing new unread
 * messages would open in the wrong place and could mark unseen messages read). Message changes
 * (flags, edits, reactions, moves, deletions) reach the kept windows as they reach the open one.
 * The core's page still comes and replaces the window; messages equal to the kept ones keep their
 * objects, so rows already drawn are not drawn again.
 */
import { dequal } from 'dequal';
import type { FlagChange, MessageView, Narrow, Sidebar } from '../../common/model';
import { PAGE_SIZE } from '../../common/opening';
import { messageInNarrow, narrowKey, sameTopic } from '../lib/narrow';
import { isConfirmed, withFlags } from './messageList';

/** Conversations kept: the few a user goes back and forth between. */
const KEPT = 8;

/** What the sidebar says of a conversation now: its newest message and how many are unread. */
export interface NarrowTally {
  newestId: number;
  unreadCount: number;
}

/** A window shown again at once: what MessagesState.load would have set from the core's page. */
export interface KeptWindow {
  messages: MessageView[];
  foundOldest: boolean;
  /** The first unread message, where the opening puts the reader (null: at the end). */
  firstUnreadId: number | null;
}

interface Kept {
  narrow: Narrow;
  messages: MessageView[];
  foundOldest: boolean;
}

export class NarrowSnapshots {
  /** By narrow key, the least recently left first. */
  readonly #kept = new Map<string, Kept>();

  constructor(private readonly selfUserId: number) {}

  /**
   * Keeps the window of a conversation being left. Only a window at the conversation's newest
   * end: an opening shows that end or the first unread message, which the checks below need.
   */
  keep(narrow: Narrow, messages: readonly MessageView[], foundOldest: boolean, foundNewest: boolean): void {
    const key = narrowKey(narrow);
    this.#kept.delete(key);
    if (narrow.kind === 'all' || !foundNewest) return;
    const confirmed = messages.filter(isConfirmed);
    if (confirmed.length === 0) return;
    // An opening shows at most a page either side of the first unread message, which take()
    // wants within a page of the end: the rest of a long window would only hold memory.
    const start = Math.max(0, confirmed.length - (2 * PAGE_SIZE + 1));
    this.#kept.set(key, { narrow, messages: confirmed.slice(start), foundOldest: foundOldest && start === 0 });
    for (const old of this.#kept.keys()) {
      if (this.#kept.size <= KEPT) break;
      this.#kept.delete(old);
    }
  }

  /**
   * The kept window of `narrow` as an opening would load it (the page above the first unread
   * message and the rest to the end, or the last page), if `tally` shows it is current.
   */
  take(narrow: Narrow, tally: NarrowTally | null): KeptWindow | null {
    const kept = this.#kept.get(narrowKey(narrow));
    if (!kept || !tally) return null;
    const { messages } = kept;
    const newest = messages[messages.length - 1]!.id;
    const firstUnread = messages.findIndex((m) => !m.read);
    const unread = firstUnread < 0 ? 0 : messages.slice(firstUnread).filter((m) => !m.read).length;
    if (newest < tally.newestId || unread !== tally.unreadCount) return null;
    // Past a page of messages after the first unread one, an opening would not reach the end.
    if (firstUnread >= 0 && messages.length - firstUnread > PAGE_SIZE + 1) return null;
    const start = Math.max(0, (firstUnread < 0 ? messages.length : firstUnread) - PAGE_SIZE);
    return {
      messages: messages.slice(start),
      foundOldest: kept.foundOldest && start === 0,
      firstUnreadId: firstUnread < 0 ? null : messages[firstUnread]!.id,
    };
  }

  /**
   * Changed messages, as the open window gets them. A message moved into a kept conversation,
   * within the span its window covers (or anywhere, for a window that reaches the conversation's
   * first message), makes that window incomplete: it is dropped.
   */
  applyUpdated(updated: readonly MessageView[]): void {
    for (const [key, kept] of this.#kept) {
      let list = kept.messages;
      for (const message of updated) {
        const index = list.findIndex((m) => m.id === message.id);
        const belongs = messageInNarrow(message, kept.narrow, this.selfUserId);
        if (index >= 0) list = belongs ? list.with(index, message) : list.filter((_, i) => i !== index);
        else if (belongs && isConfirmed(message) && (message.id > list[0]!.id || kept.foundOldest)) list = [];
        if (list.length === 0) break;
      }
      if (list.length === 0) this.#kept.delete(key);
      else kept.messages = list;
    }
  }

  applyFlags(changes: readonly FlagChange[]): void {
    for (const kept of this.#kept.values()) kept.messages = withFlags(kept.messages, changes);
  }

  applyRemoved(ids: readonly number[]): void {
    const gone = new Set(ids);
    for (const [key, kept] of this.#kept) {
      const list = kept.messages.filter((m) => !gone.has(m.id));
      if (list.length === 0) this.#kept.delete(key);
      else kept.messages = list;
    }
  }

  /** Deltas may have been missed (the bridge reconnected): nothing kept can be trusted. */
  clear(): void {
    this.#kept.clear();
  }
}

/**
 * `page`'s messages, each replaced by the equal one already shown where there is one: the list's
 * rows are kept by object (components/messages/rows.ts), so an answer that brings what a kept
 * window showed changes nothing on screen.
 */
export function reuseEqual(page: readonly MessageView[], shown: readonly MessageView[]): MessageView[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  return page.map((m) => {
    const same = byId.get(m.id);
    return same !== undefined && dequal(same, m) ? same : m;
  });
}

/** The sidebar's newest message and unread count of a conversation (null: it is not there). */
export function tallyOf(sidebar: Sidebar | null, narrow: Narrow): NarrowTally | null {
  if (!sidebar) return null;
  switch (narrow.kind) {
    case 'channel': {
      const channel = sidebar.channels.find((c) => c.id === narrow.channelId);
      if (!channel) return null;
      const newestId = channel.topics.reduce((max, t) => Math.max(max, t.maxMessageId), 0);
      return { newestId, unreadCount: channel.unreadCount };
    }
    case 'topic': {
      const channel = sidebar.channels.find((c) => c.id === narrow.channelId);
      const topic = channel?.topics.find((t) => sameTopic(t.name, narrow.topic));
      return topic ? { newestId: topic.maxMessageId, unreadCount: topic.unreadCount } : null;
    }
    case 'dm': {
      const wanted = narrowKey(narrow);
      const dm = sidebar.dms.find((d) => narrowKey({ kind: 'dm', userIds: d.userIds }) === wanted);
      return dm ? { newestId: dm.maxMessageId, unreadCount: dm.unreadCount } : null;
    }
    case 'all':
      return null;
  }
}
