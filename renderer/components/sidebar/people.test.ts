import { describe, expect, it } from 'vitest';
import type { PresenceStatus } from '../../../common/model';
import { person } from '../../testing/fixtures';
import type { UserSummary } from '../../../common/model';
import { listablePeople, peopleFor } from './people';
import { PeopleRanking } from './peopleRanking';

const presence = (statuses: Record<number, PresenceStatus>): Map<number, PresenceStatus> =>
  new Map(Object.entries(statuses).map(([id, status]) => [Number(id), status]));

/** The ranking made from scratch, as the list did on every change before PeopleRanking. */
function fullRanking(
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

/** mulberry32, seeded, so a failure replays. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number): number => Math.floor(next() * below);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)]! };
}

function rankPeople(named: readonly UserSummary[], statuses: Map<number, PresenceStatus>, dmPartners: number[]) {
  const ranking = new PeopleRanking(named);
  ranking.update(statuses, dmPartners);
  return [...ranking];
}

describe('people ranking', () => {
  const users = [
    person(1, 'zoe'),
    person(2, 'Émile'),
    person(3, 'adam'),
    person(4, 'Bea'),
    person(5, 'Build Bot', { isBot: true }),
    person(6, 'Left', { isActive: false }),
    person(7, 'carl'),
  ];

  it('lists people by name, ignoring case and accents, without bots or deactivated accounts', () => {
    expect(listablePeople(users).map((u) => u.fullName)).toEqual(['adam', 'Bea', 'carl', 'Émile', 'zoe']);
  });

  it('ranks active, then idle, then recent DM partners by recency, then the rest, by name within each', () => {
    const named = listablePeople(users);
    const ranked = rankPeople(named, presence({ 1: 'active', 7: 'active', 4: 'idle' }), [2, 3]);
    expect(ranked.map((u) => u.id)).toEqual([7, 1, 4, 2, 3]);
    expect(rankPeople(named, presence({}), [3]).map((u) => u.id)).toEqual([3, 4, 7, 2, 1]);
  });

  it('filters by name however it is spelled, and again after a rename', () => {
    const ranked = listablePeople(users);
    expect(peopleFor(ranked, 'emi').shown.map((u) => u.id)).toEqual([2]);
    const renamed = ranked.map((u) => (u.id === 2 ? { ...u, fullName: 'Zed' } : u));
    expect(peopleFor(renamed, 'emi').shown).toEqual([]);
    expect(peopleFor(renamed, 'ZED').shown.map((u) => u.id)).toEqual([2]);
  });

  it('moves only who changed and stays exactly the ranking made from scratch, over random changes', () => {
    const rng = seeded(28);
    const names = ['ana', 'Ána', 'bo', 'Carl', 'carl', 'Dee', 'émile', 'Emile', 'zoë', 'Zoe'];
    const everyone = Array.from({ length: 200 }, (_, i) =>
      person(i + 1, `${rng.pick(names)} ${rng.int(20)}`, { isBot: rng.next() < 0.05, isActive: rng.next() > 0.05 }),
    );
    const named = listablePeople(everyone);
    const ranking = new PeopleRanking(named);
    let statuses = new Map<number, PresenceStatus>();
    let partners: number[] = [];
    const someone = () => 1 + rng.int(210); // now and then someone not listable, or unknown
    for (let step = 0; step < 500; step++) {
      if (rng.next() < 0.8) {
        // A presence:changed as the page applies it: a new map with a few people moved.
        statuses = new Map(statuses);
        for (let n = 1 + rng.int(3); n > 0; n--) {
          const status = rng.pick<PresenceStatus>(['active', 'idle', 'offline']);
          if (status === 'offline' && rng.next() < 0.7) statuses.delete(someone());
          else statuses.set(someone(), status);
        }
      } else partners = Array.from({ length: rng.int(30) }, someone);
      ranking.update(statuses, partners);
      const full = fullRanking(named, statuses, partners);
      expect(
        [...ranking].map((u) => u.id),
        `step ${step}`,
      ).toEqual(full.map((u) => u.id));
      for (const filter of ['', 'carl', 'EMI'])
        expect(peopleFor(ranking, filter), `step ${step} "${filter}"`).toEqual(peopleFor(full, filter));
    }
  });
});
