import type { MarkdownIt, StateInline } from 'markdown-it';
import { emojiCodeForName, UNICODE_EMOJI, ZULIP_EMOJI_PATH, ZULIP_EXTRA_EMOJI } from './emoji_catalog';
import type { ZulipEnv } from './mentions';

/**
 * Unicode emoji by Zulip name (Zulip's own table, see emoji_catalog.ts): what :name: syntax and
 * reactions resolve against. Codes are the emoji's code points in hex, joined by '-'. Names Zulip
 * does not have (`:thinking_face:`, `:slightly_smiling_face:`) stay text, as on a Zulip server.
 */
export const EMOJI: Readonly<Record<string, string>> = Object.assign(
  Object.create(null) as Record<string, string>,
  Object.fromEntries(UNICODE_EMOJI),
);

const EMOJI_SYNTAX = /^:([a-z0-9_+-]+):/;

/** Zulip's image markup for custom emoji and `:zulip:` (the label reads the name with spaces). */
function imageEmoji(name: string, src: string): string {
  return `<img alt=":${name}:" class="emoji" src="${src}" title="${name.replace(/_/g, ' ')}">`;
}

export function emojiPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'zulip_emoji', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
    const match = EMOJI_SYNTAX.exec(state.src.slice(state.pos));
    const name = match?.[1];
    if (!match || name === undefined) return false;
    // As Zulip looks them up: the organization's custom emoji first, then :zulip:, then Unicode.
    const custom = (state.env as unknown as ZulipEnv).directory?.realmEmoji?.(name);
    const code = emojiCodeForName(name);
    let html: string;
    if (custom !== undefined) html = imageEmoji(name, custom);
    else if (name === ZULIP_EXTRA_EMOJI.name) html = imageEmoji(name, ZULIP_EMOJI_PATH);
    else if (code !== undefined) {
      // Zulip's markup: the text stays ":name:" and clients draw the glyph from the emoji-<code> class;
      // the label reads the name with spaces ("woman shrugging"). Names hold only [a-z0-9_+-].
      const label = name.replace(/_/g, ' ');
      html = `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${name}:</span>`;
    } else return false;
    if (!silent) state.push('zulip_html', '', 0).content = html;
    state.pos += match[0].length;
    return true;
  });
}
