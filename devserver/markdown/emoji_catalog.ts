import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/** Zulip's Unicode emoji names (the repository's copy of its table; its `source` says where from). */
interface ZulipEmojiNames {
  name_to_codepoint: Record<string, string>;
  codepoint_to_canonical: Record<string, string>;
}

const require = createRequire(import.meta.url);
const TABLE = require('../../common/zulip-emoji-names.json') as ZulipEmojiNames;

/**
 * The Unicode emoji this server knows, exactly Zulip's table: every canonical name and alias a
 * Zulip server accepts (`name_to_codepoint`), and its codes (`codepoint_to_canonical`), as Zulip's
 * zerver/lib/emoji.py loads them. Codes are lowercase hex code points joined by "-", without the
 * emoji presentation selector.
 */
const CATALOG: ReadonlyMap<string, string> = new Map(Object.entries(TABLE.name_to_codepoint));
const CODES: ReadonlySet<string> = new Set(Object.keys(TABLE.codepoint_to_canonical));

/** Every known Unicode emoji name with its code. */
export const UNICODE_EMOJI: ReadonlyMap<string, string> = CATALOG;

/** The Unicode emoji's code for a name, if the name is known. */
export function emojiCodeForName(name: string): string | undefined {
  return CATALOG.get(name);
}

/** Whether a code is a Unicode emoji this server knows. */
export function isUnicodeEmojiCode(code: string): boolean {
  return CODES.has(code);
}

/**
 * What `server_emoji_data_url` serves, as Zulip's emoji_api.json: `code_to_names`, each code's
 * canonical name first, then its aliases.
 */
function emojiApiData(): { code_to_names: Record<string, string[]> } {
  const codeToNames: Record<string, string[]> = {};
  for (const [code, canonical] of Object.entries(TABLE.codepoint_to_canonical)) codeToNames[code] = [canonical];
  for (const [name, code] of CATALOG) {
    const names = (codeToNames[code] ??= [name]);
    if (!names.includes(name)) names.push(name);
  }
  return { code_to_names: codeToNames };
}

/** The body of the emoji data file. */
export const EMOJI_API_JSON = JSON.stringify(emojiApiData());

/**
 * Its path: like Zulip's static files, with a hash of the content baked in, so a client that
 * keeps the table fetches it again exactly when it changes.
 */
export const EMOJI_API_PATH = `/static/generated/emoji/emoji_api.${createHash('sha256').update(EMOJI_API_JSON).digest('hex').slice(0, 12)}.json`;

/** Zulip's image for its one extra emoji, `:zulip:`. */
export const ZULIP_EMOJI_PATH = '/static/generated/emoji/images/emoji/unicode/zulip.png';

/** Zulip's one non-Unicode emoji available in every organization. */
export const ZULIP_EXTRA_EMOJI = { name: 'zulip', code: 'zulip' } as const;
