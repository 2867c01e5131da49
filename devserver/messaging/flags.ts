import type { App } from '../app';
import { badRequest } from '../http/errors';
import { FLAG_BITS, HISTORICAL_BITS, type StoredFlag } from '../store/flags';
import type { UserRow } from '../store/rows';
import { accessMessage } from './access';
import { publishFlagChange } from './flag_events';

/** Flags a user may set or clear; the rest are computed by the server. */
const EDITABLE = new Set<string>(['read', 'starred', 'collapsed']);
const KNOWN = new Set<string>([...Object.keys(FLAG_BITS), 'wildcard_mentioned']);

export interface FlagUpdate {
  op: 'add' | 'remove';
  flag: StoredFlag;
}

/** Validates op and flag with Zulip's wording. */
export function parseFlagUpdate(op: string, flag: string): FlagUpdate {
  if (!KNOWN.has(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (!EDITABLE.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
  return { op, flag: flag as StoredFlag };
}

export interface FlagResult {
  /** Messages whose flag actually changed. */
  changed: number[];
  /** Channels whose messages were left read because the user is not subscribed (mark unread only). */
  ignoredChannels: number[];
}

/**
 * Sets or clears a flag on the user's messages (Zulip's do_update_message_flags). Messages the
 * user never received get a historical row first, after an access check. Marking unread skips
 * channels the user is not subscribed to, since unread channel messages must be in subscribed
 * channels. An update_message_flags event lists what changed.
 */
export function updateFlags(app: App, user: UserRow, update: FlagUpdate, messageIds: readonly number[]): FlagResult {
  const store = app.store;
  let ids = [...new Set(messageIds)];
  const ignored = new Set<number>();
  if (update.flag === 'read' && update.op === 'remove') {
    const rows = store.messages.byIds(ids);
    const skip = new Set<number>();
    for (const row of rows) {
      if (row.channel_id !== null && !store.channels.isSubscribed(user.id, row.channel_id)) {
        skip.add(row.id);
        ignored.add(row.channel_id);
      }
    }
    ids = ids.filter((id) => !skip.has(id));
  }
  const current = store.messages.flagsFor(user.id, ids);
  for (const id of ids) if (!current.has(id)) accessMessage(store, user, id);

  const bit = FLAG_BITS[update.flag];
  const changed: number[] = [];
  store.transaction(() => {
    for (const id of ids) {
      const before = current.get(id) ?? HISTORICAL_BITS;
      const after = update.op === 'add' ? before | bit : before & ~bit;
      if (after !== before || !current.has(id)) store.messageChanges.setFlags(user.id, id, after);
      if (after !== before) changed.push(id);
    }
  });
  changed.sort((a, b) => a - b);
  publishFlagChange(app, user.id, update, changed, false);
  return { changed, ignoredChannels: [...ignored].sort((a, b) => a - b) };
}

/** Marks every unread message of the user read; announced as one `all: true` event. */
export function markAllRead(app: App, user: UserRow): number {
  const ids = app.store.userState.unread(user.id, Number.MAX_SAFE_INTEGER).map((row) => row.message_id);
  app.store.transaction(() => {
    const flags = app.store.messages.flagsFor(user.id, ids);
    for (const id of ids) app.store.messageChanges.setFlags(user.id, id, (flags.get(id) ?? 0) | FLAG_BITS.read);
  });
  publishFlagChange(app, user.id, { op: 'add', flag: 'read' }, [], true);
  return ids.length;
}

/** The user's unread messages among `ids`, for marking a channel or topic read. */
export function unreadAmong(app: App, userId: number, ids: readonly number[]): number[] {
  const flags = app.store.messages.flagsFor(userId, ids);
  return ids.filter((id) => {
    const bits = flags.get(id);
    return bits !== undefined && (bits & FLAG_BITS.read) === 0;
  });
}
