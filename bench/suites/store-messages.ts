/**
 * The account cache at 100,000 messages (20,000 with --quick): filling it with 1,000-message
 * pages through the app's write path (chunked transactions, as the pager stores a fetch), then reading 100-message pages of a channel, a
 * topic and a DM through the pager, each against plain better-sqlite3 on the same schema. Reads
 * are held to a 16 ms frame, write slices to 50 ms on the core's own thread (see below).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Pager, type PageResult } from '../../main/accounts/pager';
import { anchorId, type PageAnchor } from '../../main/accounts/cache-page';
import { AccountStore } from '../../main/store/account-store';
import { MESSAGES_PER_TRANSACTION, cacheMessagesInChunks } from '../../main/store/cache-messages';
import { NEWEST, dmKeyOf, filterKey, type NarrowFilter } from '../../main/store/narrows';
import type { CachedMessage } from '../../main/store/repos/message-rows';
import { collectingLog } from '../fixtures/collecting-log';
import { dmParticipants, topicName } from '../fixtures/corpus';
import { cachedBatch, offerTemplate } from '../fixtures/filled-cache';
import { RawMessageWriter, openRawCache } from '../fixtures/raw-cache';
import { RawReader, sameIds } from '../fixtures/raw-reads';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';

/** A read fits in a frame: the renderer waits for it. */
export const STORE_CALL_BUDGET_MS = 16;
/**
 * One write slice on the core's worker thread (main/core-thread): the longest a read may wait
 * behind it. The thread that routes IPC never runs store calls; its 16 ms is checked in core-thread.ts.
 */
export const WRITE_SLICE_BUDGET_MS = 50;
const BATCH = 1000;

/** The narrows read: the busiest channel, its busiest topic, and a one-to-one DM. */
const NARROWS: { name: string; filter: NarrowFilter }[] = [
  { name: 'channel', filter: { kind: 'channel', channelId: 1 } },
  { name: 'topic', filter: { kind: 'topic', channelId: 1, topic: topicName(1, 0) } },
  { name: 'DM', filter: { kind: 'dm', dmKey: dmKeyOf(dmParticipants(1)) } },
];

function megabytes(file: string): string {
  const bytes = [file, `${file}-wal`].reduce((sum, f) => sum + (statSync(f, { throwIfNoEntry: false })?.size ?? 0), 0);
  return (bytes / 1e6).toFixed(1);
}

function insertCase(total: number, store: AccountStore, writer: RawMessageWriter): BenchCase {
  let batch: CachedMessage[] = [];
  const warmup = 2;
  return {
    name: `insert ${BATCH.toLocaleString('en')}-message batch`,
    // Warm-up batches are inserted too: the rounds together fill the cache to `total`.
    warmup,
    rounds: total / BATCH - warmup,
    prepare: (round) => {
      batch = cachedBatch(round * BATCH + 1, BATCH, total);
    },
    baseline: { label: 'raw prepared INSERTs into the same 7 tables', run: () => writer.insert(batch) },
    measured: {
      label: `cacheMessagesInChunks() through the repos, ${MESSAGES_PER_TRANSACTION} per transaction`,
      run: () => cacheMessagesInChunks(store, batch),
    },
    budgetMs: WRITE_SLICE_BUDGET_MS,
    // The pager stores a fetched page this way: what must fit the budget is each chunk, not the page.
    measureBlocking: true,
  };
}

interface PageRead {
  name: string;
  filter: NarrowFilter;
  anchor: PageAnchor;
  before: number;
  after: number;
}

function readCase(
  { name, filter, anchor, before, after }: PageRead,
  env: { pager: Pager; reader: RawReader; quick: boolean },
): BenchCase {
  const { pager, reader, quick } = env;
  const below = anchorId(anchor);
  return {
    name,
    warmup: quick ? 5 : 30,
    rounds: quick ? 40 : 300,
    baseline: {
      label: 'raw indexed SELECT (ids below, and from, the anchor)',
      run: () => [...reader.before(filter, below, before), ...(after > 0 ? reader.from(filter, below, after + 1) : [])],
    },
    measured: {
      label: 'Pager.page() answering from the cache',
      run: () => pager.page(filter, anchor, before, after),
    },
    compare: (b, m) => {
      const result = m as PageResult;
      if (!result.fromCache) return 'the pager did not answer from the cache';
      return sameIds(b as { id: number }[], result.messages);
    },
    budgetMs: STORE_CALL_BUDGET_MS,
  };
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const total = ctx.quick ? 20_000 : 100_000;
  const storeFile = join(ctx.dir, 'repo.sqlite');
  const rawFile = join(ctx.dir, 'raw.sqlite');
  const store = AccountStore.open(storeFile);
  const rawDb = openRawCache(rawFile);
  let reader: RawReader | null = null;
  let complete = false;
  try {
    yield insertCase(total, store, new RawMessageWriter(rawDb));
    const counted = [store.db, rawDb].map((db) => db.prepare('SELECT count(*) FROM messages').pluck().get());
    if (counted.some((n) => n !== total))
      throw new Error(`expected ${total} messages in both files, found ${counted.join(' and ')}`);
    ctx.note(
      `cache of ${total.toLocaleString('en')} messages: ${megabytes(storeFile)} MB (raw file ${megabytes(rawFile)} MB)`,
    );
    rawDb.close();

    // As after a sync with a live event queue: every narrow is known whole, so pages come from the cache.
    for (const { filter } of NARROWS) store.ranges.add(filterKey(filter), 0, NEWEST);
    const { log, assertQuiet } = collectingLog('bench.pager');
    const pager = new Pager({
      store,
      fetch: () => Promise.reject(new Error('the benchmark expects every page to come from the cache')),
      liveQueueId: () => 'bench-queue',
      log,
    });
    reader = new RawReader(storeFile);
    const env = { pager, reader, quick: ctx.quick };
    for (const { name, filter } of NARROWS) {
      yield readCase(
        { name: `page: ${name}, 100 before newest`, filter, anchor: 'newest', before: 100, after: 0 },
        env,
      );
      const middle = reader.middleId(filter);
      yield readCase(
        { name: `page: ${name}, 50+50 around the middle`, filter, anchor: middle, before: 50, after: 50 },
        env,
      );
    }
    assertQuiet('reading pages');
    // Handed on as copyFilledCache builds one: messages 1..total, words indexed, no range. The
    // ranges above were this suite's claim; against a later suite's server they are false, and the
    // app suite's probe then evicted channel 1's 24,000 messages at its first page.
    for (const { filter } of NARROWS) store.ranges.forget(filterKey(filter));
    store.messages.searchIndex.flush();
    complete = true;
  } finally {
    reader?.close();
    if (rawDb.open) rawDb.close();
    store.close();
  }
  // Later suites start from this cache instead of building their own.
  if (complete) offerTemplate(ctx.runDir, total, storeFile);
}

export const storeMessagesSuite: Suite = {
  name: 'store-messages',
  description: 'account cache: batched inserts and narrow page reads vs raw better-sqlite3',
  // Its filled cache becomes the fixture the other store suites start from.
  order: 10,
  cases,
};
