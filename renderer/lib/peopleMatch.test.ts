import { describe, expect, it } from 'vitest';
import { filterByNameOrEmail, matchPeople, matchRank, rankedMatches } from './peopleMatch';

describe('matchRank', () => {
  it('ranks a prefix of the name, then of a word, then anything inside; case does not matter', () => {
    expect(matchRank('Ada Lovelace', 'ada')).toBe(0);
    expect(matchRank('Ada Lovelace', 'love')).toBe(1);
    expect(matchRank('ada.lovelace@x.test', 'tes')).toBe(1);
    expect(matchRank('Ada Lovelace', 'elac')).toBe(2);
    expect(matchRank('Ada Lovelace', 'bob')).toBeNull();
  });

  it('agrees with splitting the name into words, for names and queries with separators', () => {
    const bySplitting = (name: string, query: string): number | null => {
      const n = name.toLowerCase();
      if (n.startsWith(query)) return 0;
      if (n.split(/[\s_\-.@]+/).some((w) => w.startsWith(query))) return 1;
      return n.includes(query) ? 2 : null;
    };
    const names = ['Ada Lovelace', 'ada.lovelace@x.test', '_ada-b', 'Mary-Ann O.Neil', 'anna  anna', 'x@ann.example'];
    const queries = ['', 'a', 'an', 'ann', 'ada', 'ada ', 'a l', '.l', 'neil', 'n', 'x.', 'ex', '@', '-b', 'nna', 'zz'];
    for (const name of names)
      for (const query of queries) expect(matchRank(name, query), `${name} / ${query}`).toBe(bySplitting(name, query));
  });
});

describe('matchPeople', () => {
  const FIRST = ['Ada', 'Alan', 'Grace', 'Ken', 'Barbara'];
  const LAST = ['Lovelace', 'Turing', 'Hopper', 'Thompson', 'Liskov', 'Kay'];
  const people = Array.from({ length: 5000 }, (_, i) => ({
    id: i,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / 7) % LAST.length]}`,
    email: `p${i}@big.test`,
  }));
  const names = (p: (typeof people)[number]) => [p.name, p.email];

  it('gives the first `limit` of the full ranking without ranking everyone', () => {
    for (const query of ['', 'a', 'ka', 'kay', 'ov', 'p12', 'ace', 'zzz', 'big']) {
      const fast = matchPeople(people, query, names, 8).map((p) => p.id);
      expect(fast, query).toEqual(
        rankedMatches(people, query, names)
          .slice(0, 8)
          .map((p) => p.id),
      );
    }
  });
});

describe('filterByNameOrEmail', () => {
  const people = [
    { fullName: 'Ada Lovelace', email: 'ada@example.com' },
    { fullName: 'Bea Rossi', email: 'bea.r@example.com' },
    { fullName: 'Cai Lin', email: 'cai@lovelace.org' },
  ];

  it('keeps those whose name or email holds the words, in the order given, whatever the case', () => {
    expect(filterByNameOrEmail(people, ' LOVE ').map((p) => p.fullName)).toEqual(['Ada Lovelace', 'Cai Lin']);
    expect(filterByNameOrEmail(people, 'bea.r').map((p) => p.fullName)).toEqual(['Bea Rossi']);
    expect(filterByNameOrEmail(people, 'nobody')).toEqual([]);
  });

  it('hands back the same list when nothing is typed', () => {
    expect(filterByNameOrEmail(people, '  ')).toBe(people);
  });
});
