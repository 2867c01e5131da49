/**
 * The short list of emoji the reaction picker offers. Names and codes are Zulip's own
 * (unicode_emoji, code = the code points in hex), so the server and other clients agree.
 */
import type { EmojiRef } from '../../common/model';

function unicode(name: string, code: string): EmojiRef {
  return { name, code, type: 'unicode_emoji' };
}

export const COMMON_EMOJI: readonly EmojiRef[] = [
  unicode('+1', '1f44d'),
  unicode('heart', '2764'),
  unicode('tada', '1f389'),
  unicode('smile', '1f604'),
  unicode('joy', '1f602'),
  unicode('eyes', '1f440'),
  unicode('thinking', '1f914'),
  unicode('rocket', '1f680'),
  unicode('check', '2705'),
  unicode('fire', '1f525'),
  unicode('clap', '1f44f'),
  unicode('wave', '1f44b'),
];

/** The glyph for a unicode emoji code; custom emoji (no code points) show as :name:. */
export function emojiGlyph(emoji: EmojiRef): string {
  if (emoji.type !== 'unicode_emoji') return `:${emoji.name}:`;
  const points = emoji.code.split('-').map((part) => Number.parseInt(part, 16));
  if (points.length === 0 || !points.every((p) => Number.isInteger(p) && p >= 0 && p <= 0x10ffff)) {
    return `:${emoji.name}:`;
  }
  return String.fromCodePoint(...points);
}
