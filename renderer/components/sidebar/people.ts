/**
 * Which people the sidebar's People list shows. An organization may have thousands, so without a
 * filter it shows the most relevant few: who is active, then who is idle, then the people of the
 * most recent direct-message conversations, then anyone else by name. A filter searches everyone
 * by name, ignoring case and accents ("jose" finds "José").
 */
import type { DmSummary, UserSummary } from '../../../common/model';

/** People listed without a filter. */
export const PEOPLE_SHOWN = 20;
/** Matches listed for a filter; a longer list would be scrolled past rather than read. */
export const MATCHES_SHOWN = 50;

export interface PeopleList {
  shown: UserSummary[];
  /** How many would be listed without the limit. */
  total: number;
}

/** Everyone in the DM conversations, newest conversation first, each once. */
export function recentDmPartners(dms: readonly DmSummary[]): number[] {
  return [...new Set(dms.flatMap((dm) => dm.userIds))];
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

/**
 * The people the list may show (no bots, no deactivated accounts), by name. Sorting thousands of
 * names is the costly part, so it runs only when the user list changes, not on every presence
 * heartbeat or incoming DM (PeopleRanking, peopleRanking.ts, keeps this order inside each group).
 */
export function listablePeople(users: readonly UserSummary[]): UserSummary[] {
  return users.filter((u) => !u.isBot && u.isActive).sort((a, b) => byName.compare(a.fullName, b.fullName));
}

/** Lower case without accents, so a filter matches however the name is spelled. */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

const folded = new WeakMap<UserSummary, string>();

/** foldName of a user's name, worked out once per user record rather than once per keystroke. */
function foldedName(u: UserSummary): string {
  let f = folded.get(u);
  if (f === undefined) folded.set(u, (f = foldName(u.fullName)));
  return f;
}

/**
 * The ranked people whose name contains the filter (all of them, up to PEOPLE_SHOWN, for an
 * empty one). Without a filter only the first few are walked: the ranking's order is made as
 * far as it is read.
 */
export function peopleFor(ranked: Iterable<UserSummary> & { readonly length: number }, filter: string): PeopleList {
  const needle = foldName(filter.trim());
  const shown: UserSummary[] = [];
  if (needle === '') {
    for (const u of ranked) {
      if (shown.length === PEOPLE_SHOWN) break;
      shown.push(u);
    }
    return { shown, total: ranked.length };
  }
  let total = 0;
  for (const u of ranked) {
    if (!foldedName(u).includes(needle)) continue;
    total++;
    if (shown.length < MATCHES_SHOWN) shown.push(u);
  }
  return { shown, total };
}
