/**
 * The links in a topic name, as Zulip finds them (its topic_links): every match of the
 * organization's linkifiers, in their order (an earlier linkifier wins where matches overlap),
 * expanded through the linkifier's RFC 6570 URL template (the url-template library), plus plain
 * http(s) URLs written in the topic. Only http(s) results are kept.
 */
import { parseTemplate } from 'url-template';
import type { LinkifierView } from '../../common/model';

export interface TopicLink {
  /** The part of the topic that was matched. */
  text: string;
  url: string;
}

const BARE_URL = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/giu;

interface Found extends TopicLink {
  start: number;
  end: number;
}

/** A pattern in Python's syntax (`(?P<name>…)`) as a JavaScript RegExp, or null if it does not compile. */
function compile(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu');
  } catch {
    return null;
  }
}

function matchesOf(topic: string, linkifier: LinkifierView): Found[] {
  const re = compile(linkifier.pattern);
  if (!re) return [];
  const found: Found[] = [];
  for (const m of topic.matchAll(re)) {
    if (m[0] === '') continue;
    let url: string;
    try {
      url = parseTemplate(linkifier.urlTemplate).expand({ ...m.groups });
    } catch {
      continue;
    }
    if (/^https?:\/\//i.test(url)) found.push({ text: m[0], url, start: m.index, end: m.index + m[0].length });
  }
  return found;
}

export function topicLinks(topic: string, linkifiers: readonly LinkifierView[]): TopicLink[] {
  const taken: Found[] = [];
  const overlaps = (f: Found): boolean => taken.some((t) => f.start < t.end && t.start < f.end);
  for (const linkifier of linkifiers) {
    for (const f of matchesOf(topic, linkifier)) if (!overlaps(f)) taken.push(f);
  }
  for (const m of topic.matchAll(BARE_URL)) {
    const f = { text: m[0], url: m[0], start: m.index, end: m.index + m[0].length };
    if (!overlaps(f)) taken.push(f);
  }
  return taken.sort((a, b) => a.start - b.start).map(({ text, url }) => ({ text, url }));
}
