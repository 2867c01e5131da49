/** The message-side repos: unread scopes and mentions, the starred set, cutting IDs out of ranges, the 0002 back-fill. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { MESSAGES_PER_TRANSACTION, cacheMessages, cacheMessagesInChunks } from '../../../main/store/cache-messages';
import { openDatabase } from '../../../main/store/db';
import { accountMigrations } from '../../../main/store/migrations/account';
import { NEWEST } from '../../../main/store/narrows';
import { messageParams } from '../../../main/store/repos/message-rows';
import { channelMessage, dmMessage, tempDir } from '../store/fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  return () => store.close();
});

const unread = (
  messageId: number,
  channelId: number | null,
  topic: string | null,
  dmKey: string | null,
  mentioned = false,
) => ({
  messageId,
  channelId,
  topic,
  dmKey,
  mentioned,
});

describe('UnreadsRepo', () => {
  beforeEach(() => {
    store.unreads.add([
      unread(1, 10, 'a', null),
      unread(2, 10, 'b', null, true),
      unread(3, 11, 'a', null),
      unread(4, null, null, '1,2', true),
    ]);
  });

  it('lists the entries of each scope and counts mentions', () => {
    const ids = (scope: Parameters<typeof store.unreads.inScope>[0]) =>
      store.unreads.inScope(scope).map((e) => e.messageId);
    expect(ids({ kind: 'topic', channelId: 10, topic: 'a' })).toEqual([1]);
    expect(ids({ kind: 'channel', channelId: 10 })).toEqual([1, 2]);
    expect(ids({ kind: 'messages', ids: [4, 3, 99] })).toEqual([3, 4]);
    expect(ids({ kind: 'all' })).toEqual([1, 2, 3, 4]);
    expect(store.unreads.mentionCount()).toBe(2);
    expect(store.unreads.mentionIds()).toEqual([2, 4]);
    expect(store.unreads.total()).toBe(4);
  });

  it('restores exactly what was removed, mention state included', () => {
    const entries = store.unreads.inScope({ kind: 'channel', channelId: 10 });
    expect(store.unreads.remove(entries.map((e) => e.messageId))).toEqual([1, 2]);
    expect(store.unreads.mentionCount()).toBe(1);
    store.unreads.add(entries);
    expect(store.unreads.inScope({ kind: 'channel', channelId: 10 })).toEqual(entries);
    expect(store.unreads.mentionCount()).toBe(2);
  });

  it('moves entries to another topic and changes mention state', () => {
    store.unreads.moveTo([1, 3], 12, 'z');
    store.unreads.setMentioned(1, true);
    expect(store.unreads.countsByTopic()).toEqual(
      expect.arrayContaining([{ channelId: 12, topic: 'z', count: 2, maxId: 3 }]),
    );
    expect(store.unreads.mentionIds()).toEqual([1, 2, 4]);
  });
});

describe('starred', () => {
  it('keeps stars of uncached messages and shows them once the message is cached', () => {
    store.starred.replaceAll([5, 7, 9]);
    expect(store.messages.setStarred([7, 8], true)).toEqual([]);
    expect(store.starred.count()).toBe(4);
    expect(store.starred.page(9, 2)).toEqual([8, 7]);
    // A fetched message brings its flags; they are the truth at that moment.
    store.messages.upsertMany([channelMessage(5, 1, 't', { starred: true }), channelMessage(6, 1, 't')]);
    expect(store.messages.getByIds([5, 6]).map((m) => m.starred)).toEqual([true, false]);
    expect(store.messages.setStarred([5], false)).toEqual([5]);
    expect(store.starred.has(5)).toBe(false);
    store.messages.deleteMany([7]);
    expect(store.starred.has(7)).toBe(false);
  });
});

describe('RangesRepo.punch', () => {
  it('splits ranges around IDs, drops single-ID ranges and leaves other narrows alone', () => {
    store.ranges.add('topic:1:a', 0, 100);
    store.ranges.add('topic:1:a', 200, NEWEST);
    store.ranges.add('topic:1:b', 0, 100);
    expect(store.ranges.punch('topic:1:a', [50, 0, 150, 200])).toBe(true);
    expect(store.ranges.list('topic:1:a')).toEqual([
      { lo: 1, hi: 49 },
      { lo: 51, hi: 100 },
      { lo: 201, hi: NEWEST },
    ]);
    store.ranges.add('topic:1:c', 7, 7);
    store.ranges.punch('topic:1:c', [7]);
    expect(store.ranges.list('topic:1:c')).toEqual([]);
    expect(store.ranges.punch('topic:1:b', [101])).toBe(false);
    expect(store.ranges.list('topic:1:b')).toEqual([{ lo: 0, hi: 100 }]);
  });
});

describe('cacheMessages', () => {
  it('stores read, unread and mention state, topics and recent DMs together', () => {
    store.unreads.add([unread(1, 10, 't', null)]);
    cacheMessages(store, [
      { ...channelMessage(1, 10, 't'), read: true },
      { ...channelMessage(2, 10, 't', { otherFlags: ['topic_wildcard_mentioned'] }), read: false },
      { ...dmMessage(3, '1,2'), read: false },
    ]);
    expect(store.unreads.inScope({ kind: 'all' })).toEqual([
      unread(2, 10, 't', null, true),
      unread(3, null, null, '1,2', false),
    ]);
    expect(store.topics.recent(10, 5)).toEqual([{ channelId: 10, name: 't', maxMessageId: 2 }]);
    expect(store.recentDms.recent(5)).toEqual([{ dmKey: '1,2', maxMessageId: 3 }]);
  });
});

describe('cacheMessagesInChunks', () => {
  it('writes a page larger than one transaction whole, lets the event loop run between chunks, and names the new IDs', async () => {
    cacheMessages(store, [{ ...channelMessage(250, 10, 't'), read: true }]);
    const page = Array.from({ length: 2 * MESSAGES_PER_TRANSACTION + 50 }, (_, i) => ({
      ...channelMessage(i + 1, 10, i % 2 === 0 ? 't' : 'u'),
      read: i % 3 === 0,
    }));
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    const newIds = await cacheMessagesInChunks(store, page).finally(() => clearInterval(ticker));
    expect(turns).toBeGreaterThan(0);
    expect(newIds).toEqual(page.map((m) => m.id).filter((id) => id !== 250));
    expect(store.messages.cachedIds(page.map((m) => m.id))).toHaveLength(page.length);
    expect(store.unreads.total()).toBe(page.filter((m) => !m.read).length);
    expect(store.topics.recent(10, 5)).toEqual([
      { channelId: 10, name: 'u', maxMessageId: page.length },
      { channelId: 10, name: 't', maxMessageId: page.length - 1 },
    ]);
  });
});

describe('migration 0002', () => {
  it('back-fills search text, links, stars and unread mentions of a version 1 cache', () => {
    const file = join(tempDir(), 'old.sqlite');
    const v1 = openDatabase(file, { migrations: accountMigrations.slice(0, 1), recoverCorrupt: false });
    const insert = v1.prepare(`INSERT INTO messages (id, sender_id, sender_full_name, sender_email, avatar_url,
      timestamp, content, content_type, channel_id, topic, dm_key, is_starred, other_flags, last_edit_timestamp,
      last_moved_timestamp, is_me_message) VALUES (@id, @sender_id, @sender_full_name, @sender_email, @avatar_url,
      @timestamp, @content, @content_type, @channel_id, @topic, @dm_key, @is_starred, @other_flags,
      @last_edit_timestamp, @last_moved_timestamp, @is_me_message)`);
    insert.run(messageParams(channelMessage(1, 5, 'plans', { content: '<p>See <a href="https://x">the doc</a></p>' })));
    insert.run(messageParams(channelMessage(2, 5, 'plans', { starred: true, otherFlags: ['mentioned'] })));
    v1.prepare("INSERT INTO unreads (message_id, channel_id, topic) VALUES (2, 5, 'plans')").run();
    v1.close();

    const upgraded = AccountStore.open(file);
    try {
      expect(upgraded.search.search({ words: ['doc'], limit: 10 })).toEqual([1]);
      expect(upgraded.search.search({ words: ['plans'], limit: 10 })).toEqual([2, 1]);
      expect(upgraded.search.search({ words: [], hasLink: true, limit: 10 })).toEqual([1]);
      expect(upgraded.search.search({ words: [], starred: true, limit: 10 })).toEqual([2]);
      expect(upgraded.unreads.mentionIds()).toEqual([2]);
    } finally {
      upgraded.close();
    }
  });
});
