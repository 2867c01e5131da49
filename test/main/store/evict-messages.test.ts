import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { EVICT_CHUNK, evictMessages } from '../../../main/store/cache-messages';
import { NEWEST } from '../../../main/store/narrows';
import { channelMessage, dmMessage, tempDir } from './fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  return () => store.close();
});

const indexed = () =>
  store.db.prepare("SELECT rowid FROM message_text WHERE message_text MATCH 'message' ORDER BY rowid").pluck().all();

describe('evictMessages', () => {
  it('drops the cached ones with their reactions and words, and cuts them out of every range that held them', () => {
    store.messages.upsertMany([
      channelMessage(10, 1, 'Plans'),
      channelMessage(11, 1, 'plans', {
        reactions: [{ reactionType: 'unicode_emoji', emojiCode: '1f44d', emojiName: 'thumbs_up', userId: 10 }],
      }),
      channelMessage(12, 1, 'other'),
      dmMessage(13, '1,2'),
      channelMessage(14, 2, 'elsewhere'),
    ]);
    store.messages.searchIndex.flush();
    for (const key of ['channel:1', 'topic:1:plans', 'topic:1:other', 'dm:1,2', 'channel:2', 'all'])
      store.ranges.add(key, 0, NEWEST);

    // 99 was never cached: not reported, no range touched for it.
    expect(evictMessages(store, [11, 99, 13])).toEqual([11, 13]);

    expect(store.messages.cachedIds([10, 11, 12, 13, 14])).toEqual([10, 12, 14]);
    expect(store.db.prepare('SELECT count(*) FROM reactions').pluck().get()).toBe(0);
    expect(indexed()).toEqual([10, 12, 14]);
    expect(store.ranges.list('channel:1')).toEqual([
      { lo: 0, hi: 10 },
      { lo: 12, hi: NEWEST },
    ]);
    expect(store.ranges.list('topic:1:plans')).toEqual([
      { lo: 0, hi: 10 },
      { lo: 12, hi: NEWEST },
    ]);
    expect(store.ranges.list('dm:1,2')).toEqual([
      { lo: 0, hi: 12 },
      { lo: 14, hi: NEWEST },
    ]);
    expect(store.ranges.list('all')).toEqual([
      { lo: 0, hi: 10 },
      { lo: 12, hi: 12 },
      { lo: 14, hi: NEWEST },
    ]);
    for (const key of ['topic:1:other', 'channel:2']) expect(store.ranges.list(key)).toEqual([{ lo: 0, hi: NEWEST }]);
  });

  it('evicts more than a chunk, in the order given, and is undone whole with the transaction around it', () => {
    const count = EVICT_CHUNK * 2 + 7;
    const ids = Array.from({ length: count }, (_, i) => count - i);
    store.messages.upsertMany(ids.map((id) => channelMessage(id, 1, 't')));
    store.ranges.add('channel:1', 0, NEWEST);

    expect(() =>
      store.transaction(() => {
        evictMessages(store, ids);
        throw new Error('a later step failed');
      }),
    ).toThrow('a later step failed');
    expect(store.messages.cachedIds(ids)).toHaveLength(count);
    expect(store.ranges.list('channel:1')).toEqual([{ lo: 0, hi: NEWEST }]);

    expect(evictMessages(store, ids)).toEqual(ids);
    expect(store.db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(0);
    expect(store.ranges.list('channel:1')).toEqual([
      { lo: 0, hi: 0 },
      { lo: count + 1, hi: NEWEST },
    ]);
    expect(evictMessages(store, [])).toEqual([]);
  });
});
