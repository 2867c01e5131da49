/**
 * The short list of emoji the reaction picker offers first. Names and codes are Zulip's own
 * canonical ones (common/zulip-emoji-names.json; a test holds them to it), so the server and other
 * clients agree; once the account's table is loaded the picker shows its names for these codes.
 */
import type { EmojiRef } from '../../common/model';

function unicode(name: string, code: string): EmojiRef {
  return { name, code, type: 'unicode_emoji' };
}

export const COMMON_EMOJI: readonly EmojiRef[] = [
  unicode('+1', '1f44d'),
  unicode('heart', '2764'),
  unicode('tada', '1f389'),
  unicode('smile', '1f642'),
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
