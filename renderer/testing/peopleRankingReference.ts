import type { PresenceStatus, UserSummary } from '../../common/model';

/**
 * The People list's order worked out from scratch, as the list did on every change before
 * PeopleRanking kept it up to date: active, then idle, then recent DM partners by recency, then
 * everyone else in the given (name) order. Kept apart from peopleRanking.ts on purpose: the
 * randomized test compares that code with this one, and the huge-presence bench times both.
 */
export function rankPeopleFromScratch(
  named: readonly UserSummary[],
  statuses: ReadonlyMap<number, PresenceStatus>,
  dmPartners: readonly number[],
): UserSummary[] {
  const recency = new Map(dmPartners.map((id, i) => [id, i]));
  const groups: Record<'active' | 'idle' | 'partners' | 'rest', UserSummary[]> = {
    active: [],
    idle: [],
    partners: [],
    rest: [],
  };
  for (const u of named) {
    const status = statuses.get(u.id) ?? 'offline';
    groups[status === 'offline' ? (recency.has(u.id) ? 'partners' : 'rest') : status].push(u);
  }
  groups.partners.sort((a, b) => recency.get(a.id)! - recency.get(b.id)!);
  return [...groups.active, ...groups.idle, ...groups.partners, ...groups.rest];
}
