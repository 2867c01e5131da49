/**
 * is:mentioned, is:alerted and is:unread over the cache: which messages each finds, alone or with
 * other operators, and that each is driven by an index (the partial flag indexes of migration 7,
 * the unreads table) rather than a scan of messages, checked with EXPLAIN QUERY PLAN.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import type { StoredMessage } from '../../../main/store/repos/message-rows';
import { driverOf, searchSql, type LocalQuery } from '../../../main/store/repos/search';
import { channelMessage, dmMessage, tempDir } from '../store/fixtures';

const search = (store: AccountStore, q: Partial<LocalQuery>) => store.search.search({ words: [], limit: 50, ...q });

describe('flag operators in the cache', () => {
  let store: AccountStore;
  beforeAll(() => {
    store = AccountStore.open(join(tempDir(), 'flags.sqlite'));
    store.messages.upsertMany([
      channelMessage(1, 10, 'plans', { content: '<p>lunch for @ada</p>', otherFlags: ['mentioned'] }),
      channelMessage(2, 10, 'plans', { content: '<p>@all lunch</p>', otherFlags: ['stream_wildcard_mentioned'] }),
      channelMessage(3, 11, 'deploy', { content: '<p>the deploy is green</p>', otherFlags: ['has_alert_word'] }),
      dmMessage(4, '1,10', { content: '<p>deploy lunch</p>', otherFlags: ['mentioned', 'has_alert_word'] }),
      channelMessage(5, 11, 'deploy', { content: '<p>nothing to see</p>', otherFlags: ['collapsed'] }),
      channelMessage(6, 10, 'plans', { content: '<p>topic @topic</p>', otherFlags: ['topic_wildcard_mentioned'] }),
    ]);
    store.unreads.add([
      { messageId: 2, channelId: 10, topic: 'plans', dmKey: null, mentioned: true },
      { messageId: 3, channelId: 11, topic: 'deploy', dmKey: null },
      { messageId: 5, channelId: 11, topic: 'deploy', dmKey: null },
      // Unread but not cached (register's unread_msgs): nothing to show, so not a result.
      { messageId: 99, channelId: 11, topic: 'deploy', dmKey: null },
    ]);
  });
  afterAll(() => store.close());

  it('is:mentioned finds direct and wildcard mentions, read or not', () => {
    expect(search(store, { mentioned: true })).toEqual([6, 4, 2, 1]);
  });

  it('is:alerted finds messages with one of the alert words', () => {
    expect(search(store, { alerted: true })).toEqual([4, 3]);
  });

  it('is:unread finds the cached unread messages', () => {
    expect(search(store, { unread: true })).toEqual([5, 3, 2]);
  });

  it('combines flags with each other, words and narrows, and pages', () => {
    expect(search(store, { mentioned: true, alerted: true })).toEqual([4]);
    expect(search(store, { mentioned: true, unread: true })).toEqual([2]);
    expect(search(store, { alerted: true, unread: true })).toEqual([3]);
    expect(search(store, { words: ['lunch'], mentioned: true })).toEqual([4, 2, 1]);
    expect(search(store, { words: ['deploy'], alerted: true })).toEqual([4, 3]);
    expect(search(store, { channelId: 10, mentioned: true })).toEqual([6, 2, 1]);
    expect(search(store, { channelId: 11, unread: true })).toEqual([5, 3]);
    expect(search(store, { senderId: 10, alerted: true, unread: true })).toEqual([3]);
    expect(search(store, { mentioned: true, limit: 2 })).toEqual([6, 4]);
    expect(search(store, { mentioned: true, below: 4 })).toEqual([2, 1]);
    expect(search(store, { unread: true, below: 5 })).toEqual([3, 2]);
  });

  it('follows flag changes and reads', () => {
    store.messages.setOtherFlags(5, ['collapsed', 'has_alert_word']);
    store.messages.setOtherFlags(1, []);
    store.unreads.remove([2]);
    expect(search(store, { alerted: true })).toEqual([5, 4, 3]);
    expect(search(store, { mentioned: true })).toEqual([6, 4, 2]);
    expect(search(store, { unread: true })).toEqual([5, 3]);
  });
});

describe('flag operators are driven by an index', () => {
  const COUNT = 20_000;
  let store: AccountStore;
  beforeAll(() => {
    store = AccountStore.open(join(tempDir(), 'plans.sqlite'));
    const rows: StoredMessage[] = [];
    for (let i = 1; i <= COUNT; i++) {
      const flags = [...(i % 50 === 0 ? ['mentioned'] : []), ...(i % 70 === 0 ? ['has_alert_word'] : [])];
      rows.push(channelMessage(i, i % 25, `topic ${i % 300}`, { otherFlags: flags, senderId: i % 40 }));
    }
    store.transaction(() => {
      store.messages.upsertMany(rows);
      store.unreads.add(
        rows
          .filter((m) => m.id % 3 === 0)
          .map((m) => ({ messageId: m.id, channelId: m.channelId, topic: m.topic, dmKey: null })),
      );
    });
  }, 60_000);
  afterAll(() => store.close());

  const cases: [string, Partial<LocalQuery>, string, RegExp][] = [
    ['is:mentioned', { mentioned: true }, 'mentioned', /SEARCH m USING (COVERING )?INDEX messages_mentioned/],
    ['is:alerted', { alerted: true }, 'alerted', /SEARCH m USING (COVERING )?INDEX messages_alerted/],
    ['is:unread', { unread: true }, 'unread', /SEARCH u USING INTEGER PRIMARY KEY/],
    ['is:mentioned is:unread', { mentioned: true, unread: true }, 'mentioned', /INDEX messages_mentioned/],
    ['is:alerted in a channel', { alerted: true, channelId: 20 }, 'alerted', /INDEX messages_alerted/],
    ['is:unread in a channel', { unread: true, channelId: 5 }, 'channel', /INDEX messages_by_channel/],
    ['is:unread from a sender', { unread: true, senderId: 3 }, 'sender', /INDEX messages_by_sender/],
  ];
  for (const [name, partial, driver, index] of cases) {
    it(`${name} walks ${driver}, newest first without sorting or scanning`, () => {
      const q: LocalQuery = { words: [], limit: 50, below: 15_000, ...partial };
      expect(driverOf(q)).toBe(driver);
      const { sql, params } = searchSql(q, driverOf(q)!);
      const detail = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n');
      expect(detail).toMatch(index);
      expect(detail).not.toContain('TEMP B-TREE');
      expect(detail).not.toMatch(/\bSCAN (m|messages|u|unreads)\b(?! USING)/);
      const found = store.search.search(q);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual([...found].sort((a, b) => b - a));
      expect(found.every((id) => id < 15_000)).toBe(true);
    });
  }
});
