/**
 * Topics match without regard to letter case, as on the server: "Lunch" and "lunch" are one
 * topic in narrow reads, ranges, unread counts, the topic list and visibility policies; and a
 * cache from before (migration 0006) is folded the same way.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheMessages } from '../../../main/store/cache-messages';
import { AccountStore } from '../../../main/store/account-store';
import { openDatabase } from '../../../main/store/db';
import { accountMigrations } from '../../../main/store/migrations/account';
import { filterKey, NEWEST } from '../../../main/store/narrows';
import { channelMessage, tempDir } from './fixtures';

let store: AccountStore | null = null;
afterEach(() => store?.close());

const unread = (id: number, topic: string) => ({ ...channelMessage(id, 5, topic), read: false, reactions: [] });

describe('one topic whatever its case', () => {
  it('reads, counts and lists "Lunch" and "lunch" together, under the newest spelling', () => {
    store = AccountStore.open(join(tempDir(), 'a.sqlite'));
    cacheMessages(store, [unread(1, 'Lunch'), unread(2, 'lunch'), unread(3, 'LUNCH plans'), unread(4, 'LUNCH')]);

    const topic = { kind: 'topic', channelId: 5, topic: 'lUnCh' } as const;
    expect(store.messages.readBefore(topic, NEWEST, 0, 10).map((m) => m.id)).toEqual([1, 2, 4]);
    expect(store.unreads.countsByTopic()).toEqual([
      { channelId: 5, topic: 'LUNCH', count: 3, maxId: 4 },
      { channelId: 5, topic: 'LUNCH plans', count: 1, maxId: 3 },
    ]);
    expect(store.topics.recent(5, 10)).toEqual([
      { channelId: 5, name: 'LUNCH', maxMessageId: 4 },
      { channelId: 5, name: 'LUNCH plans', maxMessageId: 3 },
    ]);
    expect(store.unreads.inScope({ kind: 'topic', channelId: 5, topic: 'lunch' }).map((e) => e.messageId)).toEqual([
      1, 2, 4,
    ]);
    expect(store.unreads.firstUnreadInTopic(5, 'LUNCH')).toBe(1);
    expect(store.messages.newestInTopic(5, 'lunch')).toBe(4);
    expect(filterKey(topic)).toBe(filterKey({ ...topic, topic: 'Lunch' }));
  });

  it('keeps one visibility policy per topic, found by any spelling', () => {
    store = AccountStore.open(join(tempDir(), 'b.sqlite'));
    store.userTopics.set({ channelId: 5, topic: 'Lunch', policy: 1, lastUpdated: 10 });
    store.userTopics.set({ channelId: 5, topic: 'lunch', policy: 3, lastUpdated: 20 });
    expect(store.userTopics.policyOf(5, 'LUNCH')).toBe(3);
    expect(store.userTopics.ofChannel(5)).toEqual([{ channelId: 5, topic: 'lunch', policy: 3, lastUpdated: 20 }]);
    store.userTopics.set({ channelId: 5, topic: 'LUNCH', policy: 0, lastUpdated: 30 });
    expect(store.userTopics.policyOf(5, 'lunch')).toBe(0);
  });

  it('follows a move to another spelling of the same topic', () => {
    store = AccountStore.open(join(tempDir(), 'c.sqlite'));
    cacheMessages(store, [unread(1, 'lunch'), unread(2, 'lunch')]);
    store.messages.move([1, 2], 5, 'Lunch', 100);
    store.unreads.moveTo([1, 2], 5, 'Lunch');
    expect(store.messages.readBefore({ kind: 'topic', channelId: 5, topic: 'LUNCH' }, NEWEST, 0, 10)).toHaveLength(2);
    expect(store.unreads.countsByTopic()).toEqual([{ channelId: 5, topic: 'Lunch', count: 2, maxId: 2 }]);
  });
});

describe('migration 0006', () => {
  it('folds a version 5 cache: topic rows merge, policies merge, unreads and messages get keys, topic ranges go', () => {
    const file = join(tempDir(), 'v5.sqlite');
    const v5 = openDatabase(file, { migrations: accountMigrations.slice(0, 5), recoverCorrupt: false });
    const insertMessage = v5.prepare(`INSERT INTO messages (id, sender_id, sender_full_name, sender_email, timestamp,
      content, channel_id, topic, is_starred) VALUES (?, 1, 'Ada', 'ada@example.com', 1, '<p>hi</p>', 5, ?, 0)`);
    insertMessage.run(1, 'Lunch');
    insertMessage.run(2, 'lunch');
    v5.prepare("INSERT INTO unreads (message_id, channel_id, topic) VALUES (2, 5, 'lunch')").run();
    v5.prepare("INSERT INTO topics (channel_id, name, max_message_id) VALUES (5, 'Lunch', 1), (5, 'lunch', 2)").run();
    v5.prepare(
      "INSERT INTO user_topics (channel_id, topic, visibility_policy, last_updated) VALUES (5, 'lunch', 3, 20), (5, 'Lunch', 1, 10)",
    ).run();
    v5.prepare(
      "INSERT INTO message_ranges (narrow_key, lo, hi) VALUES ('topic:5:Lunch', 0, 9), ('channel:5', 0, 9)",
    ).run();
    v5.close();

    store = AccountStore.open(file);
    expect(store.topics.recent(5, 10)).toEqual([{ channelId: 5, name: 'lunch', maxMessageId: 2 }]);
    expect(store.userTopics.ofChannel(5)).toEqual([{ channelId: 5, topic: 'lunch', policy: 3, lastUpdated: 20 }]);
    expect(store.unreads.firstUnreadInTopic(5, 'LUNCH')).toBe(2);
    expect(store.messages.newestInTopic(5, 'LUNCH')).toBe(2);
    const keys = store.db.prepare('SELECT narrow_key FROM message_ranges ORDER BY narrow_key').pluck().all();
    expect(keys).toEqual(['channel:5']);
  });
});
