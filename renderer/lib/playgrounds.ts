/**
 * Code playground links on code blocks, as Zulip's web app offers them: a block whose language
 * matches a playground's Pygments language gets "View in <playground>", the code put into the
 * playground's RFC 6570 template (expanded by url-template). Only http(s) results are offered.
 */
import { parseTemplate } from 'url-template';
import type { PlaygroundView } from '../../common/model';

export interface PlaygroundLink {
  name: string;
  url: string;
}

export function playgroundLinks(
  language: string,
  code: string,
  playgrounds: readonly PlaygroundView[],
): PlaygroundLink[] {
  const lang = language.trim().toLowerCase();
  if (lang === '') return [];
  const links: PlaygroundLink[] = [];
  for (const p of playgrounds) {
    if (p.pygmentsLanguage.trim().toLowerCase() !== lang) continue;
    let url: string;
    try {
      url = parseTemplate(p.urlTemplate).expand({ code });
    } catch {
      continue;
    }
    if (/^https?:\/\//i.test(url)) links.push({ name: p.name, url });
  }
  return links;
}

/** Adds the links to every code block under `root` that has a playground (once per block). */
export function addPlaygroundLinks(root: HTMLElement, playgrounds: readonly PlaygroundView[]): void {
  if (playgrounds.length === 0) return;
  for (const block of root.querySelectorAll<HTMLElement>('.codehilite[data-code-language]')) {
    if (block.querySelector(':scope > .playground-links')) continue;
    const code = block.querySelector('code')?.textContent ?? '';
    const links = playgroundLinks(block.dataset['codeLanguage'] ?? '', code.replace(/\n$/, ''), playgrounds);
    if (links.length === 0) continue;
    const bar = document.createElement('div');
    bar.className = 'playground-links';
    for (const link of links) {
      const a = document.createElement('a');
      a.href = link.url;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.textContent = `View in ${link.name}`;
      bar.append(a);
    }
    block.prepend(bar);
  }
}
