/**
 * The slow half of a snapshot, done in slices: register's people and unread messages converted
 * and written into the store's staging tables (store/repos/snapshot-staging.ts), a slice of
 * SLICE_ROWS rows at a time. The caller decides what happens between slices: the engine yields to
 * the event loop, so calls from the page are answered while a big organization's first sync runs.
 * Nothing here is visible to a reader until snapshot.ts swaps the staged lists in.
 */
import * as z from 'zod';
import { ProtocolError, User, type RegisterResponse } from '../api';
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

const People = z.array(User);

/**
 * Checks one slice of register's people (the register schema leaves them unchecked, so that this
 * cost is sliced too). A person we cannot read fails the register as any malformed answer does.
 */
function peopleIn(list: readonly unknown[], field: string, start: number): User[] {
  const parsed = People.safeParse(list.slice(start, start + SLICE_ROWS));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const [index, ...rest] = issue?.path ?? [];
  const at = [field, start + Number(index ?? 0), ...rest].map(String).join('.');
  const text = issue?.message ?? 'invalid';
  throw new ProtocolError(`Unexpected answer to POST /register: field '${at}': ${text}`, {
    httpStatus: 200,
    field: at,
  });
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
    const people: [string, readonly unknown[], boolean][] = [
      ['realm_users', r.realm_users, true],
      ['realm_non_active_users', r.realm_non_active_users ?? [], false],
      ['cross_realm_bots', r.cross_realm_bots ?? [], true],
    ];
    for (const [field, list, active] of people) {
      for (let start = 0; start < list.length; start += SLICE_ROWS) {
        staging.addUsers(peopleIn(list, field, start).map((u) => toStoredUser(u, active)));
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
