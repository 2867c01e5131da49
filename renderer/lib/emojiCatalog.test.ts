import { describe, expect, it } from 'vitest';
import { loadEmojiCatalog } from './emojiCatalog';

describe('emoji catalog', () => {
  it('holds the full Unicode set in picker order, with Zulip codes and glyphs', async () => {
    const catalog = await loadEmojiCatalog();
    expect(catalog.all.length).toBeGreaterThan(1500);
    expect(catalog.byCategory[0]!.category).toBe('Smileys & Emotion');
    expect(catalog.byCategory.at(-1)!.emoji.some((e) => e.name.startsWith('flag'))).toBe(true);
    const heart = catalog.get('heart')!;
    expect(heart.code).toBe('2764');
    expect(heart.glyph).toBe('\u2764\ufe0f');
    expect(catalog.get('thumbs_up')).toBe(catalog.get('+1'));
  });

  it('ranks names that start with the query first, then word starts, then any match', async () => {
    const catalog = await loadEmojiCatalog();
    const found = catalog.search('smile', 200).map((e) => e.name);
    expect(found[0]!.startsWith('smile')).toBe(true);
    const firstInner = found.findIndex((n) => !n.startsWith('smile'));
    expect(found.slice(firstInner).every((n) => !n.startsWith('smile'))).toBe(true);
    expect(catalog.search('thumbs up', 5).map((e) => e.code)).toContain('1f44d');
    expect(catalog.search('no such emoji at all')).toEqual([]);
  });
});
