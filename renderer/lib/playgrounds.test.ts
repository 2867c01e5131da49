import { describe, expect, it } from 'vitest';
import type { PlaygroundView } from '../../common/model';
import { addPlaygroundLinks, playgroundLinks } from './playgrounds';

const playgrounds: PlaygroundView[] = [
  { id: 1, name: 'Python sandbox', pygmentsLanguage: 'Python', urlTemplate: 'https://play.example/py?code={code}' },
  { id: 2, name: 'Rust playground', pygmentsLanguage: 'rust', urlTemplate: 'https://play.example/rs{?code}' },
  { id: 3, name: 'Sneaky', pygmentsLanguage: 'python', urlTemplate: 'javascript:alert({code})' },
];

describe('code playground links', () => {
  it('expands the template with the code for a matching language, http(s) only', () => {
    expect(playgroundLinks('python', 'print("hi & bye")', playgrounds)).toEqual([
      { name: 'Python sandbox', url: 'https://play.example/py?code=print%28%22hi%20%26%20bye%22%29' },
    ]);
    expect(playgroundLinks('Rust', 'fn main() {}', playgrounds)[0]!.url).toBe(
      'https://play.example/rs?code=fn%20main%28%29%20%7B%7D',
    );
    expect(playgroundLinks('go', 'x', playgrounds)).toEqual([]);
    expect(playgroundLinks('', 'x', playgrounds)).toEqual([]);
  });

  it('puts the links on each matching code block once', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code>print(1)\n</code></pre></div>' +
      '<div class="codehilite" data-code-language="Go"><pre><code>x</code></pre></div>';
    addPlaygroundLinks(root, playgrounds);
    addPlaygroundLinks(root, playgrounds);
    const links = root.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.textContent).toBe('View in Python sandbox');
    expect(links[0]!.getAttribute('href')).toBe('https://play.example/py?code=print%281%29');
  });
});
