import { describe, expect, it } from 'vitest';
import type { PresenceStatus } from '../../../common/model';
import { person } from '../../testing/fixtures';
import { listablePeople, peopleFor, rankPeople } from './people';

const presence = (statuses: Record<number, PresenceStatus>) => ({
  status: (id: number): PresenceStatus => statuses[id] ?? 'offline',
});

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
});
