import MarkdownIt from 'markdown-it';
import type { MentionDirectory, RenderFacts } from './directory';
import { emojiPlugin } from './emoji';
import { codeBlock } from './highlight';
import { mathBlock, mathPlugin } from './math';
import { inlineImagesPlugin } from './inline_images';
import { linkifiersPlugin } from './linkifiers';
import { mentionsPlugin, type ZulipEnv } from './mentions';

export interface Rendered extends RenderFacts {
  html: string;
  isMeMessage: boolean;
}

/**
 * Markdown → HTML roughly the way Zulip renders it: raw HTML is escaped (html:false), single
 * newlines become <br>, bare URLs are linked, links open in a new tab, fenced code is wrapped in
 * Zulip's `codehilite` markup with Pygments' token classes (highlight.ts), `$$…$$` and ```math are
 * drawn by KaTeX (math.ts), plus mentions, channel links, :emoji: and the organization's
 * linkifiers (linkifiers.ts). Inline image syntax is
 * off (Zulip does not support it, and it would make clients fetch from arbitrary hosts); links to
 * uploaded images get Zulip's preview instead (inline_images.ts).
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
md.disable('image');
md.use(mentionsPlugin);
md.use(emojiPlugin);
md.use(mathPlugin);
md.use(inlineImagesPlugin);
md.use(linkifiersPlugin);

md.renderer.rules['link_open'] = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules['fence'] = (tokens, idx, _options, env) => {
  const token = tokens[idx];
  // Zulip takes `~~~ .python` and `~~~.python` for python too.
  const lang = (token?.info.trim().split(/\s+/)[0] ?? '').replace(/^\./, '');
  // ```spoiler Header: Zulip's collapsed block, header and body rendered as Markdown.
  if (lang === 'spoiler') {
    const header = token?.info.trim().slice('spoiler'.length).trim() ?? '';
    const head = header ? md.render(header, env as ZulipEnv).trimEnd() : '';
    const body = md.render(token?.content ?? '', env as ZulipEnv).trimEnd();
    return `<div class="spoiler-block"><div class="spoiler-header">${head}</div><div class="spoiler-content" aria-hidden="true">${body}</div></div>\n`;
  }
  // ```quote (what quote-and-reply writes): a blockquote whose body is Markdown, as in Zulip.
  if (lang === 'quote') {
    return `<blockquote>\n${md.render(token?.content ?? '', env as ZulipEnv)}</blockquote>\n`;
  }
  if (lang === 'math') return mathBlock(token?.content ?? '');
  return codeBlock(token?.content ?? '', lang);
};

/**
 * Zulip's global times, <time:2026-11-24T15:00:00+00:00>. markdown-it would take them for
 * autolinks, so they are set aside as private-use placeholders first and become Zulip's
 * <time datetime> element after rendering (only when they hold a valid time).
 */
function withTimeMentions(source: string, render: (text: string) => string): string {
  const times: string[] = [];
  const marked = source.replace(/<time:([^<>\s]{4,40})>/g, (whole, iso: string) => {
    const at = Date.parse(iso);
    if (Number.isNaN(at)) return whole;
    times.push(iso);
    return `\uE000${times.length - 1}\uE001`;
  });
  return render(marked).replace(/\uE000(\d+)\uE001/g, (whole, n: string) => {
    const iso = times[Number(n)];
    // A placeholder the author typed themselves stays as it is.
    if (iso === undefined) return whole;
    const datetime = new Date(Date.parse(iso)).toISOString().replace('.000Z', 'Z');
    return `<time datetime="${datetime}">${md.utils.escapeHtml(iso)}</time>`;
  });
}

export function renderMarkdown(source: string, directory: MentionDirectory): Rendered {
  const env: ZulipEnv = {
    directory,
    facts: { mentionedUserIds: new Set(), channelWildcard: false, topicWildcard: false },
  };
  const html = withTimeMentions(source, (text) => md.render(text, env).trimEnd());
  return { html, isMeMessage: /^\/me\s/.test(source), ...env.facts };
}

/** Renders text that has no mention context (channel descriptions). */
export function renderPlain(source: string): string {
  return renderMarkdown(source, {
    userByName: () => undefined,
    userById: () => undefined,
    channelByName: () => undefined,
  }).html;
}
