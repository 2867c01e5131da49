/**
 * Vite plugin: `virtual:emoji-catalog` is the full Unicode emoji catalog, compacted at build time
 * from emoji-datasource (1.3 MB of JSON) to the names, codes and categories the picker and
 * compose autocomplete need. The renderer imports it lazily, so it costs nothing at start-up.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { compactCatalog, type DatasourceEmoji } from '../common/emoji-names.ts';

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
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compactCatalog(data)))});`;
    },
  };
}
