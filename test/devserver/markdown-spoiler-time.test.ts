import { describe, expect, it } from 'vitest';
import { renderPlain } from '../../devserver/markdown/render';

describe('the dev server renders spoilers and global times as Zulip does', () => {
  it('```spoiler Header becomes a spoiler block with Markdown in header and body', () => {
    expect(renderPlain('```spoiler The **end**\nThey win.\n```')).toBe(
      '<div class="spoiler-block"><div class="spoiler-header"><p>The <strong>end</strong></p></div><div class="spoiler-content" aria-hidden="true"><p>They win.</p></div></div>',
    );
  });

  it('```quote becomes a blockquote of Markdown, with a longer fence holding code fences inside', () => {
    expect(renderPlain('@_**Ada|1** [said](https://x.test/#narrow/near/1):\n```quote\nSee **this**\n```')).toContain(
      '<blockquote>\n<p>See <strong>this</strong></p>\n</blockquote>',
    );
    expect(renderPlain('````quote\n```\ncode\n```\n````')).toBe(
      '<blockquote>\n<div class="codehilite"><pre><span></span><code>code\n</code></pre></div>\n</blockquote>',
    );
  });

  it('<time:...> becomes a <time datetime> element in UTC; an invalid one stays text', () => {
    expect(renderPlain('Meet <time:2026-11-24T16:00:00+01:00>')).toBe(
      '<p>Meet <time datetime="2026-11-24T15:00:00Z">2026-11-24T16:00:00+01:00</time></p>',
    );
    expect(renderPlain('<time:nonsense>')).not.toContain('<time');
    expect(renderPlain('typed \uE0009\uE001 by hand')).toContain('\uE0009\uE001');
  });
});
