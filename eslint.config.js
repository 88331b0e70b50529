// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import { readdirSync } from 'node:fs';

import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'node_modules/**',
      'server/src/db/migrations/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
          message: 'sql.raw builds SQL from strings; use the sql template tag.',
        },
      ],
    },
  },
  {
    // Inlined into index.html by rsbuild.config.ts: plain browser script, no modules.
    files: ['src/theme-boot.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/model/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks from @/store/hooks.',
            },
          ],
        },
      ],
    },
  },
  // One request must never freeze the API: no regex that backtracks or moves super-linearly over
  // what a user sent (server) or typed (SPA). Bound the input or scan by hand instead.
  {
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  // Dependency direction (architecture.md §1): machines are pure; shared layers never reach up.
  {
    files: ['src/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'firebase',
                'firebase/*',
                'react',
                'react-dom',
                '@/store/*',
                '@/features/*',
                '@/app/*',
                '@/lib/*',
                '@/components/*',
              ],
              message: 'Machines import nothing but xstate and contract types.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/store/**', 'src/lib/**', 'src/components/**', 'src/contract/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared layers must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', 'react', 'react-dom', 'firebase', 'firebase/*'],
              message: 'The contract is shared with the server: zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '../../src/*', '../../../src/*'],
              message: 'The server imports only #contract/* from the SPA tree.',
            },
          ],
        },
      ],
    },
  },
  // Features never import each other; they meet in src/app or through the store.
  {
    files: ['src/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: featureNames().map((name) => ({
            target: `./src/features/${name}`,
            from: './src/features',
            except: [`./${name}`],
          })),
        },
      ],
    },
  },
  prettier,
);

function featureNames() {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
