// Modules made by Vite plugins at build time (scripts/vite-emoji-catalog.ts). No imports here:
// they would turn these declarations into augmentations of modules that do not exist.

declare module 'virtual:emoji-catalog' {
  /** Every Unicode emoji in picker order: CompactEmoji rows of common/emoji-names.ts. */
  const catalog: [string[], string, number, string?][];
  export default catalog;
}
