import { createRequire } from 'node:module';

/** One entry of emoji-datasource's emoji.json (the fields used here). */
interface DatasourceEmoji {
  unified: string;
  non_qualified: string | null;
  short_names: string[];
}

/**
 * Names Zulip uses that differ from the emoji-datasource short names (Zulip keeps its own name
 * table); these win over the datasource so the demo's and clients' usual names resolve.
 */
const ZULIP_NAMES: Readonly<Record<string, string>> = {
  thumbs_up: '1f44d',
  thumbs_down: '1f44e',
  check: '2705',
  thinking: '1f914',
  smile: '1f604',
  octopus: '1f419',
  working_on_it: '1f6e0',
  slight_smile: '1f642',
  grinning: '1f600',
  heart: '2764',
};

/**
 * The Unicode emoji this server knows, by name: every short name in emoji-datasource (the
 * data Zulip's own table derives from) plus Zulip's spellings above. Codes are lowercase hex
 * code points joined by "-", without the emoji presentation selector, as Zulip writes them.
 */
function buildCatalog(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const data = require('emoji-datasource/emoji.json') as DatasourceEmoji[];
  const byName = new Map<string, string>();
  for (const emoji of data) {
    const code = (emoji.non_qualified ?? emoji.unified).toLowerCase();
    for (const name of emoji.short_names) if (!byName.has(name)) byName.set(name, code);
  }
  for (const [name, code] of Object.entries(ZULIP_NAMES)) byName.set(name, code);
  return byName;
}

const CATALOG = buildCatalog();
const CODES = new Set(CATALOG.values());

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

/** Zulip's one non-Unicode emoji available in every organization. */
export const ZULIP_EXTRA_EMOJI = { name: 'zulip', code: 'zulip' } as const;
