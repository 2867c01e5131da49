/**
 * The slow half of a snapshot, done in slices: register's people and unread messages converted
 * and written into the store's staging tables (store/repos/snapshot-staging.ts), a slice of
 * SLICE_ROWS rows at a time. The caller decides what happens between slices: the engine yields to
 * the event loop, so calls from the page are answered while a big organization's first sync runs.
 * Nothing here is visible to a reader until snapshot.ts swaps the staged lists in.
 */
import type { RegisterResponse, User } from '../api';
import type { AccountStore } from '../store/account-store';
import { dmKeyOf } from '../store/narrows';
import type { UnreadEntry } from '../store/repos/unreads';
import { toStoredUser } from './convert';

/** Rows per slice: about 5 ms of converting and writing people on this machine. */
export const SLICE_ROWS = 1000;

export function unreadEntries(r: RegisterResponse, selfId: number): UnreadEntry[] {
  const u = r.unread_msgs;
  if (!u) return [];
  const out: UnreadEntry[] = [];
  // Every ID in mentions is also listed under its channel or conversation below.
  const mentions = new Set(u.mentions);
  for (const s of u.streams) {
    for (const id of s.unread_message_ids)
      out.push({ messageId: id, channelId: s.stream_id, topic: s.topic, dmKey: null });
  }
  for (const pm of u.pms) {
    const other = pm.other_user_id ?? pm.sender_id ?? selfId;
    const dmKey = dmKeyOf([other, selfId]);
    for (const id of pm.unread_message_ids) out.push({ messageId: id, channelId: null, topic: null, dmKey });
  }
  for (const h of u.huddles) {
    const dmKey = dmKeyOf(h.user_ids_string.split(',').map(Number).concat(selfId));
    for (const id of h.unread_message_ids) out.push({ messageId: id, channelId: null, topic: null, dmKey });
  }
  for (const e of out) if (mentions.has(e.messageId)) e.mentioned = true;
  return out;
}

/** What was staged, so the swap replaces exactly the lists register sent. */
export interface Staged {
  users: boolean;
  unreads: boolean;
}

/**
 * Stages the snapshot's big lists; yields once after each slice. Returns what it staged. Staging
 * starts from empty tables, so a sync abandoned half-way (stopped, failed) leaves nothing behind.
 */
export function* stageSnapshot(store: AccountStore, r: RegisterResponse, selfId: number): Generator<void, Staged> {
  const staging = store.staging;
  staging.clear();
  if (r.realm_users) {
    const people: [readonly User[], boolean][] = [
      [r.realm_users, true],
      [r.realm_non_active_users ?? [], false],
      [r.cross_realm_bots ?? [], true],
    ];
    for (const [list, active] of people) {
      for (let start = 0; start < list.length; start += SLICE_ROWS) {
        staging.addUsers(list.slice(start, start + SLICE_ROWS).map((u) => toStoredUser(u, active)));
        yield;
      }
    }
  }
  if (r.unread_msgs) {
    const entries = unreadEntries(r, selfId);
    for (let start = 0; start < entries.length; start += SLICE_ROWS) {
      staging.addUnreads(entries.slice(start, start + SLICE_ROWS));
      yield;
    }
  }
  return { users: r.realm_users !== undefined, unreads: r.unread_msgs !== undefined };
}
