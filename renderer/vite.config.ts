/** Builds the renderer: `npm run build:renderer` writes renderer/dist, loaded by Electron and the bridge host. */
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { emojiCatalog } from '../scripts/vite-emoji-catalog.ts';
import { defineConfig } from 'vite';

export default defineConfig({
  // This folder, wherever the command is run from.
  root: import.meta.dirname,
  // Relative asset paths: the same build is served as app://parley/ (Electron) and over HTTP (bridge host).
  base: './',
  plugins: [svelte(), emojiCatalog()],
  resolve: { conditions: ['browser'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
  },
});
