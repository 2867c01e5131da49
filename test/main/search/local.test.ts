/** Full-text search over the cache (FTS5) with the channel, topic, sender, is:starred and has:link operators. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { ftsMatch } from '../../../main/store/repos/search';
import { channelMessage, dmMessage, tempDir } from '../store/fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 's.sqlite'));
  store.messages.upsertMany([
    channelMessage(1, 10, 'release plan', { content: '<p>The <strong>Café</strong> opens at noon</p>' }),
    channelMessage(2, 10, 'lunch', { content: '<p>Menu: <a href="https://food.example">soup</a> &amp; bread</p>' }),
    channelMessage(3, 11, 'lunch', { content: '<p>Soup again?</p>', senderId: 20, starred: true }),
    dmMessage(4, '1,20', { content: '<p>soupçon of <em>doubt</em></p>', senderId: 20 }),
    channelMessage(5, 10, 'release plan', { content: '<pre><code>npm run release</code></pre>' }),
  ]);
  return () => store.close();
});

const search = (q: Partial<Parameters<typeof store.search.search>[0]>) =>
  store.search.search({ words: [], limit: 50, ...q });

describe('SearchRepo', () => {
  it('matches words as prefixes, in text or topic, ignoring case, accents and markup, newest first', () => {
    expect(search({ words: ['soup'] })).toEqual([4, 3, 2]);
    expect(search({ words: ['cafe'] })).toEqual([1]);
    expect(search({ words: ['RELEASE'] })).toEqual([5, 1]);
    expect(search({ words: ['soup', 'bread'] })).toEqual([2]);
    expect(search({ words: ['&'] })).toEqual([]);
  });

  it('narrows by channel, topic, sender, starred and link, with or without words', () => {
    expect(search({ words: ['soup'], channelId: 10 })).toEqual([2]);
    expect(search({ channelId: 10 })).toEqual([5, 2, 1]);
    expect(search({ channelId: 10, topic: 'release plan' })).toEqual([5, 1]);
    // A topic without a channel is found through the index's topic column, then matched exactly.
    expect(search({ topic: 'lunch' })).toEqual([3, 2]);
    expect(search({ senderId: 20 })).toEqual([4, 3]);
    expect(search({ words: ['soup'], senderId: 20, starred: true })).toEqual([3]);
    expect(search({ starred: true })).toEqual([3]);
    expect(search({ hasLink: true })).toEqual([2]);
    expect(search({})).toEqual([]);
  });

  it('pages with `below` and `limit`', () => {
    expect(search({ words: ['soup'], limit: 2 })).toEqual([4, 3]);
    expect(search({ words: ['soup'], limit: 2, below: 3 })).toEqual([2]);
  });

  it('follows edits, moves and deletes', () => {
    store.messages.setContent(1, '<p>Tea instead, see <a href="x">here</a></p>', 100);
    store.messages.move([2], 12, 'dinner', 101);
    store.messages.deleteMany([3]);
    expect(search({ words: ['cafe'] })).toEqual([]);
    expect(search({ words: ['tea'] })).toEqual([1]);
    expect(search({ hasLink: true })).toEqual([2, 1]);
    expect(search({ words: ['dinner'] })).toEqual([2]);
    expect(search({ channelId: 12, words: ['bread'] })).toEqual([2]);
    expect(search({ words: ['soup'] })).toEqual([4, 2]);
  });

  it('quotes words so FTS5 syntax in them is text', () => {
    expect(ftsMatch({ words: ['a"b', 'NOT', '*', 'x'] })).toBe('"a""b"* AND "NOT"* AND "x"*');
    expect(search({ words: ['NOT'] })).toEqual([]);
    expect(search({ words: ['npm', 'run'] })).toEqual([5]);
  });
});
