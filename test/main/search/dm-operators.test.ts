/**
 * dm:, dm-including: and is:dm (with their old names pm-with:, group-pm-with:, is:private), and
 * the operators only the server can answer: parsed from the search box, answered by the cache
 * (dm: through the conversation index), and sent to the server under the names its level knows.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { parseSearchQuery, SearchQueryError } from '../../../main/search/query';
import { driverOf, searchSql, type LocalQuery } from '../../../main/store/repos/search';
import { serverNarrow } from '../../../main/search/search';
import { resolveQuery } from '../../../main/search/resolve';
import { channelMessage, dmMessage, tempDir } from '../store/fixtures';

const search = (store: AccountStore, q: Partial<LocalQuery>) => store.search.search({ words: [], limit: 50, ...q });

describe('direct-message operators', () => {
  it('parse with their aliases, and refuse what search cannot do', () => {
    expect(parseSearchQuery('dm:ada@x.test,bo@x.test lunch')).toMatchObject({
      dm: ['ada@x.test', 'bo@x.test'],
      words: ['lunch'],
    });
    expect(parseSearchQuery('pm-with:ada@x.test').dm).toEqual(['ada@x.test']);
    expect(parseSearchQuery('dm-including:ada@x.test').dmIncluding).toBe('ada@x.test');
    expect(parseSearchQuery('is:dm').dmOnly).toBe(true);
    expect(parseSearchQuery('is:private').dmOnly).toBe(true);
    expect(parseSearchQuery('is:resolved has:image').serverOnly).toEqual([
      { operator: 'is', operand: 'resolved' },
      { operator: 'has', operand: 'image' },
    ]);
    expect(() => parseSearchQuery('dm:a dm:b')).toThrow(SearchQueryError);
    expect(() => parseSearchQuery('has:video')).toThrow('has:video');
  });

  describe('in the cache', () => {
    let store: AccountStore;
    beforeAll(() => {
      store = AccountStore.open(join(tempDir(), 'dms.sqlite'));
      store.messages.upsertMany([
        channelMessage(1, 10, 'plans', { content: '<p>lunch</p>' }),
        dmMessage(2, '1,7', { content: '<p>lunch with seven</p>' }),
        dmMessage(3, '1,7,9', { content: '<p>group lunch</p>' }),
        dmMessage(4, '1,9', { content: '<p>nine alone</p>' }),
      ]);
    });
    afterAll(() => store.close());

    it('finds one conversation by dm:, every DM by is:dm, and those with a person by dm-including:', () => {
      expect(search(store, { dmKey: '1,7' })).toEqual([2]);
      expect(driverOf({ words: [], dmKey: '1,7', limit: 5 })).toBe('dm');
      expect(searchSql({ words: [], dmKey: '1,7', limit: 5 }, 'dm').sql).toContain('messages_by_dm');
      expect(search(store, { dmOnly: true })).toEqual([4, 3, 2]);
      expect(search(store, { dmIncluding: 9 })).toEqual([4, 3]);
      expect(search(store, { dmIncluding: 7, words: ['group'] })).toEqual([3]);
    });
  });

  it('go to the server under the names its feature level knows', () => {
    const store = AccountStore.open(join(tempDir(), 'resolve.sqlite'));
    try {
      const resolved = resolveQuery(store, parseSearchQuery('dm:7 is:dm is:followed'));
      expect(serverNarrow(resolved, 300)).toEqual([
        { operator: 'dm', operand: [7] },
        { operator: 'is', operand: 'dm' },
        { operator: 'is', operand: 'followed' },
      ]);
      expect(serverNarrow(resolved, 100)).toEqual([
        { operator: 'pm-with', operand: [7] },
        { operator: 'is', operand: 'private' },
        { operator: 'is', operand: 'followed' },
      ]);
    } finally {
      store.close();
    }
  });
});
