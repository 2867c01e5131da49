/**
 * Which people the sidebar's People list shows. An organization may have thousands, so without a
 * filter it shows the most relevant few: who is active, then who is idle, then the people of the
 * most recent direct-message conversations, then anyone else by name. A filter searches everyone
 * by name, ignoring case and accents ("jose" finds "José").
 */
import type { DmSummary, UserSummary } from '../../../common/model';
import type { PresenceState } from '../../state/presence.svelte';

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
 * heartbeat or incoming DM (rankPeople keeps this order inside each group).
 */
export function listablePeople(users: readonly UserSummary[]): UserSummary[] {
  return users.filter((u) => !u.isBot && u.isActive).sort((a, b) => byName.compare(a.fullName, b.fullName));
}

/** listablePeople's list in order of relevance: active, idle, recent DM partners, the rest by name. */
export function rankPeople(
  named: readonly UserSummary[],
  presence: Pick<PresenceState, 'status'>,
  dmPartners: readonly number[],
): UserSummary[] {
  const recency = new Map(dmPartners.map((id, i) => [id, i]));
  const active: UserSummary[] = [];
  const idle: UserSummary[] = [];
  const partners: UserSummary[] = [];
  const rest: UserSummary[] = [];
  for (const u of named) {
    const status = presence.status(u.id);
    if (status === 'active') active.push(u);
    else if (status === 'idle') idle.push(u);
    else (recency.has(u.id) ? partners : rest).push(u);
  }
  partners.sort((a, b) => recency.get(a.id)! - recency.get(b.id)!);
  return [...active, ...idle, ...partners, ...rest];
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

/** The ranked people whose name contains the filter (all of them, up to PEOPLE_SHOWN, for an empty one). */
export function peopleFor(ranked: readonly UserSummary[], filter: string): PeopleList {
  const needle = foldName(filter.trim());
  if (needle === '') return { shown: ranked.slice(0, PEOPLE_SHOWN), total: ranked.length };
  const matches = ranked.filter((u) => foldedName(u).includes(needle));
  return { shown: matches.slice(0, MATCHES_SHOWN), total: matches.length };
}
