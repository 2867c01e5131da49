/**
 * Stores messages as the server just described them (a message event, a GET /messages page,
 * search results) with everything that hangs off them: read and mention state in unreads,
 * starred (inside MessagesRepo), the topic list and recent DMs. Every writer of fetched
 * messages goes through here so none forgets a table.
 *
 * `cacheMessages` is one synchronous transaction: fine for an event run or a search page.
 * A fetched window of up to thousands of messages goes through `cacheMessagesInChunks`, which
 * writes MESSAGES_PER_TRANSACTION at a time and lets the event loop run in between, so no single
 * store call holds the main process (which also routes IPC) for longer than a frame.
 */
import type { AccountStore } from './account-store';
import { keysOfMessage } from './narrows';
import { isMentioned, type CachedMessage } from './repos/message-rows';
import type { UnreadEntry } from './repos/unreads';
import { topicKey } from './topic-key';
import type { WriteWatch } from './write-watch';

/** At 100,000 cached messages, 200 rows commit in a few milliseconds on a slow machine. */
export const MESSAGES_PER_TRANSACTION = 200;

export function unreadEntryOf(m: CachedMessage): UnreadEntry {
  return {
    messageId: m.id,
    channelId: m.channelId,
    topic: m.channelId === null ? null : m.topic,
    dmKey: m.dmKey,
    mentioned: isMentioned(m.otherFlags),
  };
}

/**
 * The newest message per topic (its ID and spelling; topics match without regard to case) and per
 * DM conversation: one upsert each, not one per message.
 */
function newestPerConversation(messages: readonly CachedMessage[]) {
  const topics = new Map<number, Map<string, { name: string; id: number }>>();
  const dms = new Map<string, number>();
  for (const m of messages) {
    if (m.channelId !== null) {
      let byKey = topics.get(m.channelId);
      if (!byKey) topics.set(m.channelId, (byKey = new Map()));
      const key = topicKey(m.topic);
      const known = byKey.get(key);
      if (!known || m.id > known.id) byKey.set(key, { name: m.topic, id: m.id });
    }
    if (m.dmKey !== null) dms.set(m.dmKey, Math.max(dms.get(m.dmKey) ?? m.id, m.id));
  }
  return { topics, dms };
}

/** Returns the IDs that were not cached before. */
function write(store: AccountStore, messages: readonly CachedMessage[]): number[] {
  const added = store.messages.upsertMany(messages);
  const read: number[] = [];
  const unread: UnreadEntry[] = [];
  for (const m of messages) {
    if (m.read) read.push(m.id);
    else unread.push(unreadEntryOf(m));
  }
  if (read.length > 0) store.unreads.remove(read);
  store.unreads.add(unread);
  const { topics, dms } = newestPerConversation(messages);
  for (const [channelId, byName] of topics) {
    for (const { name, id } of byName.values()) store.topics.note(channelId, name, id);
  }
  for (const [dmKey, id] of dms) store.recentDms.note(dmKey, id);
  return added;
}

/** Writes the messages in one transaction; inside the caller's transaction, as part of it. */
export function cacheMessages(store: AccountStore, messages: readonly CachedMessage[]): void {
  if (messages.length === 0) return;
  if (store.db.inTransaction) write(store, messages);
  else store.transaction(() => write(store, messages));
}

/** Resolves on the event loop's next turn, after pending I/O and IPC callbacks have run. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Writes the messages MESSAGES_PER_TRANSACTION at a time, yielding between transactions; returns
 * the IDs that were not cached before. Each chunk lands whole or not at all; a failure stops the
 * rest (the chunks already written stay: each is a correct cache entry on its own). A caller that
 * records a range over these messages does so after this resolves, when all of them are there.
 * A `watch` learns whether another writer got in between the chunks. `prepare` is asked about
 * each message right before its chunk is written (an event may have changed it while earlier
 * chunks were written): it returns what to write instead, or null to leave the cache as it is.
 */
export async function cacheMessagesInChunks(
  store: AccountStore,
  messages: readonly CachedMessage[],
  watch?: WriteWatch,
  prepare?: (m: CachedMessage) => CachedMessage | null,
): Promise<number[]> {
  const newIds: number[] = [];
  for (let start = 0; start < messages.length; start += MESSAGES_PER_TRANSACTION) {
    if (start > 0) await yieldToEventLoop();
    const slice = messages.slice(start, start + MESSAGES_PER_TRANSACTION);
    const chunk = prepare ? slice.flatMap((m) => prepare(m) ?? []) : slice;
    watch?.check();
    newIds.push(...store.transaction(() => write(store, chunk)));
    watch?.mark();
  }
  return newIds;
}

/**
 * Evicted at a time: what is held in memory meanwhile is where these lie, not the messages. A page
 * can prove a whole narrow gone (a channel's history removed on the server, or a cache that no
 * longer matches it): reading all of them whole first took ~21 MB of heap for 24,000 messages
 * (the app suite's rss-probe, 2026-11-29).
 */
export const EVICT_CHUNK = 1000;

/**
 * Drops the cached copies of these messages (the server no longer shows them where the cache
 * had them) and cuts them out of every range that held them, so a narrow that may still have
 * them asks the server again. In one transaction (the caller's, when inside one); returns the
 * IDs that were cached, in the order given.
 */
export function evictMessages(store: AccountStore, ids: readonly number[]): number[] {
  if (ids.length === 0) return [];
  return store.transaction(() => {
    const evicted: number[] = [];
    for (let start = 0; start < ids.length; start += EVICT_CHUNK) {
      const byKey = new Map<string, number[]>();
      for (const place of store.messages.evict(ids.slice(start, start + EVICT_CHUNK))) {
        evicted.push(place.id);
        for (const key of keysOfMessage(place)) {
          const inKey = byKey.get(key);
          if (inKey) inKey.push(place.id);
          else byKey.set(key, [place.id]);
        }
      }
      for (const [key, inKey] of byKey) store.ranges.punch(key, inKey);
    }
    return evicted;
  });
}
