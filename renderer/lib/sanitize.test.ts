import { describe, expect, it } from 'vitest';
import { absoluteUrl, safeImageUrl, sanitizeHtml } from './sanitize';

/** Parses sanitized output so assertions look at the DOM the browser would build. */
function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('sanitizeHtml', () => {
  it('drops script elements and their text', () => {
    const out = sanitizeHtml('<p>hi</p><script>window.pwned = 1</script>');
    expect(out).toBe('<p>hi</p>');
  });

  it('removes event handler attributes', () => {
    const dom = parse(
      sanitizeHtml('<img src="https://x.test/a.png" onerror="alert(1)"><p onclick="x()">t</p>', {
        baseUrl: 'https://x.test',
      }),
    );
    const img = dom.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://x.test/a.png');
    expect(img?.hasAttribute('onerror')).toBe(false);
    expect(dom.querySelector('p')?.hasAttribute('onclick')).toBe(false);
  });

  it('removes javascript: and data: URLs but keeps the link text', () => {
    const dom = parse(
      sanitizeHtml(
        '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><img src="data:image/png;base64,AAAA">',
      ),
    );
    const links = dom.querySelectorAll('a');
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.hasAttribute('href')).toBe(false);
    expect(dom.textContent).toBe('ab');
    expect(dom.querySelector('img')?.hasAttribute('src')).toBe(false);
  });

  it('opens every link outside the app with no opener or referrer', () => {
    const dom = parse(sanitizeHtml('<a href="https://example.org/x" target="_self" rel="opener">x</a>'));
    const link = dom.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org/x');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('makes relative links and images absolute against the organization URL', () => {
    const dom = parse(
      sanitizeHtml('<a href="/user_uploads/1/a.txt">f</a><a href="#narrow/channel/1">n</a><img src="/static/e.png">', {
        baseUrl: 'https://chat.example.com',
      }),
    );
    const [file, narrow] = dom.querySelectorAll('a');
    expect(file?.getAttribute('href')).toBe('https://chat.example.com/user_uploads/1/a.txt');
    expect(narrow?.getAttribute('href')).toBe('https://chat.example.com/#narrow/channel/1');
    expect(dom.querySelector('img')?.getAttribute('src')).toBe('https://chat.example.com/static/e.png');
  });

  it('drops relative URLs when there is no organization URL to resolve them against', () => {
    const dom = parse(sanitizeHtml('<a href="/x">x</a>'));
    expect(dom.querySelector('a')?.hasAttribute('href')).toBe(false);
  });

  it('removes forms, iframes, objects, svg and style elements and attributes', () => {
    const out = sanitizeHtml(
      '<form action="https://evil.test"><input name="q"><button>go</button></form>' +
        '<iframe src="https://evil.test"></iframe><object data="x"></object>' +
        '<svg><a href="https://evil.test"><text>s</text></a></svg>' +
        '<style>body{display:none}</style><p style="position:fixed">styled</p>',
    );
    const dom = parse(out);
    for (const tag of ['form', 'input', 'button', 'iframe', 'object', 'svg', 'style']) {
      expect(dom.querySelector(tag), tag).toBeNull();
    }
    expect(dom.querySelector('p')?.hasAttribute('style')).toBe(false);
    expect(dom.querySelector('p')?.textContent).toBe('styled');
  });

  it('keeps the markup of ordinary Zulip messages', () => {
    const html =
      '<p>Hi <span class="user-mention" data-user-id="11">@Alice</span>, see <code>x</code></p>' +
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code>print(1)</code></pre></div>' +
      '<blockquote><p>quoted</p></blockquote><ul><li><strong>b</strong> <em>i</em> <del>d</del></li></ul>' +
      '<p><time datetime="2024-01-01T00:00:00Z">x</time></p>';
    const dom = parse(sanitizeHtml(html));
    expect(dom.querySelector('.user-mention')?.getAttribute('data-user-id')).toBe('11');
    expect(dom.querySelector('.codehilite')?.getAttribute('data-code-language')).toBe('Python');
    expect(dom.querySelector('pre code')?.textContent).toBe('print(1)');
    expect(dom.querySelector('blockquote p')?.textContent).toBe('quoted');
    expect(dom.querySelectorAll('li strong, li em, li del')).toHaveLength(3);
    expect(dom.querySelector('time')?.getAttribute('datetime')).toBe('2024-01-01T00:00:00Z');
  });

  it('drops data attributes it does not know', () => {
    const dom = parse(sanitizeHtml('<span data-evil="1" data-user-id="2">x</span>'));
    expect(dom.querySelector('span')?.hasAttribute('data-evil')).toBe(false);
    expect(dom.querySelector('span')?.getAttribute('data-user-id')).toBe('2');
  });
});

describe('URL helpers', () => {
  it('resolves relative URLs only with a base', () => {
    expect(absoluteUrl('/a', 'https://h.test/x/')).toBe('https://h.test/a');
    expect(absoluteUrl('/a', null)).toBeNull();
    expect(absoluteUrl('https://o.test/b', null)).toBe('https://o.test/b');
  });

  it('accepts only http(s) images', () => {
    expect(safeImageUrl('/avatar/1', 'https://h.test')).toBe('https://h.test/avatar/1');
    expect(safeImageUrl('javascript:alert(1)', 'https://h.test')).toBeNull();
    expect(safeImageUrl('data:image/png;base64,AA', null)).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
  });
});
