import { describe, expect, it } from 'vitest';
import type { PresenceStatus } from '../../../common/model';
import { PresenceState } from '../../state/presence.svelte';
import { person } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import { rankPeopleFromScratch } from '../../testing/peopleRankingReference';
import type { UserSummary } from '../../../common/model';
import { listablePeople, peopleFor } from './people';
import { PeopleRanking } from './peopleRanking';

/** The page's real presence state, loaded with these statuses; `truth` is what main would answer. */
async function presenceOf(statuses: Record<number, PresenceStatus>) {
  const truth = new Map(Object.entries(statuses).map(([id, status]) => [Number(id), status]));
  const bridge = new MemoryBridge().handle('presence:list', () =>
    [...truth].map(([userId, status]) => ({ userId, status, lastSeen: null })),
  );
  const state = new PresenceState(bridge.client(), 'acc-1', 1);
  await state.load();
  return { state, bridge, truth };
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

async function rankPeople(
  named: readonly UserSummary[],
  statuses: Record<number, PresenceStatus>,
  dmPartners: number[],
) {
  const ranking = new PeopleRanking(named);
  ranking.update((await presenceOf(statuses)).state, dmPartners);
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

  it('ranks active, then idle, then recent DM partners by recency, then the rest, by name within each', async () => {
    const named = listablePeople(users);
    const ranked = await rankPeople(named, { 1: 'active', 7: 'active', 4: 'idle' }, [2, 3]);
    expect(ranked.map((u) => u.id)).toEqual([7, 1, 4, 2, 3]);
    expect((await rankPeople(named, {}, [3])).map((u) => u.id)).toEqual([3, 4, 7, 2, 1]);
  });

  it('filters by name however it is spelled, and again after a rename', () => {
    const ranked = listablePeople(users);
    expect(peopleFor(ranked, 'emi').shown.map((u) => u.id)).toEqual([2]);
    const renamed = ranked.map((u) => (u.id === 2 ? { ...u, fullName: 'Zed' } : u));
    expect(peopleFor(renamed, 'emi').shown).toEqual([]);
    expect(peopleFor(renamed, 'ZED').shown.map((u) => u.id)).toEqual([2]);
  });

  it('moves only who changed and stays exactly the ranking made from scratch, over random changes', async () => {
    const rng = seeded(28);
    const names = ['ana', 'Ána', 'bo', 'Carl', 'carl', 'Dee', 'émile', 'Emile', 'zoë', 'Zoe'];
    const everyone = Array.from({ length: 200 }, (_, i) =>
      person(i + 1, `${rng.pick(names)} ${rng.int(20)}`, { isBot: rng.next() < 0.05, isActive: rng.next() > 0.05 }),
    );
    const named = listablePeople(everyone);
    const ranking = new PeopleRanking(named);
    const { state, bridge, truth } = await presenceOf({});
    let partners: number[] = [];
    const someone = () => 1 + rng.int(210); // now and then someone not listable, or unknown
    for (let step = 0; step < 600; step++) {
      const action = rng.next();
      if (action < 0.75) {
        // presence:changed: a few people moved (or were told again what they are).
        const changes = Array.from({ length: 1 + rng.int(3) }, () => ({
          userId: someone(),
          status: rng.pick<PresenceStatus>(['active', 'idle', 'offline', 'offline']),
        }));
        for (const { userId, status } of changes) truth.set(userId, status);
        bridge.emit('presence:changed', { accountId: 'acc-1', changes });
      } else if (action < 0.8) {
        // The whole list again (a reconnect), with some changes main never told one by one.
        for (let n = rng.int(10); n > 0; n--)
          truth.set(someone(), rng.pick<PresenceStatus>(['active', 'idle', 'offline']));
        await state.load();
      } else partners = Array.from({ length: rng.int(30) }, someone);
      // The list is not always drawn between changes: it catches up on several at once.
      if (rng.next() < 0.3) continue;
      ranking.update(state, partners);
      const statuses = state.statuses;
      const full = rankPeopleFromScratch(named, statuses, partners);
      expect(
        [...ranking].map((u) => u.id),
        `step ${step}`,
      ).toEqual(full.map((u) => u.id));
      for (const filter of ['', 'carl', 'EMI'])
        expect(peopleFor(ranking, filter), `step ${step} "${filter}"`).toEqual(peopleFor(full, filter));
    }
  });
});
