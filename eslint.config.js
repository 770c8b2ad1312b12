import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import crosswalkRules from './eslint-rules/feature-boundaries.js';

export default tseslint.config(
  // tests/fixtures/lint holds code the rules must refuse (eslint-rules/feature-boundaries.test.ts lints it on purpose).
  { ignores: ['dist/**', 'data/**', '.tmp/**', 'node_modules/**', 'coverage/**', 'tests/fixtures/lint/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Dependency direction: web -> shared <- server, never web -> server.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The web app must not import server code; put shared code in src/shared.' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      // Shared code runs in the browser and on the server: no Node, DOM-app or database imports.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'src/shared runs in the browser too: no Node modules.' },
            { group: ['**/server/**', '**/web/**', '@web/*', 'pg', '@electric-sql/*'], message: 'src/shared must not import server or web code.' },
          ],
        },
      ],
    },
  },
  // ---------------------------------------------------------------------------------------------------------------
  // Feature boundaries (docs/decisions/007-feature-boundaries.md): a feature imports another feature only through that
  // feature's public entry, its index.ts, on both sides. The build fails otherwise (npm run lint, in npm test).
  // ---------------------------------------------------------------------------------------------------------------
  {
    files: ['**/src/server/features/**/*.{ts,tsx}', '**/src/web/features/**/*.{ts,tsx}'],
    plugins: { crosswalk: crosswalkRules },
    rules: { 'crosswalk/feature-boundaries': 'error' },
  },
);
