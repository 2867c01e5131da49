/**
 * Which people the sidebar's People list shows. An organization may have thousands, so without a
 * filter it shows the most relevant few: who is active, then who is idle, then the people of the
 * most recent direct-message conversations, then anyone else by name. A filter searches everyone
 * by name, ignoring case and accents ("jose" finds "José").
 */
import type { DmSummary, UserSummary } from '../../../common/model';
import { peopleByPresence, type PresenceState } from '../../state/presence.svelte';

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

/** People (no bots, no deactivated accounts) in order of relevance: active, idle, recent DM partners, the rest by name. */
export function rankPeople(
  users: readonly UserSummary[],
  presence: PresenceState,
  dmPartners: readonly number[],
): UserSummary[] {
  const recency = new Map(dmPartners.map((id, i) => [id, i]));
  const byPresence = peopleByPresence(users, presence);
  const online = byPresence.filter((u) => presence.status(u.id) !== 'offline');
  const offline = byPresence.filter((u) => presence.status(u.id) === 'offline');
  const partners = offline.filter((u) => recency.has(u.id)).sort((a, b) => recency.get(a.id)! - recency.get(b.id)!);
  return [...online, ...partners, ...offline.filter((u) => !recency.has(u.id))];
}

/** Lower case without accents, so a filter matches however the name is spelled. */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The ranked people whose name contains the filter (all of them, up to PEOPLE_SHOWN, for an empty one). */
export function peopleFor(ranked: readonly UserSummary[], filter: string): PeopleList {
  const needle = foldName(filter.trim());
  if (needle === '') return { shown: ranked.slice(0, PEOPLE_SHOWN), total: ranked.length };
  const matches = ranked.filter((u) => foldName(u.fullName).includes(needle));
  return { shown: matches.slice(0, MATCHES_SHOWN), total: matches.length };
}
