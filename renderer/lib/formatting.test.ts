import { describe, expect, it } from 'vitest';
import { applyFormat } from './formatting';

describe('applyFormat', () => {
  it('wraps the selection inline and keeps it selected', () => {
    expect(applyFormat('bold', 'make this loud', 10, 14)).toEqual({ text: 'make this **loud**', start: 12, end: 16 });
    expect(applyFormat('italic', 'a b', 2, 3)).toEqual({ text: 'a *b*', start: 3, end: 4 });
    expect(applyFormat('code', 'run ls now', 4, 6)).toEqual({ text: 'run `ls` now', start: 5, end: 7 });
    expect(applyFormat('math', 'area ', 5, 5)).toEqual({ text: 'area $$x^2$$', start: 7, end: 10 });
  });

  it('makes a link of the selection with "url" selected to type over', () => {
    const edit = applyFormat('link', 'see docs', 4, 8);
    expect(edit.text).toBe('see [docs](url)');
    expect(edit.text.slice(edit.start, edit.end)).toBe('url');
  });

  it('puts block styles on their own lines', () => {
    const quote = applyFormat('quote', 'Earlier:said this\nthen', 8, 17);
    expect(quote.text).toBe('Earlier:\n```quote\nsaid this\n```\nthen');
    expect(quote.text.slice(quote.start, quote.end)).toBe('said this');
    expect(applyFormat('spoiler', '', 0, 0).text).toBe('```spoiler Header\nhidden content\n```');
    expect(applyFormat('code', 'a\nb', 0, 3).text).toBe('```\na\nb\n```');
  });
});
