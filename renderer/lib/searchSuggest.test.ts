import { describe, expect, it } from 'vitest';
import { SELF_ID, sidebar } from '../testing/fixtures';
import { searchSuggestions, type SearchSources } from './searchSuggest';

const bar = sidebar();
const sources: SearchSources = {
  users: [
    ...bar.users,
    { id: 12, fullName: 'Bob Brown', email: 'bob@x.test', avatarUrl: null, role: 400, isBot: false, isActive: true },
  ],
  channels: bar.channels,
  selfUserId: SELF_ID,
};
const queries = (q: string) => searchSuggestions(q, sources).map((s) => s.query);

describe('search suggestions', () => {
  it('offers the operators for a first word, and people and channels matching it', () => {
    expect(queries('d')).toEqual(['dm:', 'dm-including:']);
    expect(queries('gen')).toEqual(['channel:general ']);
    expect(queries('')).toContain('is:');
  });

  it('completes values of the operator being typed, keeping the query before it', () => {
    expect(queries('lunch is:st')).toEqual(['lunch is:starred ']);
    expect(queries('is:d')).toEqual(['is:dm ']);
    expect(queries('has:')).toEqual(['has:link ', 'has:image ', 'has:attachment ', 'has:reaction ']);
    expect(queries('channel:des')).toEqual(['channel:design ']);
    expect(queries('channel:general topic:gr')).toEqual(['channel:general topic:greetings ']);
    const alice = bar.users.find((u) => u.fullName === 'Alice Adams')!;
    expect(queries('sender:ali')).toEqual([`sender:${alice.email} `]);
    expect(queries(`dm:${alice.email},bo`)).toEqual([`dm:${alice.email},bob@x.test `]);
    expect(queries('dm:me')).toEqual([]);
  });
});
