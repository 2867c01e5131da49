/**
 * Live events on a full cache (100,000 messages; 20,000 with --quick): batches of new-message
 * events through the real sync loop (batch transaction, appliers, last_event_id) against raw
 * INSERTs of the same rows into a copy of the same cache. One case parses the batch from the
 * JSON of GET /events as the API client does; the baseline then pays a JSON.parse too.
 */
import { join } from 'node:path';
import { GetEventsResponse, type ZulipEvent } from '../../main/api';
import type { AccountStore } from '../../main/store/account-store';
import type { CachedMessage } from '../../main/store/repos/message-rows';
import type { Delta } from '../../main/sync/deltas';
import { toCachedMessage } from '../../main/sync/convert';
import { collectingLog } from '../fixtures/collecting-log';
import { SELF_USER_ID, generateMessages, type WireMessage } from '../fixtures/corpus';
import { copyFilledCache, openFilledCache } from '../fixtures/filled-cache';
import { RawMessageWriter, openRawCache } from '../fixtures/raw-cache';
import { ScriptedSync, type Batch } from '../fixtures/scripted-events';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';
import { STORE_CALL_BUDGET_MS, WRITE_SLICE_BUDGET_MS } from './store-messages';

interface Shared {
  total: number;
  sync: ScriptedSync;
  writer: RawMessageWriter;
  /** Event IDs only grow: the loop drops events it has seen. */
  nextEventId: () => number;
}

/** What GET /events would send: message events for these messages. */
function eventsOf(messages: readonly WireMessage[], nextEventId: () => number) {
  return messages.map((w) => ({ id: nextEventId(), type: 'message', message: w.message, flags: w.flags }));
}

function addedIds(deltas: Delta[]): number[] {
  return deltas.flatMap((d) => (d.kind === 'messagesAdded' ? d.ids : []));
}

/**
 * A case whose rounds each deliver `size` new messages; each case has its own ID block so both
 * files always receive messages neither holds yet.
 */
function eventCase(
  name: string,
  size: number,
  idBlock: number,
  parse: boolean,
  s: Shared,
  rounds: { warmup: number; rounds: number },
): BenchCase {
  let rows: CachedMessage[] = [];
  let json = '';
  let events: ZulipEvent[] = [];
  const firstId = s.total + 1 + idBlock * 10_000_000;
  return {
    name,
    ...rounds,
    prepare: (round) => {
      const wire = generateMessages(firstId + round * size, size, s.total);
      const raw = eventsOf(wire, s.nextEventId);
      json = JSON.stringify({ result: 'success', msg: '', events: raw });
      events = GetEventsResponse.parse(JSON.parse(json)).events;
      rows = wire.map((w) => toCachedMessage(w.message, w.flags));
    },
    baseline: parse
      ? {
          label: 'JSON.parse + raw prepared INSERTs',
          run: () => {
            const body = JSON.parse(json) as { events: unknown[] };
            if (body.events.length !== rows.length) throw new Error('bad batch');
            s.writer.insert(rows);
          },
        }
      : { label: 'raw prepared INSERTs into the same 7 tables', run: () => s.writer.insert(rows) },
    measured: {
      label: parse ? 'GetEventsResponse parse + SyncEngine batch' : 'SyncEngine batch (appliers, chunked transactions)',
      run: () => {
        const batch: Batch = parse ? () => GetEventsResponse.parse(JSON.parse(json)).events : events;
        return s.sync.deliver(batch);
      },
    },
    compare: (_b, m) => {
      const added = addedIds(m as Delta[]);
      return added.length === size && added.every((id, i) => id === rows[i]?.id)
        ? null
        : `expected messagesAdded for ${size} new messages, got ${added.length}`;
    },
    // One live event is a frame's work; a batch is held to the write-slice budget of the core's thread.
    budgetMs: size === 1 ? STORE_CALL_BUDGET_MS : WRITE_SLICE_BUDGET_MS,
    // The loop applies a big batch in slices with the event loop free between them.
    measureBlocking: true,
  };
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const total = ctx.quick ? 20_000 : 100_000;
  const store: AccountStore = openFilledCache(ctx.runDir, total, join(ctx.dir, 'cache.sqlite'));
  const rawFile = join(ctx.dir, 'raw.sqlite');
  copyFilledCache(ctx.runDir, total, rawFile);
  const rawDb = openRawCache(rawFile);
  const { log, assertQuiet } = collectingLog('bench.sync');
  let eventId = 0;
  const sync = await ScriptedSync.start(store, SELF_USER_ID, log);
  const s: Shared = { total, sync, writer: new RawMessageWriter(rawDb), nextEventId: () => ++eventId };
  const big = ctx.quick ? { warmup: 2, rounds: 8 } : { warmup: 3, rounds: 30 };
  const medium = ctx.quick ? { warmup: 3, rounds: 20 } : { warmup: 10, rounds: 100 };
  const single = ctx.quick ? { warmup: 10, rounds: 60 } : { warmup: 50, rounds: 500 };
  try {
    ctx.note(`cache of ${total.toLocaleString('en')} messages before the events; new messages arrive unread`);
    yield eventCase('apply 1,000 message events', 1000, 0, false, s, big);
    assertQuiet('applying 1,000 events');
    yield eventCase('parse + apply 1,000 message events', 1000, 1, true, s, big);
    assertQuiet('parsing and applying 1,000 events');
    // What a poll brings after a short disconnect.
    yield eventCase('apply 100 message events', 100, 2, false, s, medium);
    assertQuiet('applying 100 events');
    yield eventCase('apply 1 message event (live)', 1, 3, false, s, single);
    assertQuiet('applying single events');
  } finally {
    await sync.stop();
    rawDb.close();
    store.close();
  }
}

export const appliersSuite: Suite = {
  name: 'appliers',
  description: 'message events through the sync loop vs raw inserts',
  order: 30,
  cases,
};
