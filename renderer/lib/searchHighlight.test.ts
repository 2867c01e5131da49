import { describe, expect, it } from 'vitest';
import { highlightSearchWords, searchWords } from './searchHighlight';

describe('searchWords', () => {
  it('keeps the free words and drops operators, quoted operands included', () => {
    expect(searchWords('lunch channel:general topic:"team plans" sender:ada@x.com "noon menu" -is:starred')).toEqual([
      'lunch',
      'noon',
      'menu',
    ]);
    expect(searchWords('is:starred')).toEqual([]);
  });
});

describe('highlightSearchWords', () => {
  it('marks word starts, case aside, outside code and attributes', () => {
    const html = '<p><a href="https://x/lunch">Lunch</a> lunches brunch <code>lunch</code></p>';
    expect(highlightSearchWords(html, ['LUNCH'])).toBe(
      '<p><a href="https://x/lunch"><mark class="search-match">Lunch</mark></a> <mark class="search-match">lunch</mark>es brunch <code>lunch</code></p>',
    );
    expect(highlightSearchWords(html, [])).toBe(html);
  });

  it('never turns a searched word into markup', () => {
    expect(highlightSearchWords('<p>&lt;b&gt; bold</p>', ['<b>'])).not.toContain('<b>');
  });
});
