/**
 * Zulip's rendered-content conventions turned into what a reader expects, after sanitizing:
 * `:name:` emoji spans become the Unicode glyph their class names, `<time>` mentions show in the
 * reader's own time zone, and spoilers become a native disclosure (closed until clicked).
 * Works on the sanitizer's output only, so everything it adds is our own markup.
 */
import { display } from './displayPrefs.svelte';

/** "emoji-1f468-200d-1f469" → "👨‍👩", or null when the class is not a code point list. */
export function emojiFromClass(className: string): string | null {
  const match = /(?:^|\s)emoji-([0-9a-f]+(?:-[0-9a-f]+)*)(?:\s|$)/.exec(className);
  if (!match) return null;
  const points = match[1]!.split('-').map((hex) => Number.parseInt(hex, 16));
  if (points.some((p) => !Number.isFinite(p) || p > 0x10ffff)) return null;
  return String.fromCodePoint(...points);
}

/**
 * A time mention as Zulip shows it: the date with its year (a mention is often about another
 * year), in the reader's time zone and their Zulip clock setting (twenty_four_hour_time).
 */
export function localTime(datetime: string, locale?: string, twentyFourHour = display.twentyFourHour): string | null {
  const at = new Date(datetime);
  if (Number.isNaN(at.getTime())) return null;
  return at.toLocaleString(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(twentyFourHour === null ? {} : { hour12: !twentyFourHour }),
  });
}

export function enhanceZulipHtml(html: string, locale?: string): string {
  if (!/emoji-|<time|spoiler-block/.test(html)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  // The "text" emoji set keeps Zulip's :name: words.
  for (const span of display.emojiText ? [] : root.querySelectorAll<HTMLElement>('span.emoji')) {
    const glyph = emojiFromClass(span.className);
    if (glyph === null) continue;
    const name = span.textContent ?? '';
    span.textContent = glyph;
    span.setAttribute('role', 'img');
    span.setAttribute('aria-label', name.replaceAll(':', '').replaceAll('_', ' '));
    if (!span.title) span.title = name;
  }
  for (const time of root.querySelectorAll('time[datetime]')) {
    const shown = localTime(time.getAttribute('datetime') ?? '', locale);
    if (shown === null) continue;
    time.setAttribute('title', time.textContent ?? '');
    time.textContent = shown;
  }
  for (const block of root.querySelectorAll('div.spoiler-block')) {
    const details = document.createElement('details');
    details.className = 'spoiler-block';
    const summary = document.createElement('summary');
    summary.className = 'spoiler-header';
    const header = block.querySelector('.spoiler-header');
    summary.append(...(header ? [...header.childNodes] : []));
    if ((summary.textContent ?? '').trim() === '') summary.textContent = 'Spoiler';
    const content = document.createElement('div');
    content.className = 'spoiler-content';
    const body = block.querySelector('.spoiler-content');
    content.append(...(body ? [...body.childNodes] : []));
    details.append(summary, content);
    block.replaceWith(details);
  }
  const out = document.createElement('div');
  out.append(root);
  return out.innerHTML;
}
