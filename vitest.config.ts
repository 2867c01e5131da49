import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { emojiCatalog } from './scripts/vite-emoji-catalog.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/**/*.test.ts',
            'bench/test/**/*.test.ts',
            'main/**/*.test.ts',
            'devserver/**/*.test.ts',
            'common/**/*.test.ts',
          ],
          exclude: ['test/e2e/**', 'test/conformance/**', 'node_modules/**'],
          // Clears the dev-server response recordings that the conformance project validates.
          globalSetup: ['test/conformance/clear-recordings.ts'],
          testTimeout: 20_000,
          // Setup hooks start dev servers, which a loaded machine may take a minute to bring up.
          hookTimeout: 90_000,
        },
      },
      {
        plugins: [svelte(), emojiCatalog()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.ts'],
          setupFiles: ['renderer/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Validates the responses the other projects' dev servers recorded, so it runs after them:
        // `npm test` runs it as a separate last step; in a plain `vitest run` groupOrder puts it
        // after the parallel projects (test/conformance/README.md).
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['test/conformance/**/*.test.ts'],
          testTimeout: 300_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
