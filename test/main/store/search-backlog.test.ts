/**
 * Stored messages reach the full-text index through search_backlog (repos/search-index.ts): in the
 * background soon after the write, and at once before any word search, so a search never misses
 * one. A real SQLite file; FTS5 is asked directly to see what is indexed.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { cacheMessages } from '../../../main/store/cache-messages';
import { CARRY_OVER_DELAY_MS, GATHER_MS } from '../../../main/store/repos/search-index';
import { channelMessage, tempDir } from './fixtures';

let store: AccountStore | null = null;
afterEach(() => {
  store?.close();
  store = null;
});

const indexed = (s: AccountStore, word: string): number[] =>
  s.db
    .prepare('SELECT rowid FROM message_text WHERE message_text MATCH ? ORDER BY rowid')
    .pluck()
    .all(word) as number[];

const said = (id: number, words: string) => ({
  ...channelMessage(id, 1, 'plans', { content: `<p>${words} <a href="https://example.com">link</a></p>` }),
  read: true,
});

describe('the search backlog', () => {
  it('leaves indexing out of the write, and a word search still finds what was just stored', () => {
    store = AccountStore.open(join(tempDir(), 'a.sqlite'));
    cacheMessages(store, [said(1, 'zebra crossing'), said(2, 'zebra stripes')]);
    // The write only noted them.
    expect(indexed(store, 'zebra')).toEqual([]);
    expect(store.messages.searchIndex.backlogged).toBe(true);
    expect(store.search.search({ words: ['zebra'], limit: 10 })).toEqual([2, 1]);
    expect(store.messages.searchIndex.backlogged).toBe(false);
    // has_link is kept without the parse.
    expect(store.search.search({ words: [], hasLink: true, limit: 10 })).toEqual([2, 1]);
  });

  it('is indexed in the background soon after, without a search', async () => {
    store = AccountStore.open(join(tempDir(), 'a.sqlite'));
    cacheMessages(
      store,
      Array.from({ length: 450 }, (_, i) => said(i + 1, `walrus number${i + 1}`)),
    );
    await vi.waitFor(() => expect(store!.messages.searchIndex.backlogged).toBe(false), { timeout: GATHER_MS + 5000 });
    expect(indexed(store, 'walrus')).toHaveLength(450);
    expect(indexed(store, 'number450')).toEqual([450]);
  });

  it('indexes messages that come one by one together, in one transaction, not each alone', () => {
    vi.useFakeTimers();
    try {
      store = AccountStore.open(join(tempDir(), 'a.sqlite'));
      cacheMessages(store, [said(1, 'otter slide')]);
      vi.advanceTimersByTime(1000);
      // Alone, it would have been indexed 300 ms after it was stored.
      expect(indexed(store, 'otter')).toEqual([]);
      cacheMessages(store, [said(2, 'otter den')]);
      vi.advanceTimersByTime(GATHER_MS);
      expect(indexed(store, 'otter')).toEqual([1, 2]);
      expect(store.messages.searchIndex.backlogged).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('indexes the words a message has when its turn comes, and forgets one deleted meanwhile', () => {
    store = AccountStore.open(join(tempDir(), 'a.sqlite'));
    cacheMessages(store, [said(1, 'first draft'), said(2, 'doomed words')]);
    store.messages.setContent(1, '<p>final wording</p>', 1);
    store.messages.deleteMany([2]);
    store.messages.searchIndex.flush();
    expect(indexed(store, 'final')).toEqual([1]);
    expect(indexed(store, 'draft')).toEqual([]);
    expect(indexed(store, 'doomed')).toEqual([]);
    expect(store.messages.searchIndex.backlogged).toBe(false);
  });

  it('carries over a restart: what waited when the app quit is indexed after the next start', async () => {
    const file = join(tempDir(), 'a.sqlite');
    const first = AccountStore.open(file);
    cacheMessages(first, [said(1, 'penguin parade')]);
    first.close();
    store = AccountStore.open(file);
    await vi.waitFor(() => expect(indexed(store!, 'penguin')).toEqual([1]), { timeout: CARRY_OVER_DELAY_MS + 5000 });
  });

  it('leaves what waited alone while start-up reads the cache, then carries on', () => {
    const file = join(tempDir(), 'a.sqlite');
    const first = AccountStore.open(file);
    cacheMessages(first, [said(1, 'heron flight')]);
    first.close();
    vi.useFakeTimers();
    try {
      store = AccountStore.open(file);
      vi.advanceTimersByTime(CARRY_OVER_DELAY_MS - 1);
      expect(indexed(store, 'heron')).toEqual([]);
      expect(store.messages.searchIndex.backlogged).toBe(true);
      vi.advanceTimersByTime(1);
      expect(indexed(store, 'heron')).toEqual([1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not asked to index a message stored again as it was, and is for one that changed', () => {
    store = AccountStore.open(join(tempDir(), 'a.sqlite'));
    cacheMessages(store, [said(1, 'heron pond'), said(2, 'heron nest')]);
    store.messages.searchIndex.flush();
    // A page fetched over messages the event queue already brought: the same copies again,
    // left alone by the upsert, so there is nothing to index again.
    cacheMessages(store, [said(1, 'heron pond'), said(2, 'heron nest')]);
    expect(store.messages.searchIndex.backlogged).toBe(false);
    cacheMessages(store, [said(1, 'heron pond'), said(2, 'egret nest')]);
    expect(store.messages.searchIndex.backlogged).toBe(true);
    expect(store.search.search({ words: ['egret'], limit: 10 })).toEqual([2]);
    expect(store.search.search({ words: ['heron'], limit: 10 })).toEqual([1]);
  });
});
