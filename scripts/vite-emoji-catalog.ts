/**
 * Vite plugin: `virtual:emoji-catalog` holds what the picker and compose autocomplete need,
 * compacted at build time: emoji-datasource's glyphs, categories and search words (1.3 MB of
 * JSON down to a few fields), and Zulip's own name table (common/zulip-emoji-names.json) for
 * servers that publish none. The renderer imports it lazily, so it costs nothing at start-up.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { codeToNamesOf, compactGlyphs, type BundledEmojiNames, type DatasourceEmoji } from '../common/emoji-names.ts';

const ID = 'virtual:emoji-catalog';
const RESOLVED = `\0${ID}`;

export function emojiCatalog(): Plugin {
  return {
    name: 'parley-emoji-catalog',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const require = createRequire(import.meta.url);
      const data = require('emoji-datasource/emoji.json') as DatasourceEmoji[];
      const bundled = require('../common/zulip-emoji-names.json') as BundledEmojiNames;
      const catalog = { glyphs: compactGlyphs(data), bundledNames: codeToNamesOf(bundled) };
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalog))});`;
    },
  };
}
