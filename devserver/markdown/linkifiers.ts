import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { parseTemplate } from 'url-template';
import type { ZulipEnv } from './mentions';

/** A linkifier as the organization stores it: Python regex syntax, RFC 6570 URL template. */
export interface Linkifier {
  pattern: string;
  url_template: string;
}

interface Compiled {
  regex: RegExp;
  expand: (groups: Record<string, string>) => string;
}

/**
 * Zulip's prepare_linkifier_pattern (zerver/lib/markdown): a match must follow the start, white
 * space or one of '"(,:< and must not run into a letter or digit. The pattern's Python named
 * groups become JavaScript ones; a pattern JavaScript cannot compile matches nothing, as Zulip
 * does with one re2 refuses.
 */
function compile(linkifier: Linkifier): Compiled | null {
  const source = linkifier.pattern.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  try {
    const regex = new RegExp(`(?<=^|[\\s\\u0085\\p{Z}'"(,:<])(?:${source})(?=$|[^\\p{L}\\p{N}])`, 'gu');
    const template = parseTemplate(linkifier.url_template);
    return { regex, expand: (groups) => template.expand(groups) };
  } catch {
    return null;
  }
}

const compiledCache = new Map<string, Compiled | null>();
function compiled(linkifier: Linkifier): Compiled | null {
  const key = `${linkifier.pattern}\u0000${linkifier.url_template}`;
  if (!compiledCache.has(key)) compiledCache.set(key, compile(linkifier));
  return compiledCache.get(key) ?? null;
}

/** One text token split at a linkifier's matches into text and links (Zulip: `<a href>` around the match). */
function split(state: StateCore, text: Token, linkifier: Compiled): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const match of text.content.matchAll(linkifier.regex)) {
    const url = linkifier.expand({ ...match.groups });
    // Zulip's sanitize_url: only web and mail links come out of a linkifier.
    if (!/^(?:https?:|mailto:)/i.test(url)) continue;
    const start = match.index;
    if (start > last) out.push(textToken(state, text.content.slice(last, start)));
    const open = new state.Token('link_open', 'a', 1);
    open.attrSet('href', url);
    out.push(open, textToken(state, match[0]), new state.Token('link_close', 'a', -1));
    last = start + match[0].length;
  }
  if (out.length === 0) return [text];
  if (last < text.content.length) out.push(textToken(state, text.content.slice(last)));
  return out;
}

function textToken(state: StateCore, content: string): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  return token;
}

/**
 * The organization's linkifiers applied to message text, in their order, as Zulip's Markdown
 * does: text already inside a link (or in code, which is not text) is left alone, and what one
 * linkifier made a link the next does not touch.
 */
export function linkifiersPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_linkifiers', (state: StateCore) => {
    const linkifiers = (state.env as ZulipEnv).directory.linkifiers?.() ?? [];
    if (linkifiers.length === 0) return;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      for (const linkifier of linkifiers) {
        const ready = compiled(linkifier);
        if (!ready) continue;
        let depth = 0;
        block.children = block.children.flatMap((child) => {
          if (child.type === 'link_open') depth += 1;
          if (child.type === 'link_close') depth -= 1;
          return child.type === 'text' && depth === 0 ? split(state, child, ready) : [child];
        });
      }
    }
  });
}
