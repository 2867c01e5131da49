/**
 * Emoji names as Zulip has them. The authority is the server's own table (register's
 * `server_emoji_data_url`, `code_to_names`: canonical name first, then aliases); a server too old
 * to publish one gets the bundled copy of Zulip's table (./zulip-emoji-names.json, whose `source`
 * says where it comes from). emoji-datasource only supplies what Zulip's table lacks: glyphs,
 * categories and picker order, and its short names as extra search words ("thinking_face" finds
 * the emoji; `:thinking:` is what is inserted and sent). Process-neutral: callers load the JSON.
 */

/**
 * One of the organization's custom emoji (Zulip's realm_emoji): reactions name it with
 * reaction_type "realm_emoji" and its ID as the code. `imageUrl` is absolute (the organization's).
 */
export interface CustomEmoji {
  id: string;
  name: string;
  imageUrl: string;
  /** Deactivated: no longer offered, still shown where it was used. */
  deactivated: boolean;
}

/** Zulip's `code_to_names`: emoji code → its names, the canonical one first. */
export type EmojiNameTable = Readonly<Record<string, readonly string[]>>;

/** One entry of emoji-datasource's emoji.json (the fields used here). */
export interface DatasourceEmoji {
  unified: string;
  non_qualified: string | null;
  short_names: string[];
  category: string;
  sort_order: number;
}

/** The picker's order of categories (emoji-datasource's "Component" holds skin tones: left out). */
export const EMOJI_CATEGORIES = [
  'Smileys & Emotion',
  'People & Body',
  'Animals & Nature',
  'Food & Drink',
  'Travel & Places',
  'Activities',
  'Objects',
  'Symbols',
  'Flags',
] as const;

/** [Zulip code, category index, emoji-datasource short names (search words), glyph code points when they differ]. */
export type CompactGlyph = [string, number, string[], string?];

/** Zulip's code for an emoji: lowercase hex code points joined by "-", without the presentation selector. */
export function zulipEmojiCode(emoji: DatasourceEmoji): string {
  return (emoji.non_qualified ?? emoji.unified).toLowerCase().replace(/-fe0f/g, '');
}

/** Glyphs, categories and search words in picker order, keyed by Zulip's code (no names to send). */
export function compactGlyphs(data: readonly DatasourceEmoji[]): CompactGlyph[] {
  const rows: { row: CompactGlyph; order: number }[] = [];
  for (const emoji of data) {
    const category = EMOJI_CATEGORIES.indexOf(emoji.category as (typeof EMOJI_CATEGORIES)[number]);
    if (category < 0) continue;
    const code = zulipEmojiCode(emoji);
    const glyph = emoji.unified.toLowerCase();
    const row: CompactGlyph =
      glyph === code ? [code, category, emoji.short_names] : [code, category, emoji.short_names, glyph];
    rows.push({ row, order: category * 100_000 + emoji.sort_order });
  }
  return rows.sort((a, b) => a.order - b.order).map((r) => r.row);
}

/** The bundled file's shape (zulip-emoji-names.json). */
export interface BundledEmojiNames {
  name_to_codepoint: Record<string, string>;
  codepoint_to_canonical: Record<string, string>;
}

/** The bundled table in the server's `code_to_names` form: canonical first, then aliases A–Z. */
export function codeToNamesOf(bundled: BundledEmojiNames): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const [code, canonical] of Object.entries(bundled.codepoint_to_canonical)) table[code] = [canonical];
  for (const [name, code] of Object.entries(bundled.name_to_codepoint).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const names = (table[code] ??= [name]);
    if (!names.includes(name)) names.push(name);
  }
  return table;
}

/** The longest name or code, and the most emoji, a table from a server may hold before we refuse it. */
const LIMITS = { name: 100, code: 100, emoji: 20_000, namesPerEmoji: 50 };

/**
 * A server's emoji data (`{code_to_names: {...}}`) checked and copied, or null when it is not one:
 * bad data from a server is refused whole and the previous table stays in use.
 */
export function parseEmojiData(data: unknown): Record<string, string[]> | null {
  if (typeof data !== 'object' || data === null) return null;
  const table = (data as { code_to_names?: unknown }).code_to_names;
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return null;
  const entries = Object.entries(table as Record<string, unknown>);
  if (entries.length === 0 || entries.length > LIMITS.emoji) return null;
  const out: Record<string, string[]> = {};
  for (const [code, names] of entries) {
    if (!/^[0-9a-f]{1,8}(-[0-9a-f]{1,8})*$/.test(code) || code.length > LIMITS.code) return null;
    if (!Array.isArray(names) || names.length === 0 || names.length > LIMITS.namesPerEmoji) return null;
    if (!names.every((n) => typeof n === 'string' && n.length > 0 && n.length <= LIMITS.name)) return null;
    out[code] = names as string[];
  }
  return out;
}
