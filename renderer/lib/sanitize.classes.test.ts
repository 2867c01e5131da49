import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('sanitizeHtml keeps only the classes Zulip renders', () => {
  it("drops the app's own classes, so content cannot dress up as the app's interface", () => {
    const dom = parse(
      sanitizeHtml('<div class="toast error fixed modal-backdrop sign-in">Your session expired. Sign in again</div>'),
    );
    const div = dom.querySelector('div');
    expect(div?.hasAttribute('class')).toBe(false);
    expect(div?.textContent).toBe('Your session expired. Sign in again');
  });

  it("keeps Zulip's mention, emoji, media, spoiler and code classes", () => {
    const html =
      '<span class="user-mention silent" data-user-id="5">Iago</span>' +
      '<span class="emoji emoji-1f44d" role="img">:+1:</span>' +
      '<div class="message_inline_image"><a href="https://x.test/a.png"><img src="https://x.test/a.png"></a></div>' +
      '<div class="spoiler-block"><div class="spoiler-header"><p>h</p></div><div class="spoiler-content"><p>c</p></div></div>' +
      '<div class="codehilite" data-code-language="Python"><pre><span class="k">def</span> <span class="nf">f</span></pre></div>';
    const dom = parse(sanitizeHtml(html));
    expect(dom.querySelector('.user-mention.silent')).not.toBeNull();
    expect(dom.querySelector('.emoji.emoji-1f44d')).not.toBeNull();
    expect(dom.querySelector('.message_inline_image img')).not.toBeNull();
    expect(dom.querySelector('.spoiler-block .spoiler-header + .spoiler-content')).not.toBeNull();
    expect(dom.querySelector('.codehilite .k')?.textContent).toBe('def');
    expect(dom.querySelector('.codehilite .nf')?.textContent).toBe('f');
  });

  it('keeps mixed lists down to their allowed part', () => {
    const dom = parse(sanitizeHtml('<span class="user-mention toast">@Iago</span>'));
    expect(dom.querySelector('span')?.getAttribute('class')).toBe('user-mention');
  });

  it('allows short token classes only inside code blocks', () => {
    const dom = parse(
      sanitizeHtml('<span class="k dm">x</span><div class="codehilite"><span class="dm">y</span></div>'),
    );
    expect(dom.querySelector('span')?.hasAttribute('class')).toBe(false);
    expect(dom.querySelector('.codehilite span')?.getAttribute('class')).toBe('dm');
  });
});

describe('sanitizeHtml and image hosts', () => {
  const baseUrl = 'https://chat.example.com';

  it('drops plain-http images from other hosts but keeps their link', () => {
    const dom = parse(
      sanitizeHtml('<a href="http://tracker.test/p.png"><img src="http://tracker.test/p.png"></a>', { baseUrl }),
    );
    expect(dom.querySelector('img')?.hasAttribute('src')).toBe(false);
    expect(dom.querySelector('a')?.getAttribute('href')).toBe('http://tracker.test/p.png');
  });

  it("keeps the organization's own images (camo proxy, uploads), even on a plain-http dev server, and no one else's", () => {
    const dom = parse(
      sanitizeHtml(
        '<img src="https://cdn.test/a.png"><img src="/external_content/abc/123"><img src="/user_uploads/1/x.png">',
        {
          baseUrl: 'http://127.0.0.1:9991',
        },
      ),
    );
    expect([...dom.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      null,
      'http://127.0.0.1:9991/external_content/abc/123',
      'http://127.0.0.1:9991/user_uploads/1/x.png',
    ]);
  });
});
