/** The search box's language: words, operators, quoting, and clear refusals. */
import { describe, expect, it } from 'vitest';
import { isEmptyQuery, parseSearchQuery, SearchQueryError } from '../../../main/search/query';

describe('parseSearchQuery', () => {
  it('reads words and every operator, with quoted values and aliases', () => {
    expect(
      parseSearchQuery('lunch  menu stream:"design team" subject:plans from:ada@example.com is:starred has:link'),
    ).toEqual({
      words: ['lunch', 'menu'],
      channel: 'design team',
      topic: 'plans',
      sender: 'ada@example.com',
      starred: true,
      mentioned: false,
      alerted: false,
      unread: false,
      hasLink: true,
      dmOnly: false,
      serverOnly: [],
    });
    expect(parseSearchQuery('channel:7 "release plan" 12:30')).toEqual({
      words: ['release', 'plan', '12:30'],
      channel: '7',
      starred: false,
      mentioned: false,
      alerted: false,
      unread: false,
      hasLink: false,
      dmOnly: false,
      serverOnly: [],
    });
  });

  it('keeps a pasted address as a word', () => {
    expect(parseSearchQuery('https://example.com/x').words).toEqual(['https://example.com/x']);
  });

  it('refuses unknown operators and operands, empty values and two different channels, naming the problem', () => {
    expect(() => parseSearchQuery('color:red')).toThrow(
      new SearchQueryError(
        'Invalid operator "color:". Search knows channel:, topic:, sender:, dm:, dm-including:, is: and has:.',
      ),
    );
    expect(() => parseSearchQuery('is:shouting')).toThrow(/is:shouting/);
    expect(() => parseSearchQuery('has:video')).toThrow(/has:video/);
    expect(() => parseSearchQuery('topic:""')).toThrow(/needs a value/);
    expect(() => parseSearchQuery('channel:a channel:b')).toThrow(/only one channel/);
    expect(parseSearchQuery('channel:a stream:a').channel).toBe('a');
  });

  it('reads the is: flags, in any case, alone or together', () => {
    expect(parseSearchQuery('is:Mentioned is:alerted lunch')).toMatchObject({
      words: ['lunch'],
      mentioned: true,
      alerted: true,
      unread: false,
      starred: false,
    });
    expect(parseSearchQuery('is:unread')).toMatchObject({ unread: true, mentioned: false });
    for (const flag of ['mentioned', 'alerted', 'unread'])
      expect(isEmptyQuery(parseSearchQuery(`is:${flag}`))).toBe(false);
  });

  it('knows an empty query', () => {
    expect(isEmptyQuery(parseSearchQuery('   '))).toBe(true);
    expect(isEmptyQuery(parseSearchQuery('is:starred'))).toBe(false);
  });
});
