/**
 * The people the @-mention typeahead searches, prepared once per user list rather than per key:
 * lower-cased names and emails, and how many active people share each name. At
 * 30,000 people, lower-casing and splitting every name on each key (and looking for a namesake of
 * every match) froze the window for seconds.
 */
import type { UserSummary } from '../../common/model';
import { rankLowered } from './peopleMatch';

interface Entry {
  user: UserSummary;
  /** Lower-cased full name and email. */
  names: string[];
}

export interface MentionIndex {
  /** Active people, in the order given. */
  entries: Entry[];
  /** Active people per full name: a name held by two needs `|id` in its mention. */
  nameCounts: Map<string, number>;
}

const built = new WeakMap<readonly UserSummary[], MentionIndex>();

/** The index of `users`, built on first use and kept for as long as that list is. */
export function mentionIndex(users: readonly UserSummary[]): MentionIndex {
  let index = built.get(users);
  if (!index) {
    index = build(users);
    built.set(users, index);
  }
  return index;
}

/** Whether the index of `users` is built already. */
export function mentionIndexReady(users: readonly UserSummary[]): boolean {
  return built.has(users);
}

/**
 * Builds the index of `users` when the page is idle, unless it exists: the compose box asks for
 * it as soon as anything is typed, so the first `@` does not pay for it (~25-100 ms at 30k people).
 */
export function prepareMentionIndex(users: readonly UserSummary[]): void {
  if (built.has(users) || users.length === 0) return;
  const run = () => void mentionIndex(users);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

function build(users: readonly UserSummary[]): MentionIndex {
  const entries: Entry[] = [];
  const nameCounts = new Map<string, number>();
  for (const user of users) {
    if (!user.isActive) continue;
    nameCounts.set(user.fullName, (nameCounts.get(user.fullName) ?? 0) + 1);
    entries.push({
      user,
      names: [user.fullName.toLowerCase(), user.email.toLowerCase()],
    });
  }
  return { entries, nameCounts };
}

/** Best rank of an entry for `query` (see matchRank): 0 prefix, 1 word prefix, 2 contains. */
function rankOf(entry: Entry, query: string): number | null {
  let best: number | null = null;
  for (const name of entry.names) {
    const rank = rankLowered(name, query);
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/**
 * The first `limit` active people other than `selfId` matching `query`, in the typeahead's order:
 * people before bots, then by rank, then as listed. Keeps at most `limit` per (bot, rank) bucket
 * and stops as soon as the first bucket is full, so nothing is sorted or built for the thousands of
 * matches a short query has.
 */
export function topMentionMatches(index: MentionIndex, query: string, selfId: number, limit: number): UserSummary[] {
  const q = query.trim().toLowerCase();
  const buckets: UserSummary[][] = [[], [], [], [], [], []];
  for (const entry of index.entries) {
    if (entry.user.id === selfId) continue;
    const rank = rankOf(entry, q);
    if (rank === null) continue;
    const bucket = buckets[(entry.user.isBot ? 3 : 0) + rank]!;
    if (bucket.length < limit) bucket.push(entry.user);
    if (buckets[0]!.length >= limit) break;
  }
  return buckets.flat().slice(0, limit);
}
