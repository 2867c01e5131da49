import type { MarkdownIt, StateInline } from 'markdown-it';

/**
 * A small table of Unicode emoji by Zulip name: enough for :name: syntax in the demo's messages
 * and for reactions. Codes are the emoji's code points in hex, joined by '-'. Unknown names stay text.
 */
export const EMOJI: Readonly<Record<string, string>> = {
  '+1': '1f44d',
  thumbs_up: '1f44d',
  '-1': '1f44e',
  heart: '2764',
  tada: '1f389',
  smile: '1f604',
  joy: '1f602',
  eyes: '1f440',
  rocket: '1f680',
  check: '2705',
  fire: '1f525',
  thinking: '1f914',
  coffee: '2615',
  wave: '1f44b',
  pray: '1f64f',
  bug: '1f41b',
  sparkles: '2728',
  star: '2b50',
  octopus: '1f419',
  sunflower: '1f33b',
};

const EMOJI_SYNTAX = /^:([a-z0-9_+-]+):/;

export function emojiPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'zulip_emoji', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
    const match = EMOJI_SYNTAX.exec(state.src.slice(state.pos));
    const name = match?.[1];
    const code = name === undefined ? undefined : EMOJI[name];
    if (!match || name === undefined || code === undefined) return false;
    if (!silent) {
      // Zulip's markup: the text stays ":name:" and clients draw the glyph from the emoji-<code> class.
      state.push('zulip_html', '', 0).content =
        `<span aria-label="${name}" class="emoji emoji-${code}" role="img" title="${name}">:${name}:</span>`;
    }
    state.pos += match[0].length;
    return true;
  });
}
