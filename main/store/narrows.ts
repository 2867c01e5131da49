/**
 * How a Narrow (common/model.ts) maps onto the cache: a stable text key for message_ranges,
 * and the columns a message row is matched on. DM conversations are keyed by every
 * participant (the user included), which is what the server's huddle keys use too.
 */
import * as z from 'zod';
import type { Narrow } from '../../common/model';
import { topicKey } from './topic-key';

/** Highest ID a range can reach: "every message up to the newest one". */
export const NEWEST = Number.MAX_SAFE_INTEGER;

export type NarrowFilter =
  | { kind: 'channel'; channelId: number }
  | { kind: 'topic'; channelId: number; topic: string }
  | { kind: 'dm'; dmKey: string }
  /** The Combined feed: every message of a subscribed channel, and every DM. */
  | { kind: 'all' };

/** Sorted, de-duplicated user IDs joined by commas: "3,7,12". */
export function dmKeyOf(userIds: readonly number[]): string {
  return [...new Set(userIds)].sort((a, b) => a - b).join(',');
}

export function parseDmKey(key: string): number[] {
  return key === '' ? [] : key.split(',').map(Number);
}

/** The other participants of a conversation (empty for the self-DM). */
export function othersInDm(dmKey: string, selfId: number): number[] {
  return parseDmKey(dmKey).filter((id) => id !== selfId);
}

export function narrowFilter(narrow: Narrow, selfId: number): NarrowFilter {
  switch (narrow.kind) {
    case 'channel':
      return { kind: 'channel', channelId: narrow.channelId };
    case 'topic':
      return { kind: 'topic', channelId: narrow.channelId, topic: narrow.topic };
    case 'dm':
      return { kind: 'dm', dmKey: dmKeyOf([...narrow.userIds, selfId]) };
    case 'all':
      return { kind: 'all' };
  }
}

export function filterKey(filter: NarrowFilter): string {
  switch (filter.kind) {
    case 'channel':
      return `channel:${filter.channelId}`;
    case 'topic':
      // Case-insensitive like the server's topic match, so "Lunch" and "lunch" share their ranges.
      return `topic:${filter.channelId}:${topicKey(filter.topic)}`;
    case 'dm':
      return `dm:${filter.dmKey}`;
    case 'all':
      return 'all';
  }
}

/** The filter a range key was made from (topic keys hold the topic in its case-folded form). */
export function filterOfKey(key: string): NarrowFilter | null {
  const [kind, a, ...rest] = key.split(':');
  if (kind === 'channel') return { kind: 'channel', channelId: Number(a) };
  if (kind === 'topic') return { kind: 'topic', channelId: Number(a), topic: rest.join(':') };
  if (kind === 'dm') return { kind: 'dm', dmKey: a ?? '' };
  if (key === 'all') return { kind: 'all' };
  return null;
}

export function narrowKey(narrow: Narrow, selfId: number): string {
  return filterKey(narrowFilter(narrow, selfId));
}

/**
 * The narrow keys a message with these columns belongs to (its channel and topic, or its DM, and
 * the Combined feed, whose reads leave out channels the user is not subscribed to).
 */
export function keysOfMessage(m: { channelId: number | null; topic: string; dmKey: string | null }): string[] {
  const all = filterKey({ kind: 'all' });
  if (m.channelId !== null) {
    return [
      filterKey({ kind: 'channel', channelId: m.channelId }),
      filterKey({ kind: 'topic', channelId: m.channelId, topic: m.topic }),
      all,
    ];
  }
  return m.dmKey !== null ? [filterKey({ kind: 'dm', dmKey: m.dmKey }), all] : [all];
}

/** Runtime check of a Narrow read from disk or from the renderer. */
export const narrowSchema: z.ZodType<Narrow> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('channel'), channelId: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('topic'), channelId: z.number().int().positive(), topic: z.string().max(600) }).strict(),
  z
    .object({
      kind: z.literal('dm'),
      userIds: z
        .array(z.number().int().positive())
        .max(100)
        .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    })
    .strict(),
  z.object({ kind: z.literal('all') }).strict(),
]);

/** The Narrow a filter came from (DM filters list every participant; the Narrow lists the others). */
export function narrowOfFilter(filter: NarrowFilter, selfId: number): Narrow {
  switch (filter.kind) {
    case 'channel':
      return { kind: 'channel', channelId: filter.channelId };
    case 'topic':
      return { kind: 'topic', channelId: filter.channelId, topic: filter.topic };
    case 'dm':
      return { kind: 'dm', userIds: othersInDm(filter.dmKey, selfId) };
    case 'all':
      return { kind: 'all' };
  }
}
