import { describe, expect, it } from 'vitest';
import { applyFormat, toggleFormat } from './formatting';

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

describe('toggleFormat (the compose keys)', () => {
  it('wraps the selection, and unwraps it when pressed again', () => {
    const bold = toggleFormat('say hello now', 4, 9, 'bold');
    expect(bold).toEqual({ text: 'say **hello** now', start: 6, end: 11 });
    expect(toggleFormat(bold.text, bold.start, bold.end, 'bold')).toEqual({ text: 'say hello now', start: 4, end: 9 });
    expect(toggleFormat('', 0, 0, 'italic')).toEqual({ text: '**', start: 1, end: 1 });
    // Italic inside bold adds its own marker instead of eating one of bold's.
    expect(toggleFormat('**hi**', 2, 4, 'italic').text).toBe('***hi***');
    expect(toggleFormat('***hi***', 3, 5, 'italic').text).toBe('**hi**');
  });

  it('makes the selection a link with "url" selected to type over', () => {
    expect(toggleFormat('see docs', 4, 8, 'link')).toEqual({ text: 'see [docs](url)', start: 11, end: 14 });
  });
});
