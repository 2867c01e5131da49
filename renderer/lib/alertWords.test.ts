import { describe, expect, it } from 'vitest';
import { highlightAlertWords } from './alertWords';
import { sanitizeHtml } from './sanitize';

/** The highlighted HTML, parsed, for asserting on elements rather than on serialization details. */
function render(html: string, words: readonly string[]): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = highlightAlertWords(sanitizeHtml(html), words);
  return box;
}
const marked = (box: HTMLElement): string[] => [...box.querySelectorAll('.alert-word')].map((s) => s.textContent ?? '');

describe('highlightAlertWords', () => {
  it('marks whole words in any case, by the boundaries the server uses', () => {
    const box = render('<p>Deploy now: the deploy; (DEPLOY) "deploy", redeploy deployment t.co/deploy deploy-bot</p>', [
      'deploy',
    ]);
    expect(marked(box)).toEqual(['Deploy', 'deploy', 'DEPLOY', 'deploy']);
    expect(box.textContent).toBe(
      'Deploy now: the deploy; (DEPLOY) "deploy", redeploy deployment t.co/deploy deploy-bot',
    );
  });

  it('prefers the longest phrase and reads words with regular-expression characters literally', () => {
    expect(marked(render('<p>the release plan and the release</p>', ['release', 'Release Plan']))).toEqual([
      'release plan',
      'release',
    ]);
    expect(marked(render('<p>we ship c++ and c (not cxx)</p>', ['c++', '.x']))).toEqual(['c++']);
    expect(marked(render('<p>Un CAFÉ, s’il vous plaît</p>', ['café']))).toEqual(['CAFÉ']);
  });

  it('leaves code, attributes and link targets alone but marks link text', () => {
    const box = render(
      '<p><a href="https://example.com/deploy" title="deploy">deploy docs</a> <code>deploy</code></p>' +
        '<pre><code>deploy --now</code></pre><p><kbd>deploy</kbd> <strong>deploy</strong></p>',
      ['deploy'],
    );
    expect(marked(box)).toEqual(['deploy', 'deploy']);
    const link = box.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/deploy');
    expect(link.getAttribute('title')).toBe('deploy');
    expect(link.querySelector('.alert-word')?.textContent).toBe('deploy');
    expect(box.querySelector('strong .alert-word')).not.toBeNull();
    expect(box.querySelector('code .alert-word, pre .alert-word, kbd .alert-word')).toBeNull();
  });

  it('cannot inject markup: a word that looks like HTML stays text', () => {
    const word = '<img src=x onerror=alert(1)>';
    const box = render('<p>&lt;img src=x onerror=alert(1)&gt; is what they typed</p>', [word, '<b>bold</b>']);
    expect(marked(box)).toEqual([word]);
    expect(box.querySelector('img, b')).toBeNull();
    expect(box.querySelector('p')!.textContent).toBe(`${word} is what they typed`);
  });

  it('returns the HTML as it was when no word occurs or there are no words', () => {
    const clean = sanitizeHtml('<p>nothing <em>to</em> see</p>');
    expect(highlightAlertWords(clean, [])).toBe(clean);
    expect(highlightAlertWords(clean, ['  ', 'deploy'])).toBe(clean);
    // Present only inside a word: parsed, but left unchanged.
    expect(highlightAlertWords(clean, ['othing'])).toBe(clean);
  });
});
