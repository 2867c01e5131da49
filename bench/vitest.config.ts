// The harness's own tests (bench/test/), kept out of `npm test` like the benchmarks themselves:
//   npx vitest run --config bench/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['bench/test/**/*.test.ts'],
    environment: 'node',
  },
});
