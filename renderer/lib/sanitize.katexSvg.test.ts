/**
 * KaTeX draws the root sign of \sqrt (and long arrows, wide accents) as inline SVG. The sanitizer
 * keeps that SVG inside a .katex element only, with only <svg> and <path> and their checked
 * attributes; SVG anywhere else, or anything more inside it, goes. The math is KaTeX's own output
 * with the options the dev server (and Zulip) use: zulip-markdown-cases.json has no \sqrt case.
 */
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

const BASE = 'https://chat.example.com';
const math = (tex: string): string =>
  `<p><span class="katex-display">${katex.renderToString(tex, {
    displayMode: true,
    output: 'htmlAndMathml',
    throwOnError: true,
    trust: false,
  })}</span></p>`;

function parsed(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

describe('KaTeX SVG', () => {
  it('keeps the root sign of \\sqrt: the svg, its path and their geometry', () => {
    const source = parsed(math('\\sqrt{x^2+1}'));
    const kept = parsed(sanitizeHtml(math('\\sqrt{x^2+1}'), { baseUrl: BASE }));
    const before = source.querySelector('.katex svg')!;
    const after = kept.querySelector('.katex .hide-tail > svg');
    expect(after).not.toBeNull();
    for (const attr of ['viewBox', 'preserveAspectRatio', 'width', 'height']) {
      expect(after!.getAttribute(attr), attr).toBe(before.getAttribute(attr));
    }
    expect(after!.querySelector('path')!.getAttribute('d')).toBe(before.querySelector('path')!.getAttribute('d'));
    // The MathML for screen readers and copying stays too.
    expect(kept.querySelector('.katex-mathml msqrt')).not.toBeNull();
  });

  it('keeps the SVG of a long arrow as well', () => {
    const kept = parsed(sanitizeHtml(math('a \\xrightarrow{f} b'), { baseUrl: BASE }));
    expect(kept.querySelectorAll('.katex svg path').length).toBeGreaterThan(0);
  });

  it('drops SVG outside math, and anything but paths and their geometry inside it', () => {
    const outside = sanitizeHtml('<p>x<svg viewBox="0 0 10 10"><path d="M0,0L10,10"/></svg></p>', { baseUrl: BASE });
    expect(outside).toBe('<p>x</p>');

    const hostile =
      '<span class="katex"><span class="hide-tail"><svg viewBox="0 0 10 10" onload="alert(1)" style="fill:url(#x)">' +
      '<script>alert(2)</script><foreignObject><p>hi</p></foreignObject><use href="https://evil.example/x.svg#a"/>' +
      '<a href="javascript:alert(3)"><path d="M0,0"/></a>' +
      '<path d="M0,0 L10,10" fill="url(https://evil.example/t)" onclick="alert(4)"/>' +
      '<path d="url(https://evil.example/)"/></svg></span></span>';
    const kept = parsed(sanitizeHtml(hostile, { baseUrl: BASE }));
    const svg = kept.querySelector('svg')!;
    expect(svg.getAttributeNames()).toEqual(['viewBox']);
    expect([...svg.children].map((c) => c.nodeName.toLowerCase())).toEqual(['path', 'path']);
    expect(svg.children[0]!.getAttributeNames()).toEqual(['d']);
    expect(svg.children[1]!.hasAttribute('d')).toBe(false);
    expect(kept.querySelector('script, foreignObject, use, a')).toBeNull();
  });

  it('drops a bad viewBox or preserveAspectRatio', () => {
    const html =
      '<span class="katex"><svg viewBox="0 0 10 10; x" preserveAspectRatio="xMinYMin slice url(x)"><path d="M1,1"/></svg></span>';
    const svg = parsed(sanitizeHtml(html, { baseUrl: BASE })).querySelector('svg')!;
    expect(svg.getAttributeNames()).toEqual([]);
  });
});
