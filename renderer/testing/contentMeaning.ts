/**
 * What a piece of Zulip message HTML means to a reader, as a comparable summary: its words, the
 * emoji (by code), times (by instant), math (by its TeX), where its links go, which organization
 * images and videos it shows, list numbering, code languages and token classes. Used to check that
 * the sanitizer and the message row keep Zulip's content's meaning (zulipCases.test.ts).
 */

export interface Meaning {
  text: string;
  links: string[];
  media: string[];
  fullsize: string[];
  listStarts: string[];
  codeLanguages: string[];
  codeTokens: string[];
  math: string[];
}

/** The URL a browser would follow, or '' when it cannot parse it (then nothing can be followed). */
function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return '';
  }
}

/** Links a reader can follow: web, mail, phone and text-message links (javascript: and the like are not meaning). */
const FOLLOWABLE = /^(?:https?:|mailto:|tel:|sms:)/i;

export function meaningOf(root: ParentNode, base: string): Meaning {
  const doc = (root as Node).ownerDocument ?? document;
  const copy = doc.createElement('div');
  copy.append(...[...root.childNodes].map((n) => n.cloneNode(true)));
  const all = (selector: string) => [...copy.querySelectorAll(selector)];
  const sameOrigin = (url: string) => new URL(url).origin === new URL(base).origin;

  const meaning: Meaning = {
    text: '',
    links: all('a[href]')
      .map((a) => absolute(a.getAttribute('href')!, base))
      .filter((href) => FOLLOWABLE.test(href)),
    media: all('img[src], video[src]')
      .filter((e) => !e.classList.contains('emoji'))
      .map((e) => absolute(e.getAttribute('src')!, base))
      .filter((url) => url !== '' && sameOrigin(url)),
    fullsize: all('img[data-src-fullsize]')
      .map((e) => absolute(e.getAttribute('data-src-fullsize')!, base))
      .filter((url) => url !== '' && sameOrigin(url)),
    listStarts: all('ol').map((ol) => ol.getAttribute('start') ?? '1'),
    codeLanguages: all('.codehilite').map((c) => c.getAttribute('data-code-language') ?? ''),
    codeTokens: all('.codehilite code span[class]').map((s) => s.className),
    math: all('.katex').map((k) => k.querySelector('annotation')?.textContent ?? '(no MathML)'),
  };
  // Words: emoji, times and math stand as tokens (each shown its own way); KaTeX's drawn copy of
  // a formula is hidden from readers and its MathML is compared above.
  for (const e of all('.katex')) e.replaceWith(`[math]`);
  for (const e of all('span.emoji, img.emoji')) {
    const code = /emoji-([0-9a-f-]+)/.exec(e.className)?.[1] ?? e.getAttribute('alt') ?? '';
    e.replaceWith(`[emoji ${code}]`);
  }
  for (const e of all('time[datetime]')) e.replaceWith(`[time ${new Date(e.getAttribute('datetime')!).toISOString()}]`);
  // A spoiler with no header gets the word "Spoiler" from the row, as Zulip's web app shows it.
  for (const e of all('summary.spoiler-header')) if (e.textContent === 'Spoiler') e.textContent = '';
  meaning.text = (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  return meaning;
}
