/**
 * Every hot read of the message cache walks an index, checked on a cache of 100,000 messages
 * (inserted in one batched transaction) with 20,000 unread, no ANALYZE statistics. EXPLAIN
 * QUERY PLAN says "SCAN <table>" for a full scan and "SEARCH ... USING ..." for an index walk.
 * Speed itself is measured by the benchmarks, not here.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import type { NarrowFilter } from '../../../main/store/narrows';
import type { StoredMessage } from '../../../main/store/repos/message-rows';
import { NEWEST_IN_TOPIC_SQL, narrowIdsSql, narrowReadSql } from '../../../main/store/repos/messages';
import { driverOf, searchSql, type LocalQuery } from '../../../main/store/repos/search';
import { UNREAD_SQL, type UnreadEntry } from '../../../main/store/repos/unreads';
import { channelMessage, dmMessage, tempDir } from '../store/fixtures';

const COUNT = 100_000;
let store: AccountStore;

beforeAll(() => {
  store = AccountStore.open(join(tempDir(), 'big.sqlite'));
  const rows: StoredMessage[] = [];
  const unread: UnreadEntry[] = [];
  for (let i = 1; i <= COUNT; i++) {
    const m =
      i % 5 === 0
        ? dmMessage(i, `1,${i % 40}`, { content: `<p>direct ${i}</p>` })
        : channelMessage(i, i % 25, `topic ${i % 300}`, {
            senderId: i % 50,
            starred: i % 97 === 0,
            content: i % 11 === 0 ? `<p>see <a href="https://x/${i}">link ${i}</a></p>` : `<p>words number ${i}</p>`,
          });
    rows.push(m);
    if (i % 5 === 1)
      unread.push({ messageId: i, channelId: m.channelId, topic: m.topic, dmKey: null, mentioned: i % 7 === 0 });
  }
  store.transaction(() => {
    store.messages.upsertMany(rows);
    store.unreads.add(unread);
  });
  return () => store.close();
}, 120_000);

function plan(sql: string, params: unknown[] | Record<string, unknown>): string {
  const stmt = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (Array.isArray(params) ? stmt.all(...params) : stmt.all(params)) as { detail: string }[];
  return rows.map((r) => r.detail).join('\n');
}

/** No full scan of a big table. */
function expectNoScan(detail: string): void {
  expect(detail).not.toMatch(/\bSCAN (m|messages|u|unreads|s|starred)\b(?! USING)/);
}

describe(`query plans at ${COUNT} cached messages`, () => {
  it('holds them all', () => {
    expect(store.db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(COUNT);
    expect(store.unreads.total()).toBe(COUNT / 5);
  });

  const filters: [NarrowFilter, string, Record<string, unknown>][] = [
    [{ kind: 'channel', channelId: 3 }, 'messages_by_channel', { channelId: 3 }],
    [{ kind: 'topic', channelId: 3, topic: 'Topic 3' }, 'messages_by_topic', { channelId: 3, topicKey: 'topic 3' }],
    [{ kind: 'dm', dmKey: '1,2' }, 'messages_by_dm', { dmKey: '1,2' }],
  ];
  for (const [filter, index, params] of filters) {
    it(`${filter.kind} pages walk ${index} and look read and starred state up by key`, () => {
      for (const direction of ['before', 'after'] as const) {
        const detail = plan(narrowReadSql(filter, direction), {
          ...params,
          below: 90_000,
          lo: 0,
          above: 0,
          hi: 90_000,
          limit: 50,
        });
        expect(detail).toContain(`USING INDEX ${index}`);
        expect(detail).toMatch(/SEARCH u USING INTEGER PRIMARY KEY/);
        expect(detail).toMatch(/SEARCH s USING INTEGER PRIMARY KEY/);
        expect(detail).not.toContain('TEMP B-TREE');
        expectNoScan(detail);
      }
    });

    it(`${filter.kind}: the IDs a stored page accounts for come from ${index} alone`, () => {
      const detail = plan(narrowIdsSql(filter), { ...params, lo: 80_000, hi: 90_000 });
      expect(detail).toMatch(new RegExp(`USING COVERING INDEX ${index}`));
      expectNoScan(detail);
    });
  }

  const queries: [string, LocalQuery, RegExp][] = [
    ['words', { words: ['words', 'number'], limit: 50 }, /VIRTUAL TABLE INDEX/],
    ['words in a channel', { words: ['link'], channelId: 11, limit: 50 }, /VIRTUAL TABLE INDEX/],
    ['a topic without a channel', { words: [], topic: 'topic 3', limit: 50 }, /VIRTUAL TABLE INDEX/],
    ['is:starred', { words: [], starred: true, limit: 50 }, /SEARCH s USING INTEGER PRIMARY KEY/],
    [
      'channel and topic',
      { words: [], channelId: 3, topic: 'topic 3', limit: 50 },
      /USING (COVERING )?INDEX messages_by_topic/,
    ],
    ['channel', { words: [], channelId: 3, hasLink: true, limit: 50 }, /USING (COVERING )?INDEX messages_by_channel/],
    ['sender', { words: [], senderId: 7, limit: 50, below: 5000 }, /USING (COVERING )?INDEX messages_by_sender/],
    ['has:link', { words: [], hasLink: true, limit: 50 }, /USING (COVERING )?INDEX messages_with_link/],
  ];
  for (const [name, q, index] of queries) {
    it(`search by ${name} is driven by an index, newest first without sorting`, () => {
      const driver = driverOf(q);
      expect(driver).not.toBeNull();
      const { sql, params } = searchSql(q, driver!);
      const detail = plan(sql, params);
      expect(detail).toMatch(index);
      expect(detail).not.toContain('TEMP B-TREE');
      expectNoScan(detail);
      expect(store.search.search(q).length).toBeGreaterThan(0);
    });
  }

  it("unread scopes, first unread, mentions and a topic's newest message use indexes", () => {
    const checks: [string, unknown[], RegExp][] = [
      [UNREAD_SQL.inTopic, [3, 'topic 3'], /USING INDEX unreads_by_topic/],
      [UNREAD_SQL.inChannel, [3], /USING INDEX unreads_by_topic/],
      [UNREAD_SQL.firstInTopic, [3, 'topic 3'], /USING (COVERING )?INDEX unreads_by_topic/],
      [UNREAD_SQL.firstInDm, ['1,2'], /USING (COVERING )?INDEX unreads_by_dm/],
      [UNREAD_SQL.inDm, ['1,2'], /USING (COVERING )?INDEX unreads_by_dm/],
      [UNREAD_SQL.mentions, [], /USING (COVERING )?INDEX unreads_mentioned/],
      [NEWEST_IN_TOPIC_SQL, [3, 'topic 3'], /messages_by_topic/],
      [
        'SELECT message_id FROM starred WHERE message_id < ? ORDER BY message_id DESC LIMIT ?',
        [1e9, 50],
        /SEARCH starred/,
      ],
    ];
    for (const [sql, params, index] of checks) {
      const detail = plan(sql, params);
      expect(detail, sql).toMatch(index);
      expectNoScan(detail);
    }
    expect(store.unreads.mentionCount()).toBeGreaterThan(0);
  });
});
