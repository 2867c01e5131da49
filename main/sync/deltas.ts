/**
 * What changed in the cache, as appliers report it. The account turns a batch's deltas into
 * the renderer's events (messages:added/updated/removed, sidebar:changed), once per batch.
 */
import type { Narrow, RecordArea } from '../../common/model';

export type Delta =
  | { kind: 'messagesAdded'; ids: number[] }
  | { kind: 'messagesUpdated'; ids: number[] }
  | { kind: 'messagesRemoved'; ids: number[] }
  /** The server's message `id` replaces the local echo `localId`. */
  | { kind: 'echoConfirmed'; localId: string; id: number }
  /** Unread counts, topics, channels, DMs or users changed. */
  | { kind: 'sidebarChanged' }
  /** Non-message records changed (main/records turns these into records:changed). */
  | { kind: 'recordsChanged'; areas: RecordArea[] }
  /** Someone started or stopped typing; memory only (main/records/typing.ts). */
  | { kind: 'typing'; op: 'start' | 'stop'; senderId: number; narrow: Narrow };

/** Collapses a batch's deltas: IDs de-duplicated, an added-then-removed message reported once as removed. */
export interface MergedDeltas {
  added: number[];
  updated: number[];
  removed: number[];
  confirmed: { localId: string; id: number }[];
  sidebarChanged: boolean;
}

export function mergeDeltas(deltas: readonly Delta[]): MergedDeltas {
  const added = new Set<number>();
  const updated = new Set<number>();
  const removed = new Set<number>();
  const confirmed: { localId: string; id: number }[] = [];
  let sidebarChanged = false;
  for (const d of deltas) {
    switch (d.kind) {
      case 'messagesAdded':
        d.ids.forEach((id) => added.add(id));
        break;
      case 'messagesUpdated':
        d.ids.forEach((id) => updated.add(id));
        break;
      case 'messagesRemoved':
        d.ids.forEach((id) => removed.add(id));
        break;
      case 'echoConfirmed':
        confirmed.push({ localId: d.localId, id: d.id });
        break;
      case 'sidebarChanged':
        sidebarChanged = true;
        break;
    }
  }
  const confirmedIds = new Set(confirmed.map((c) => c.id));
  const keep = (id: number) => !removed.has(id);
  return {
    added: [...added].filter(keep).sort((a, b) => a - b),
    // An update to a message added in the same batch is already in its added view.
    updated: [...updated].filter((id) => keep(id) && !added.has(id) && !confirmedIds.has(id)).sort((a, b) => a - b),
    removed: [...removed].sort((a, b) => a - b),
    confirmed: confirmed.filter((c) => keep(c.id)),
    sidebarChanged,
  };
}
