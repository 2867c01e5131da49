/**
 * How a GET /events batch goes into the cache. A batch can hold thousands of events (a poll after
 * a pause), and the main process also routes IPC, so it is applied EVENTS_PER_TRANSACTION at a
 * time, each transaction saving the last_event_id it reached (a crash resumes from there). Inside
 * a transaction, a run of consecutive message events is stored with one write; every other event
 * alone. Each group runs in a savepoint: when a group fails, its events are retried one at a time,
 * so one bad event is logged and skipped without losing the others. A disk failure (full,
 * read-only) is not one bad event: it stops the batch, and nothing of it counts as received.
 */
import type { MessageEvent, ZulipEvent } from '../api';
import { StorageFailure } from '../store/storage-failure';
import { applyEvent, type ApplyContext } from './appliers';
import { applyMessages } from './appliers/message';
import type { Delta } from './deltas';

/** Like MESSAGES_PER_TRANSACTION: a few milliseconds of writes at 100,000 cached messages. */
export const EVENTS_PER_TRANSACTION = 200;

type Group = { kind: 'messages'; events: MessageEvent[] } | { kind: 'one'; event: ZulipEvent };

/** Consecutive message events together (order kept), anything else on its own. */
function groupsOf(events: readonly ZulipEvent[]): Group[] {
  const groups: Group[] = [];
  for (const ev of events) {
    const last = groups.at(-1);
    if (ev.type !== 'message') groups.push({ kind: 'one', event: ev });
    else if (last?.kind === 'messages') last.events.push(ev);
    else groups.push({ kind: 'messages', events: [ev] });
  }
  return groups;
}

function applyAlone(ctx: ApplyContext, ev: ZulipEvent, out: Delta[]): void {
  try {
    out.push(...ctx.store.transaction(() => applyEvent(ctx, ev)));
  } catch (e) {
    // A full or read-only disk fails every event alike: skipping them would acknowledge events
    // never stored. The batch stops (its transaction rolls back) and the sync loop says why.
    const disk = StorageFailure.from(e, ctx.store.file);
    if (disk) throw disk;
    ctx.log.error('could not apply an event; skipped', { type: ev.type, id: ev.id, error: e });
  }
}

/** Applies events in order inside the caller's transaction; returns their deltas, in event order. */
export function applyEvents(ctx: ApplyContext, events: readonly ZulipEvent[]): Delta[] {
  const out: Delta[] = [];
  for (const group of groupsOf(events)) {
    if (group.kind === 'one') {
      applyAlone(ctx, group.event, out);
      continue;
    }
    if (group.events.length > 1) {
      try {
        out.push(...ctx.store.transaction(() => applyMessages(ctx, group.events)));
        continue;
      } catch (e) {
        const disk = StorageFailure.from(e, ctx.store.file);
        if (disk) throw disk;
        // Rolled back whole; one at a time below finds (and logs) the event that failed.
      }
    }
    for (const ev of group.events) applyAlone(ctx, ev, out);
  }
  return out;
}

/** The batch cut into the slices that each get their own transaction. */
export function transactionSlices<T>(items: readonly T[]): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < items.length; i += EVENTS_PER_TRANSACTION) {
    slices.push(items.slice(i, i + EVENTS_PER_TRANSACTION));
  }
  return slices;
}
