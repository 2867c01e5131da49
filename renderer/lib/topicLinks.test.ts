import { describe, expect, it } from 'vitest';
import { topicLinks } from './topicLinks';

const ISSUES = { pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://tracker.example.org/issues/{id}' };
const RFC = { pattern: 'RFC ?(?P<num>[0-9]+)', urlTemplate: 'https://www.rfc-editor.org/rfc/rfc{num}' };

describe('topicLinks', () => {
  it('links every match of every linkifier, in the order they appear', () => {
    expect(topicLinks('fix #12 per RFC 9110 and #7', [ISSUES, RFC])).toEqual([
      { text: '#12', url: 'https://tracker.example.org/issues/12' },
      { text: 'RFC 9110', url: 'https://www.rfc-editor.org/rfc/rfc9110' },
      { text: '#7', url: 'https://tracker.example.org/issues/7' },
    ]);
  });

  it('lets the earlier linkifier win where two overlap, and percent-encodes what it puts in the URL', () => {
    const word = { pattern: '(?P<w>#[0-9]+ crash)', urlTemplate: 'https://search.example.org/?q={w}' };
    expect(topicLinks('#5 crash', [word, ISSUES])).toEqual([
      { text: '#5 crash', url: 'https://search.example.org/?q=%235%20crash' },
    ]);
  });

  it('links plain URLs in the topic too, and nothing when nothing matches', () => {
    expect(topicLinks('see https://example.com/a.', [])).toEqual([
      { text: 'https://example.com/a', url: 'https://example.com/a' },
    ]);
    expect(topicLinks('lunch plans', [ISSUES])).toEqual([]);
  });

  it('skips a linkifier whose pattern does not compile or whose URL is not http(s)', () => {
    const broken = { pattern: '(?P<id>[0-9]+', urlTemplate: 'https://x.example/{id}' };
    const script = { pattern: '(?P<id>[0-9]+)', urlTemplate: 'javascript:alert({id})' };
    expect(topicLinks('issue 42', [broken, script])).toEqual([]);
  });
});
