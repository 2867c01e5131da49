/**
 * Every one of Zulip's own Markdown test cases (zulip/zulip's markdown_test_cases.json, the HTML a
 * Zulip server sends as `content`; a copy in renderer/testing) through the real sanitizer and the
 * message row's content component keeps its meaning: words, emoji, times (shown with their year),
 * math (MathML kept for screen readers), links (tel:/sms: too), the organization's images with
 * their full-size source, list numbering, code languages and Pygments token classes. And nothing
 * free-form survives: no event handlers, no script, no style but KaTeX's checked lengths.
 */
import { render } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import SafeHtml from '../components/SafeHtml.svelte';
import { meaningOf } from '../testing/contentMeaning';
import cases from '../testing/zulip-markdown-cases.json';

const BASE = cases.realm_url;

function shown(html: string): HTMLElement {
  const { container } = render(SafeHtml, { props: { html, baseUrl: BASE } });
  return container.querySelector('.safe-html')!;
}

function parsed(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

describe('Zulip’s Markdown cases through the sanitizer and the message row', () => {
  it('holds all of Zulip’s cases', () => {
    expect(cases.cases.length).toBe(175);
  });

  it.each(cases.cases.map((c) => [c.name, c.expected_output] as const))('%s keeps its meaning', (_name, html) => {
    const row = shown(html);
    const before = meaningOf(parsed(html), BASE);
    const after = meaningOf(row, BASE);
    expect(after).toEqual(before);
    for (const time of row.querySelectorAll('time[datetime]')) {
      const year = String(new Date(time.getAttribute('datetime')!).getFullYear());
      expect(time.textContent).toContain(year);
    }
    for (const element of row.querySelectorAll('*')) {
      for (const attr of element.getAttributeNames()) expect(attr.startsWith('on'), attr).toBe(false);
      const style = element.getAttribute('style');
      if (style !== null) {
        expect(element.closest('.katex')).not.toBeNull();
        expect(style).toMatch(/^(?:(?:position:relative|[a-z-]+:-?[\d.]+em|[a-z-]+:0)(?:;|$))+$/);
      }
    }
    expect(row.querySelector('script, iframe, object, embed, form, style')).toBeNull();
  });
});
