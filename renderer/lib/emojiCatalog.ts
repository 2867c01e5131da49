/**
 * The emoji the picker and compose's `:emoji:` autocomplete offer, for one account: the names are
 * the server's own table (Zulip's `code_to_names`, or the bundled copy of Zulip's table when the
 * server publishes none), so every name offered is one the server accepts. emoji-datasource
 * (loaded on first use, a separate chunk) supplies glyphs, categories and extra search words.
 */
import { EMOJI_CATEGORIES, type CompactGlyph, type CustomEmoji, type EmojiNameTable } from '../../common/emoji-names';
import type { EmojiRef } from '../../common/model';

export interface CatalogEmoji {
  /** Zulip's canonical name: the one shown and sent. */
  name: string;
  /** Zulip's other names for it: they match a search, and the server accepts them too. */
  aliases: string[];
  /** emoji-datasource's names ("thinking_face"): they only help a search find it. */
  keywords: string[];
  /** Zulip's code (what reactions and the server use): code points, or a custom emoji's ID. */
  code: string;
  type: 'unicode_emoji' | 'realm_emoji';
  category: string;
  /** The Unicode glyph ('' for a custom emoji, which has `image`). */
  glyph: string;
  image?: string;
}

/** The picker's first category: the organization's own emoji, as in Zulip. */
export const CUSTOM_CATEGORY = 'Custom';

/** Normalized like a query: "thumbs up", "star-struck" and "star_struck" are the same words. */
function normalize(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export class EmojiCatalog {
  readonly all: readonly CatalogEmoji[];
  readonly byCategory: readonly { category: string; emoji: CatalogEmoji[] }[];
  private readonly byName = new Map<string, CatalogEmoji>();
  private readonly byCodeMap = new Map<string, CatalogEmoji>();

  constructor(glyphs: readonly CompactGlyph[], names: EmojiNameTable, custom: readonly CustomEmoji[] = []) {
    // Deactivated custom emoji are no longer offered (old reactions and messages still show them).
    const all: CatalogEmoji[] = custom
      .filter((e) => !e.deactivated)
      .map((e) => ({
        name: e.name,
        aliases: [],
        keywords: [],
        code: e.id,
        type: 'realm_emoji',
        category: CUSTOM_CATEGORY,
        glyph: '',
        image: e.imageUrl,
      }));
    const placed = new Set<string>();
    for (const [code, category, keywords, glyphCode] of glyphs) {
      const zulipNames = names[code];
      if (!zulipNames?.[0] || placed.has(code)) continue;
      placed.add(code);
      all.push(entry(code, zulipNames, keywords.map(normalize), EMOJI_CATEGORIES[category] ?? 'Symbols', glyphCode));
    }
    // Emoji newer than our glyph data still have a code the system font may draw.
    for (const [code, zulipNames] of Object.entries(names)) {
      if (!placed.has(code) && zulipNames[0]) all.push(entry(code, zulipNames, [], 'Symbols'));
    }
    this.all = all;
    for (const e of all) {
      if (e.type === 'unicode_emoji') this.byCodeMap.set(e.code, e);
      for (const n of [e.name, ...e.aliases]) if (!this.byName.has(n)) this.byName.set(n, e);
    }
    const categories = all.some((e) => e.category === CUSTOM_CATEGORY)
      ? [CUSTOM_CATEGORY, ...EMOJI_CATEGORIES]
      : EMOJI_CATEGORIES;
    this.byCategory = categories.map((category) => ({
      category,
      emoji: all.filter((e) => e.category === category),
    }));
  }

  /** The emoji a name (canonical or alias) stands for on this server. */
  get(name: string): CatalogEmoji | undefined {
    return this.byName.get(name);
  }

  /** The emoji with this Zulip code, if the server offers it. */
  byCode(code: string): CatalogEmoji | undefined {
    return this.byCodeMap.get(code);
  }

  /**
   * Emoji whose names match `query` ("thumbs up" finds thumbs_up): Zulip names that start with it
   * first, then names with a word that does, then any that contain it, then emoji only
   * emoji-datasource's words match; catalog order within each.
   */
  search(query: string, limit = Infinity): CatalogEmoji[] {
    const q = normalize(query);
    if (q === '') return this.all.slice(0, limit);
    const ranked: CatalogEmoji[][] = [[], [], [], []];
    for (const e of this.all) {
      const names = [e.name, ...e.aliases];
      if (names.some((n) => n.startsWith(q))) ranked[0]!.push(e);
      else if (names.some((n) => n.includes(`_${q}`))) ranked[1]!.push(e);
      else if (names.some((n) => n.includes(q))) ranked[2]!.push(e);
      else if (e.keywords.some((k) => k.includes(q))) ranked[3]!.push(e);
    }
    return ranked.flat().slice(0, limit);
  }
}

function entry(
  code: string,
  names: readonly string[],
  keywords: string[],
  category: string,
  glyphCode?: string,
): CatalogEmoji {
  const [name, ...aliases] = names as [string, ...string[]];
  return { name, aliases, keywords, code, type: 'unicode_emoji', category, glyph: glyphOf(glyphCode ?? code) };
}

export function toEmojiRef(emoji: CatalogEmoji): EmojiRef {
  return { name: emoji.name, code: emoji.code, type: emoji.type };
}

function glyphOf(code: string): string {
  return String.fromCodePoint(...code.split('-').map((p) => Number.parseInt(p, 16)));
}

interface CatalogData {
  glyphs: CompactGlyph[];
  bundledNames: Record<string, string[]>;
}
let data: Promise<CatalogData> | null = null;
const built = new WeakMap<object, WeakMap<readonly CustomEmoji[], EmojiCatalog>>();
const NO_CUSTOM: readonly CustomEmoji[] = [];

/**
 * The catalog for an account's name table (null: the server publishes none, so Zulip's bundled
 * table) and its custom emoji; the glyph data is fetched once per page, each catalog built once.
 */
export async function loadEmojiCatalog(
  names: EmojiNameTable | null = null,
  custom: readonly CustomEmoji[] = NO_CUSTOM,
): Promise<EmojiCatalog> {
  data ??= import('virtual:emoji-catalog').then((m) => m.default);
  const { glyphs, bundledNames } = await data;
  const table = names ?? bundledNames;
  let forTable = built.get(table);
  if (!forTable) built.set(table, (forTable = new WeakMap()));
  let catalog = forTable.get(custom);
  if (!catalog) forTable.set(custom, (catalog = new EmojiCatalog(glyphs, table, custom)));
  return catalog;
}
