/**
 * The Unicode emoji catalog the renderer's picker and autocomplete use, built from
 * emoji-datasource (the data Zulip's own emoji table derives from) plus the names Zulip spells
 * differently. Process-neutral: the caller loads emoji.json (the renderer's build through a Vite
 * plugin), so nothing here touches the file system. The dev server, a separate program, keeps
 * its own copy of the name table.
 */

/** One entry of emoji-datasource's emoji.json (the fields used here). */
export interface DatasourceEmoji {
  unified: string;
  non_qualified: string | null;
  short_names: string[];
  category: string;
  sort_order: number;
}

/**
 * Names Zulip uses that differ from the emoji-datasource short names (Zulip keeps its own name
 * table); they resolve as well, so the usual Zulip spellings work on this server and in compose.
 */
export const ZULIP_EXTRA_NAMES: Readonly<Record<string, string>> = {
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

/** [names (first is the one shown), Zulip code, category index, glyph code points when they differ]. */
export type CompactEmoji = [string[], string, number, string?];

/** Zulip's code for an emoji: lowercase hex code points joined by "-", without the presentation selector. */
export function zulipEmojiCode(emoji: DatasourceEmoji): string {
  return (emoji.non_qualified ?? emoji.unified).toLowerCase();
}

/** The catalog in picker order, each emoji with every name it answers to. */
export function compactCatalog(data: readonly DatasourceEmoji[]): CompactEmoji[] {
  const extraByCode = new Map<string, string[]>();
  for (const [name, code] of Object.entries(ZULIP_EXTRA_NAMES)) {
    extraByCode.set(code, [...(extraByCode.get(code) ?? []), name]);
  }
  const seen = new Set<string>();
  const rows: { row: CompactEmoji; order: number }[] = [];
  for (const emoji of data) {
    const category = EMOJI_CATEGORIES.indexOf(emoji.category as (typeof EMOJI_CATEGORIES)[number]);
    if (category < 0) continue;
    const code = zulipEmojiCode(emoji);
    const names = [...emoji.short_names, ...(extraByCode.get(code) ?? [])].filter((n) => !seen.has(n));
    if (names.length === 0) continue;
    for (const n of names) seen.add(n);
    const glyph = emoji.unified.toLowerCase();
    const row: CompactEmoji = glyph === code ? [names, code, category] : [names, code, category, glyph];
    rows.push({ row, order: category * 100_000 + emoji.sort_order });
  }
  return rows.sort((a, b) => a.order - b.order).map((r) => r.row);
}
