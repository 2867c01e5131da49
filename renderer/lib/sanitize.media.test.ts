/**
 * What Zulip's richer content keeps through the sanitizer, and what it may not bring along:
 * video previews and link-preview images only from the organization, KaTeX's layout styles only
 * as checked lengths inside math, tel:/sms: only as links, the full-size image for a lightbox.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';
import { localTime } from './zulipContent';

const BASE = 'https://chat.example';

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtml(html, { baseUrl: BASE });
  return div;
}

describe('sanitizeHtml and Zulip’s media', () => {
  it('keeps video previews of the organization’s uploads, with controls, and drops others', () => {
    const dom = parse(
      '<div class="message_inline_image message_inline_video"><a href="/user_uploads/2/a/v.mp4">' +
        '<video preload="auto" autoplay src="/user_uploads/2/a/v.mp4"></video></a></div>' +
        '<video src="https://tracker.example/v.mp4"></video>',
    );
    const videos = dom.querySelectorAll('video');
    expect(videos[0]?.getAttribute('src')).toBe(`${BASE}/user_uploads/2/a/v.mp4`);
    expect(videos[0]?.hasAttribute('controls')).toBe(true);
    expect(videos[0]?.getAttribute('preload')).toBe('metadata');
    expect(videos[0]?.hasAttribute('autoplay')).toBe(false);
    // The other one had nothing left to play: it is gone.
    expect(videos).toHaveLength(1);
  });

  it('shows a link preview’s image from the organization’s image proxy, never from elsewhere', () => {
    const preview = (url: string) =>
      `<div class="message_embed"><a class="message_embed_image" href="https://news.example/a" ` +
      `style="background-image: url(&quot;${url}&quot;)"></a><div class="data-container">` +
      `<div class="message_embed_title"><a href="https://news.example/a">Title</a></div></div></div>`;
    const ours = parse(preview('/external_content/abc/def'));
    const link = ours.querySelector('a.message_embed_image')!;
    expect(link.hasAttribute('style')).toBe(false);
    expect(link.querySelector('img')?.getAttribute('src')).toBe(`${BASE}/external_content/abc/def`);
    expect(ours.querySelector('.data-container .message_embed_title a')?.textContent).toBe('Title');
    const theirs = parse(preview('https://tracker.example/pixel.png'));
    expect(theirs.querySelector('img')).toBeNull();
    expect(theirs.querySelector('[style]')).toBeNull();
  });

  it('keeps KaTeX’s lengths inside math and no other style, anywhere', () => {
    const dom = parse(
      '<span class="katex"><span class="strut" style="height:0.8641em;vertical-align:-0.25em;color:red"></span>' +
        '<span class="vlist" style="top:-3.063em;margin-right:0.05em;position:fixed;background:url(https://x.example/)"></span>' +
        '<span class="mord" style="height:calc(100vh)"></span></span>' +
        '<p style="position:fixed;top:0">outside</p>',
    );
    expect(dom.querySelector('.strut')?.getAttribute('style')).toBe('height:0.8641em;vertical-align:-0.25em');
    expect(dom.querySelector('.vlist')?.getAttribute('style')).toBe('top:-3.063em;margin-right:0.05em');
    expect(dom.querySelector('.mord')?.hasAttribute('style')).toBe(false);
    expect(dom.querySelector('p')?.hasAttribute('style')).toBe(false);
  });

  it('keeps MathML for screen readers and copying', () => {
    const dom = parse(
      '<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML">' +
        '<semantics><mrow><msup><mi>a</mi><mn>2</mn></msup></mrow>' +
        '<annotation encoding="application/x-tex">a^2</annotation></semantics></math></span>' +
        '<span class="katex-html" aria-hidden="true">a2</span></span>',
    );
    expect(dom.querySelector('math msup mi')?.textContent).toBe('a');
    expect(dom.querySelector('annotation')?.textContent).toBe('a^2');
    expect(dom.querySelector('.katex-html')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps tel:/sms: links and the full-size image source, but never a phone link as an image', () => {
    const dom = parse(
      '<a href="tel:+14155551234">call</a> <a href="sms:+14155551234">text</a>' +
        '<img src="tel:+1" data-src-fullsize="/thumbnail?url=x&amp;size=full">' +
        '<img src="/user_uploads/1/a.png" data-src-fullsize="https://elsewhere.example/a.png">',
    );
    const links = [...dom.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('target')]);
    expect(links).toEqual([
      ['tel:+14155551234', '_blank'],
      ['sms:+14155551234', '_blank'],
    ]);
    const [first, second] = dom.querySelectorAll('img');
    expect(first?.hasAttribute('src')).toBe(false);
    expect(first?.getAttribute('data-src-fullsize')).toBe(`${BASE}/thumbnail?url=x&size=full`);
    expect(second?.hasAttribute('data-src-fullsize')).toBe(false);
  });
});

describe('localTime', () => {
  it('shows the year, in the user’s clock format', () => {
    const at = '2017-06-05T22:30:00Z';
    expect(localTime(at, 'en-US', false)).toContain('2017');
    expect(localTime(at, 'en-US', false)).toMatch(/[AP]M/);
    expect(localTime(at, 'en-US', true)).not.toMatch(/[AP]M/);
    expect(localTime('not a date', 'en-US')).toBeNull();
  });
});
