import type { Env, MarkdownIt, StateInline, Token } from 'markdown-it';
import { channelHref, type MentionDirectory, type RenderFacts } from './directory';

/** The environment markdown-it threads through a render: lookups in, facts out. */
export interface ZulipEnv extends Env {
  directory: MentionDirectory;
  facts: RenderFacts;
}

const CHANNEL_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);
const USER_MENTION = /^@(_?)\*\*([^*\n]+?)\*\*/;
const CHANNEL_LINK = /^#\*\*([^*\n]+?)\*\*/;

/**
 * Inline rules for Zulip's mention syntax: @**Full Name**, @**Full Name|id**, silent @_**Name**,
 * the wildcards @**all** and @**topic**, and channel links #**channel** / #**channel>topic**.
 * Unknown names stay plain text, as on Zulip. Output HTML is built here with escaping, so the
 * parser's html:false setting keeps protecting everything else.
 */
export function mentionsPlugin(md: MarkdownIt): void {
  const escape = md.utils.escapeHtml;

  md.inline.ruler.before('emphasis', 'zulip_user_mention', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
    const match = USER_MENTION.exec(state.src.slice(state.pos));
    if (!match) return false;
    const isSilent = match[1] === '_';
    const name = match[2] ?? '';
    const env = state.env as unknown as ZulipEnv;
    let html: string | undefined;
    if (!isSilent && CHANNEL_WILDCARDS.has(name)) {
      html = `<span class="user-mention channel-wildcard-mention" data-user-id="*">@${escape(name)}</span>`;
      if (!silent) env.facts.channelWildcard = true;
    } else if (!isSilent && name === 'topic') {
      html = `<span class="topic-mention">@${escape(name)}</span>`;
      if (!silent) env.facts.topicWildcard = true;
    } else {
      const user = resolveUser(env.directory, name);
      if (user) {
        const cls = isSilent ? 'user-mention silent' : 'user-mention';
        html = `<span class="${cls}" data-user-id="${user.id}">${isSilent ? '' : '@'}${escape(user.full_name)}</span>`;
        if (!silent && !isSilent) env.facts.mentionedUserIds.add(user.id);
      }
    }
    if (html === undefined) return false;
    if (!silent) state.push('zulip_html', '', 0).content = html;
    state.pos += match[0].length;
    return true;
  });

  md.inline.ruler.before('emphasis', 'zulip_channel_link', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x23 /* # */) return false;
    const match = CHANNEL_LINK.exec(state.src.slice(state.pos));
    if (!match) return false;
    const [channelName = '', topic] = (match[1] ?? '').split('>', 2);
    const channel = (state.env as unknown as ZulipEnv).directory.channelByName(channelName);
    if (!channel) return false;
    if (!silent) {
      const cls = topic === undefined ? 'stream' : 'stream-topic';
      const text = topic === undefined ? `#${channel.name}` : `#${channel.name} > ${topic}`;
      state.push('zulip_html', '', 0).content =
        `<a class="${cls}" data-stream-id="${channel.id}" href="${escape(channelHref(channel, topic))}">${escape(text)}</a>`;
    }
    state.pos += match[0].length;
    return true;
  });

  md.renderer.rules['zulip_html'] = (tokens: Token[], idx: number) => tokens[idx]?.content ?? '';
}

function resolveUser(directory: MentionDirectory, text: string): { id: number; full_name: string } | undefined {
  const bar = text.lastIndexOf('|');
  if (bar >= 0) {
    const id = Number(text.slice(bar + 1));
    if (Number.isInteger(id)) return directory.userById(id);
  }
  return directory.userByName(text);
}
