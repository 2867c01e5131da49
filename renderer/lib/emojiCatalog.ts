/**
 * The full emoji set for the picker and compose's `:emoji:` autocomplete, loaded on first use
 * (a separate chunk of about 100 KB), searched by any of its names as Zulip's picker does.
 */
import { EMOJI_CATEGORIES, type CompactEmoji } from '../../common/emoji-names';
import type { EmojiRef } from '../../common/model';

export interface CatalogEmoji {
  /** The name shown and sent; aliases also match a search. */
  name: string;
  aliases: string[];
  /** Zulip's code (what reactions and the server use). */
  code: string;
  category: string;
  glyph: string;
}

export class EmojiCatalog {
  readonly all: readonly CatalogEmoji[];
  readonly byCategory: readonly { category: string; emoji: CatalogEmoji[] }[];
  private readonly byName = new Map<string, CatalogEmoji>();

  constructor(rows: readonly CompactEmoji[]) {
    this.all = rows.map(([names, code, category, glyphCode]) => ({
      name: names[0]!,
      aliases: names.slice(1),
      code,
      category: EMOJI_CATEGORIES[category] ?? 'Symbols',
      glyph: glyphOf(glyphCode ?? code),
    }));
    for (const e of this.all) for (const n of [e.name, ...e.aliases]) this.byName.set(n, e);
    this.byCategory = EMOJI_CATEGORIES.map((category) => ({
      category,
      emoji: this.all.filter((e) => e.category === category),
    }));
  }

  get(name: string): CatalogEmoji | undefined {
    return this.byName.get(name);
  }

  /**
   * Emoji whose names match `query` ("thumbs up" finds thumbs_up): names that start with it
   * first, then names with a word that does, then any that contain it; catalog order within each.
   */
  search(query: string, limit = Infinity): CatalogEmoji[] {
    const q = query
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (q === '') return this.all.slice(0, limit);
    const ranked: CatalogEmoji[][] = [[], [], []];
    for (const e of this.all) {
      const names = [e.name, ...e.aliases];
      if (names.some((n) => n.startsWith(q))) ranked[0]!.push(e);
      else if (names.some((n) => n.includes(`_${q}`))) ranked[1]!.push(e);
      else if (names.some((n) => n.includes(q))) ranked[2]!.push(e);
    }
    return ranked.flat().slice(0, limit);
  }
}

export function toEmojiRef(emoji: CatalogEmoji): EmojiRef {
  return { name: emoji.name, code: emoji.code, type: 'unicode_emoji' };
}

function glyphOf(code: string): string {
  return String.fromCodePoint(...code.split('-').map((p) => Number.parseInt(p, 16)));
}

let loading: Promise<EmojiCatalog> | null = null;

/** The catalog, fetched once per page. */
export function loadEmojiCatalog(): Promise<EmojiCatalog> {
  loading ??= import('virtual:emoji-catalog').then((m) => new EmojiCatalog(m.default));
  return loading;
}
