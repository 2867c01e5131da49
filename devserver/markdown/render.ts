import MarkdownIt from 'markdown-it';
import type { MentionDirectory, RenderFacts } from './directory';
import { emojiPlugin } from './emoji';
import { inlineImagesPlugin } from './inline_images';
import { mentionsPlugin, type ZulipEnv } from './mentions';

export interface Rendered extends RenderFacts {
  html: string;
  isMeMessage: boolean;
}

/**
 * Markdown → HTML roughly the way Zulip renders it: raw HTML is escaped (html:false), single
 * newlines become <br>, bare URLs are linked, links open in a new tab, fenced code is wrapped in
 * Zulip's `codehilite` markup, plus mentions, channel links and :emoji:. Inline image syntax is
 * off (Zulip does not support it, and it would make clients fetch from arbitrary hosts); links to
 * uploaded images get Zulip's preview instead (inline_images.ts).
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
md.disable('image');
md.use(mentionsPlugin);
md.use(emojiPlugin);
md.use(inlineImagesPlugin);

md.renderer.rules['link_open'] = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules['fence'] = (tokens, idx) => {
  const token = tokens[idx];
  const lang = token?.info.trim().split(/\s+/)[0] ?? '';
  const attr = lang ? ` data-code-language="${md.utils.escapeHtml(lang)}"` : '';
  return `<div class="codehilite"${attr}><pre><span></span><code>${md.utils.escapeHtml(token?.content ?? '')}</code></pre></div>\n`;
};

export function renderMarkdown(source: string, directory: MentionDirectory): Rendered {
  const env: ZulipEnv = {
    directory,
    facts: { mentionedUserIds: new Set(), channelWildcard: false, topicWildcard: false },
  };
  const html = md.render(source, env).trimEnd();
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
