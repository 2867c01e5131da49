/**
 * Local search at 100,000 cached messages (20,000 with --quick): main's search repo (FTS5 plus
 * the operator indexes) against a bare FTS5 MATCH on its own connection to the same file.
 * Words are picked by frequency rank, so "common" and "rare" mean the same thing every run.
 */
import { join } from 'node:path';
import type { AccountStore } from '../../main/store/account-store';
import type { LocalQuery } from '../../main/store/repos/search';
import { openFilledCache } from '../fixtures/filled-cache';
import { RawReader } from '../fixtures/raw-reads';
import { wordAt } from '../fixtures/words';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';
import { STORE_CALL_BUDGET_MS } from './store-messages';

const LIMIT = 50;

interface Query {
  name: string;
  words: string[];
  channelId?: number;
}

const QUERIES: Query[] = [
  { name: 'common word', words: [wordAt(3)] },
  { name: 'medium word', words: [wordAt(300)] },
  { name: 'rare word', words: [wordAt(4000)] },
  { name: 'two words', words: [wordAt(20), wordAt(60)] },
  // Words are two syllables; one syllable is what a person has typed so far.
  { name: 'two-letter prefix', words: [wordAt(100).slice(0, 2)] },
  { name: 'medium word in a channel', words: [wordAt(300)], channelId: 7 },
  { name: 'word that matches nothing', words: ['zzzzqq'] },
];

/** The FTS5 expression a hand-written client would pass: every word a prefix, all required. */
const matchOf = (words: readonly string[]) => words.map((w) => `"${w}"*`).join(' AND ');

function searchCase(q: Query, store: AccountStore, reader: RawReader, quick: boolean): BenchCase {
  const local: LocalQuery = {
    words: q.words,
    limit: LIMIT,
    ...(q.channelId !== undefined ? { channelId: q.channelId } : {}),
  };
  const raw =
    q.channelId === undefined
      ? reader.db
          .prepare('SELECT rowid FROM message_text WHERE message_text MATCH ? ORDER BY rowid DESC LIMIT ?')
          .pluck()
      : reader.db
          .prepare(
            `SELECT t.rowid FROM message_text t JOIN messages m ON m.id = t.rowid
             WHERE message_text MATCH ? AND m.channel_id = ? ORDER BY t.rowid DESC LIMIT ?`,
          )
          .pluck();
  const params = q.channelId === undefined ? [matchOf(q.words), LIMIT] : [matchOf(q.words), q.channelId, LIMIT];
  return {
    name: `search: ${q.name}`,
    warmup: quick ? 3 : 20,
    rounds: quick ? 25 : 200,
    baseline: { label: 'raw FTS5 MATCH, newest first', run: () => raw.all(...params) },
    measured: { label: 'SearchRepo.search()', run: () => store.search.search(local) },
    compare: (b, m) => {
      const x = b as number[];
      const y = m as number[];
      const expectEmpty = q.name === 'word that matches nothing';
      if (expectEmpty !== (y.length === 0)) return `measured found ${y.length} messages`;
      return x.length === y.length && x.every((id, i) => id === y[i])
        ? null
        : `baseline ${x.join(',')} / measured ${y.join(',')}`;
    },
    budgetMs: STORE_CALL_BUDGET_MS,
  };
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const total = ctx.quick ? 20_000 : 100_000;
  const file = join(ctx.dir, 'cache.sqlite');
  const store = openFilledCache(ctx.runDir, total, file);
  const reader = new RawReader(file);
  try {
    ctx.note(`cache of ${total.toLocaleString('en')} messages; searches return at most ${LIMIT} IDs`);
    for (const q of QUERIES) yield searchCase(q, store, reader, ctx.quick);
  } finally {
    reader.close();
    store.close();
  }
}

export const searchSuite: Suite = {
  name: 'search',
  description: 'local full-text search vs a raw FTS5 MATCH',
  order: 20,
  cases,
};
