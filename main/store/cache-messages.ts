/**
 * Stores messages as the server just described them (a message event, a GET /messages page,
 * search results) with everything that hangs off them: read and mention state in unreads,
 * starred (inside MessagesRepo), the topic list and recent DMs. Every writer of fetched
 * messages goes through here so none forgets a table. Call inside a transaction.
 */
import type { AccountStore } from './account-store';
import { isMentioned, type CachedMessage } from './repos/message-rows';
import type { UnreadEntry } from './repos/unreads';

export function unreadEntryOf(m: CachedMessage): UnreadEntry {
  return {
    messageId: m.id,
    channelId: m.channelId,
    topic: m.channelId === null ? null : m.topic,
    dmKey: m.dmKey,
    mentioned: isMentioned(m.otherFlags),
  };
}

export function cacheMessages(store: AccountStore, messages: readonly CachedMessage[]): void {
  store.transaction(() => {
    store.messages.upsertMany(messages);
    const read = messages.filter((m) => m.read).map((m) => m.id);
    if (read.length > 0) store.unreads.remove(read);
    store.unreads.add(messages.filter((m) => !m.read).map(unreadEntryOf));
    for (const m of messages) {
      if (m.channelId !== null) store.topics.note(m.channelId, m.topic, m.id);
      if (m.dmKey !== null) store.recentDms.note(m.dmKey, m.id);
    }
  });
}
