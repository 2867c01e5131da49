/**
 * The cache must stay fast as it grows: every read on a hot path walks an index.
 * EXPLAIN QUERY PLAN says "SCAN <table>" for a full table scan and "SEARCH ... USING INDEX" otherwise.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { narrowReadSql } from '../../../main/store/repos/messages';
import type { NarrowFilter } from '../../../main/store/narrows';
import { channelMessage, dmMessage, tempDir } from './fixtures';

let store: AccountStore;
beforeAll(() => {
  store = AccountStore.open(join(tempDir(), 'plans.sqlite'));
  // No ANALYZE: a fresh cache has no statistics, and the plan must be right without them.
  const rows = [];
  for (let i = 1; i <= 2000; i++)
    rows.push(i % 3 === 0 ? dmMessage(i, `1,${i % 7}`) : channelMessage(i, i % 10, `t${i % 13}`));
  store.messages.upsertMany(rows);
  return () => store.close();
});

function plan(sql: string, params: Record<string, unknown>): string {
  const rows = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
  return rows.map((r) => r.detail).join('\n');
}

const filters: [NarrowFilter, string, Record<string, unknown>][] = [
  [{ kind: 'channel', channelId: 3 }, 'messages_by_channel', { channelId: 3 }],
  [{ kind: 'topic', channelId: 3, topic: 'T1' }, 'messages_by_topic', { channelId: 3, topicKey: 't1' }],
  [{ kind: 'dm', dmKey: '1,2' }, 'messages_by_dm', { dmKey: '1,2' }],
];

describe('query plans of narrow reads', () => {
  for (const [filter, index, params] of filters) {
    for (const direction of ['before', 'after'] as const) {
      it(`${filter.kind} ${direction}: searches ${index}, never scans messages`, () => {
        const detail = plan(narrowReadSql(filter, direction), {
          ...params,
          below: 100,
          lo: 0,
          above: 0,
          hi: 100,
          limit: 50,
        });
        expect(detail).toContain(`USING INDEX ${index}`);
        expect(detail).not.toMatch(/SCAN m\b|SCAN messages/);
        // Ordered by the index itself, so no sort of the whole narrow either.
        expect(detail).not.toContain('TEMP B-TREE');
        // The read state join is a primary-key lookup.
        expect(detail).toMatch(/SEARCH u USING INTEGER PRIMARY KEY/);
      });
    }
  }

  it('message_ranges lookups use its primary key', () => {
    const detail = plan(
      'SELECT lo, hi FROM message_ranges WHERE narrow_key = @k AND lo <= @id ORDER BY lo DESC LIMIT 1',
      {
        k: 'channel:1',
        id: 5,
      },
    );
    expect(detail).toMatch(/SEARCH message_ranges USING PRIMARY KEY/);
  });
});
