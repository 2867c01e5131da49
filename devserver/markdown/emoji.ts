import type { MarkdownIt, StateInline } from 'markdown-it';
import { emojiCodeForName, UNICODE_EMOJI } from './emoji_catalog';

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

export function emojiPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'zulip_emoji', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
    const match = EMOJI_SYNTAX.exec(state.src.slice(state.pos));
    const name = match?.[1];
    const code = name === undefined ? undefined : emojiCodeForName(name);
    if (!match || name === undefined || code === undefined) return false;
    if (!silent) {
      // Zulip's markup: the text stays ":name:" and clients draw the glyph from the emoji-<code> class;
      // the label reads the name with spaces ("woman shrugging"). Names hold only [a-z0-9_+-].
      const label = name.replace(/_/g, ' ');
      state.push('zulip_html', '', 0).content =
        `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${name}:</span>`;
    }
    state.pos += match[0].length;
    return true;
  });
}
