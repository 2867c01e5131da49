import { describe, expect, it } from 'vitest';
import { emojiFromClass, enhanceZulipHtml } from './zulipContent';

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('enhanceZulipHtml', () => {
  it('shows emoji spans as their Unicode glyphs, including sequences', () => {
    expect(emojiFromClass('emoji emoji-1f44d')).toBe('👍');
    expect(emojiFromClass('emoji emoji-1f468-200d-1f469-200d-1f467')).toBe('👨‍👩‍👧');
    expect(emojiFromClass('emoji')).toBeNull();
    const dom = parse(enhanceZulipHtml('<p>ok <span class="emoji emoji-1f389" title="tada">:tada:</span></p>'));
    const span = dom.querySelector('span.emoji')!;
    expect(span.textContent).toBe('🎉');
    expect(span.getAttribute('role')).toBe('img');
    expect(span.getAttribute('aria-label')).toBe('tada');
  });

  it("shows a time mention in the reader's time, keeping the original as its title", () => {
    const dom = parse(
      enhanceZulipHtml('<p>at <time datetime="2026-11-24T15:00:00Z">2026-11-24T15:00:00+00:00</time></p>', 'en-US'),
    );
    const time = dom.querySelector('time')!;
    expect(time.getAttribute('title')).toBe('2026-11-24T15:00:00+00:00');
    expect(time.textContent).toMatch(/Nov 24/);
    expect(time.textContent).not.toContain('T15');
  });

  it('turns a spoiler into a closed disclosure with its header as the summary', () => {
    const dom = parse(
      enhanceZulipHtml(
        '<div class="spoiler-block"><div class="spoiler-header"><p>Ending</p></div><div class="spoiler-content" aria-hidden="true"><p>They win.</p></div></div>',
      ),
    );
    const details = dom.querySelector('details.spoiler-block')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Ending');
    expect(details.querySelector('.spoiler-content')!.textContent).toBe('They win.');
  });

  it('leaves other HTML exactly as it is', () => {
    const html = '<p>plain <strong>text</strong></p>';
    expect(enhanceZulipHtml(html)).toBe(html);
  });
});
