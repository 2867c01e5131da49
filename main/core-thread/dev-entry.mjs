// The core worker's entry when Parley runs from source (bridge host, demo, tests): the worker is a
// fresh Node thread, so it registers tsx before loading the TypeScript entry. Electron loads the
// esbuild bundle out/main/core-thread.cjs instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
