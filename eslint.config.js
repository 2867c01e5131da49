// ESLint flat config. Besides the usual TypeScript/Svelte rules it enforces the layer
// boundaries of ../shared/design/architecture.md: renderer -> common <- main, and only
// main/electron and preload may import electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'url'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'renderer/dist/',
      'release/',
      'test/artifacts/',
      'bench/results/',
      'bench/.probe/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/devserver/**', '**/preload/**'],
              message: 'The renderer talks to main only through lib/bridge.ts.',
            },
            {
              group: ['electron', 'better-sqlite3', 'keytar', ...nodeBuiltins],
              message: 'The renderer is sandboxed: no electron or node modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '**/devserver/**', '**/preload/**'],
              message: 'common/ imports nothing of the processes.',
            },
            { group: ['electron', ...nodeBuiltins], message: 'common/ is process-neutral: no electron, no node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['main/**'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron'],
              message: 'Only main/electron and preload import electron; the core runs under plain Node.',
            },
            {
              group: ['**/renderer/**', '**/devserver/**'],
              message: 'main never imports the renderer or the dev server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The layers below the IPC handlers answer in their own terms; main/ipc and the hosts above it
    // word those answers for the renderer. An import upward would tie a service to one transport.
    files: ['main/**'],
    ignores: ['main/electron/**', 'main/host/**', 'main/ipc/**', 'main/core-thread/**', 'main/shell/**', 'main/core.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron'], message: 'Only main/electron and preload import electron; the core runs under plain Node.' },
            { group: ['**/renderer/**', '**/devserver/**'], message: 'main never imports the renderer or the dev server.' },
            {
              group: ['./ipc', './ipc/*', '../ipc', '../ipc/*', '../../ipc/*', './host/*', '../host/*', '../../host/*'],
              message: 'A service below the IPC layer must not import main/ipc or main/host (failure words: main/failure-words.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['devserver/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '**/common/**', 'electron'],
              message: 'The dev server is a separate program: it shares no code with the client.',
            },
          ],
        },
      ],
    },
  },
);
