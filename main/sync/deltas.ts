/**
 * What changed in the cache, as appliers report it. The account turns a batch's deltas into
 * the renderer's events (messages:added/updated/flags/removed, sidebar:changed), once per batch.
 */
import type { FlagChange, Narrow, RecordArea } from '../../common/model';

/**
 * The sidebar rows a change can have touched, so the account rebuilds and compares only those:
 * a new message touches its channel (or the DM list), not the other 999 channels. Absent: any row
 * may have changed, and the whole sidebar is rebuilt.
 */
export interface SidebarTouch {
  channels?: number[];
  dms?: boolean;
}

/** A batch's touched rows: 'all', or the channels and whether the DM list is among them. */
export type SidebarScope = 'all' | { channels: Set<number>; dms: boolean };

/** The rows that unread entries (turning read or unread) touch: their channels and the DM list. */
export function touchedBy(entries: readonly { channelId: number | null }[]): SidebarTouch {
  const channels = new Set<number>();
  let dms = false;
  for (const e of entries) {
    if (e.channelId === null) dms = true;
    else channels.add(e.channelId);
  }
  return { channels: [...channels], dms };
}

/** The touch of a message in a channel or a DM (a null channel is a DM). */
export function touchOf(channelId: number | null): SidebarTouch {
  return channelId === null ? { dms: true } : { channels: [channelId] };
}

export type Delta =
  | { kind: 'messagesAdded'; ids: number[] }
  | { kind: 'messagesUpdated'; ids: number[] }
  /** Read or starred turned on or off, nothing else: the page gets the IDs, not the messages. */
  | { kind: 'flagsChanged'; flag: FlagChange['flag']; on: boolean; ids: number[] }
  | { kind: 'messagesRemoved'; ids: number[] }
  /** The server's message `id` replaces the local echo `localId`. */
  | { kind: 'echoConfirmed'; localId: string; id: number }
  /** Unread counts, topics, channels, DMs or users changed (only those of `touched`, when given). */
  | { kind: 'sidebarChanged'; touched?: SidebarTouch }
  /** Non-message records changed (main/records turns these into records:changed). */
  | {
      kind: 'recordsChanged';
      areas: RecordArea[];
      /** With 'subscribers': the channels whose lists changed (absent: any of them may have). */
      subscriberChannels?: number[];
    }
  /** Someone started or stopped typing; memory only (main/records/typing.ts). */
  | { kind: 'typing'; op: 'start' | 'stop'; senderId: number; narrow: Narrow }
  /** Someone started or stopped editing a message; memory only, like typing. */
  | { kind: 'typingEdit'; op: 'start' | 'stop'; senderId: number; messageId: number };

/** Collapses a batch's deltas: IDs de-duplicated, an added-then-removed message reported once as removed. */
export interface MergedDeltas {
  added: number[];
  updated: number[];
  /** In order; without the messages added, updated (their views say it) or removed in the batch. */
  flags: FlagChange[];
  removed: number[];
  confirmed: { localId: string; id: number }[];
  /** Which sidebar rows to rebuild, or null when the sidebar is as it was. */
  sidebar: SidebarScope | null;
}

function widen(scope: SidebarScope | null, touched: SidebarTouch | undefined): SidebarScope {
  if (touched === undefined || scope === 'all') return 'all';
  const next = scope ?? { channels: new Set<number>(), dms: false };
  for (const id of touched.channels ?? []) next.channels.add(id);
  if (touched.dms) next.dms = true;
  return next;
}

export function mergeDeltas(deltas: readonly Delta[]): MergedDeltas {
  const added = new Set<number>();
  const updated = new Set<number>();
  const removed = new Set<number>();
  const confirmed: { localId: string; id: number }[] = [];
  const flags: FlagChange[] = [];
  let sidebar: SidebarScope | null = null;
  for (const d of deltas) {
    switch (d.kind) {
      case 'messagesAdded':
        d.ids.forEach((id) => added.add(id));
        break;
      case 'messagesUpdated':
        d.ids.forEach((id) => updated.add(id));
        break;
      case 'flagsChanged':
        flags.push({ flag: d.flag, on: d.on, ids: d.ids });
        break;
      case 'messagesRemoved':
        d.ids.forEach((id) => removed.add(id));
        break;
      case 'echoConfirmed':
        confirmed.push({ localId: d.localId, id: d.id });
        break;
      case 'sidebarChanged':
        sidebar = widen(sidebar, d.touched);
        break;
    }
  }
  const confirmedIds = new Set(confirmed.map((c) => c.id));
  const keep = (id: number) => !removed.has(id);
  return {
    added: [...added].filter(keep).sort((a, b) => a - b),
    // An update to a message added in the same batch is already in its added view.
    updated: [...updated].filter((id) => keep(id) && !added.has(id) && !confirmedIds.has(id)).sort((a, b) => a - b),
    flags: flags
      .map((f) => ({
        ...f,
        ids: f.ids.filter((id) => keep(id) && !added.has(id) && !updated.has(id) && !confirmedIds.has(id)),
      }))
      .filter((f) => f.ids.length > 0),
    removed: [...removed].sort((a, b) => a - b),
    confirmed: confirmed.filter((c) => keep(c.id)),
    sidebar,
  };
}

/** Whether a batch may have changed people (the sidebar asks the users repo whom: UsersRepo.takeWritten). */
export function touchesUsers(deltas: readonly Delta[]): boolean {
  return deltas.some((d) => d.kind === 'recordsChanged' && d.areas.includes('users'));
}
