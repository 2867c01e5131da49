// Modules made by Vite plugins at build time (scripts/vite-emoji-catalog.ts). No imports here:
// they would turn these declarations into augmentations of modules that do not exist.

declare module 'virtual:emoji-catalog' {
  const catalog: {
    /** Every Unicode emoji in picker order: CompactGlyph rows of common/emoji-names.ts. */
    glyphs: [string, number, string[], string?][];
    /** Zulip's code_to_names from the bundled copy of its table, for servers that publish none. */
    bundledNames: Record<string, string[]>;
  };
  export default catalog;
}
