import { describe, expect, it } from 'vitest';
import zulipTable from '../../common/zulip-emoji-names.json';
import { COMMON_EMOJI } from './emoji';
import { loadEmojiCatalog, toEmojiRef } from './emojiCatalog';
import { suggestionsFor } from './composeTypeahead';

const accepted = zulipTable.name_to_codepoint as Record<string, string>;

describe('emoji catalog', () => {
  it('holds every emoji of Zulip’s table in picker order, with Zulip codes and glyphs', async () => {
    const catalog = await loadEmojiCatalog();
    expect(catalog.all.length).toBe(Object.keys(zulipTable.codepoint_to_canonical).length);
    expect(catalog.byCategory[0]!.category).toBe('Smileys & Emotion');
    expect(catalog.byCategory.at(-1)!.emoji.some((e) => e.name === 'flag_andorra')).toBe(true);
    const heart = catalog.get('heart')!;
    expect(heart.code).toBe('2764');
    expect(heart.glyph).toBe('\u2764\ufe0f');
    expect(catalog.get('thumbs_up')).toBe(catalog.get('+1'));
    expect(catalog.get('smile')!.code).toBe('1f642');
    expect(catalog.get('big_smile')!.code).toBe('1f604');
  });

  it('offers only what Zulip accepts: every name with its code is in zulip-emoji-names.json', async () => {
    const catalog = await loadEmojiCatalog();
    const offered = catalog.all.flatMap((e) => [e.name, ...e.aliases].map((name) => [name, e.code] as const));
    expect(offered.length).toBe(Object.keys(accepted).length);
    for (const [name, code] of offered) expect(accepted[name], name).toBe(code);
    // The picker's first row, and what a search or autocomplete sends.
    for (const e of COMMON_EMOJI) expect(accepted[e.name], e.name).toBe(e.code);
    for (const e of catalog.all) expect(zulipTable.codepoint_to_canonical[e.code as never]).toBe(e.name);
  });

  it('finds an emoji by emoji-datasource’s words, but names it as Zulip does', async () => {
    const catalog = await loadEmojiCatalog();
    expect(catalog.search('thinking_face', 3).map((e) => e.name)).toEqual(['thinking']);
    expect(catalog.get('thinking_face')).toBeUndefined();
    const emoji = await loadEmojiCatalog();
    const [first] = suggestionsFor(
      { kind: 'emoji', query: 'slightly_smiling', start: 0 },
      { users: [], groups: [], channels: [], emoji, selfUserId: 1 },
    );
    expect(first).toMatchObject({ label: ':smile:', insert: ':smile: ' });
    expect(catalog.search('flag-ad', 1).map((e) => e.name)).toEqual(['flag_andorra']);
  });

  it('uses the server’s own table when it has one, newer emoji included', async () => {
    const catalog = await loadEmojiCatalog({ '1f642': ['slight_smile', 'smile_a_bit'], '1fae8': ['shaking_face'] });
    expect(catalog.all.map((e) => e.name)).toEqual(['slight_smile', 'shaking_face']);
    expect(catalog.get('smile_a_bit')!.code).toBe('1f642');
    expect(catalog.get('smile')).toBeUndefined();
    expect(catalog.get('shaking_face')!.glyph).toBe('\u{1fae8}');
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

  it('offers the organization’s custom emoji first, by name, and not deactivated ones', async () => {
    const custom = [
      {
        id: '7',
        name: 'parley',
        imageUrl: 'https://chat.example/user_avatars/1/emoji/images/7.png',
        deactivated: false,
      },
      {
        id: '8',
        name: 'old_logo',
        imageUrl: 'https://chat.example/user_avatars/1/emoji/images/8.png',
        deactivated: true,
      },
      {
        id: '9',
        name: 'heart',
        imageUrl: 'https://chat.example/user_avatars/1/emoji/images/9.png',
        deactivated: false,
      },
    ];
    const catalog = await loadEmojiCatalog(null, custom);
    expect(catalog.byCategory[0]).toMatchObject({ category: 'Custom' });
    expect(catalog.byCategory[0]!.emoji.map((e) => e.name)).toEqual(['parley', 'heart']);
    expect(catalog.search('parl', 1)).toEqual([expect.objectContaining({ code: '7', type: 'realm_emoji' })]);
    expect(toEmojiRef(catalog.get('parley')!)).toEqual({ name: 'parley', code: '7', type: 'realm_emoji' });
    // As on Zulip, a custom emoji wins over the Unicode one of the same name.
    expect(catalog.get('heart')?.type).toBe('realm_emoji');
    expect(catalog.byCode('2764')?.name).toBe('heart');
    expect(catalog.get('old_logo')).toBeUndefined();
    expect(await loadEmojiCatalog(null, custom)).toBe(catalog);
  });
});
