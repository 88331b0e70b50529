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

/** The untyped react-redux hooks; the typed ones live in @/store/hooks. */
const reactReduxHooks = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector', 'useStore'],
  message: 'Use the typed hooks from @/store/hooks.',
};

/** The schema files each server module owns, where the name differs from the module's. */
const OWNED_SCHEMA = {
  admin: [],
  health: [],
  'ai-settings': ['ai.ts'],
  profile: ['profiles.ts'],
  // Quote templates are rows of the templates table (kind 'quote').
  'quote-templates': ['templates.ts'],
  // The quote areas share the tables of server/src/db/schema/quotes.ts.
  'quote-generation': ['quotes.ts'],
  'quote-share': ['quotes.ts'],
  'quote-export': ['quotes.ts'],
  // Reports join the one graph from job to money, so analytics reads every area's tables; it
  // never writes them (the read-only rule below).
  analytics: [
    'responses.ts',
    'quotes.ts',
    'leads.ts',
    'transactions.ts',
    'jobs.ts',
    'messages.ts',
    'templates.ts',
    'portfolio.ts',
  ],
};

const SQL_RAW_BAN = {
  selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
  message: 'sql.raw builds SQL from strings; use the sql template tag.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
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
    settings: {
      // TypeScript sources take part in the import graph; packages are never parsed.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
      // Resolves '@/...' (tsconfig paths), '#contract/...' (package imports) and .ts sources, so
      // the cycle check and the layer zones see every import.
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          tsconfig: { configFile: 'tsconfig.json' },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Modules that import each other load in an order nobody chose (type-only imports are exempt).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': ['error', SQL_RAW_BAN],
    },
  },
  {
    // Analytics reads other areas' tables, so it must never change them: no insert, update,
    // delete or transaction there (activity is logged through the activities service).
    files: ['server/src/modules/analytics/**/*.ts'],
    ignores: ['server/src/modules/analytics/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        SQL_RAW_BAN,
        {
          selector: 'CallExpression[callee.property.name=/^(insert|update|delete|transaction)$/]',
          message: "Analytics only reads: write through the owning area's service.",
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
          paths: [reactReduxHooks],
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
  // Dependency direction (docs/architecture.md): every layer imports only the layers below it.
  // The zones compose in one rule; package bans are one no-restricted-imports block per file group,
  // because a later block for the same rule replaces an earlier one for the same files.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
    },
  },
  // Server areas meet only through services and read only their own tables. Tests may look at
  // any table to check what a request stored.
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones(), ...moduleZones()] }],
    },
  },
  {
    files: ['src/machines/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reactReduxHooks],
          patterns: [
            {
              group: ['firebase', 'firebase/*', 'react', 'react-dom', 'zod'],
              message: 'Machines import nothing but xstate and contract types.',
            },
          ],
        },
      ],
      // Contract values come with zod, which the sign-in route does without: types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/contract/*'],
              allowTypeImports: true,
              message: 'Machines import contract types only (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place the untyped react-redux hooks are wrapped.
    files: ['src/store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', 'react', 'react-dom', 'react-redux', 'firebase', 'firebase/*'],
              message: 'The contract is shared with the server: zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The client's share page is its own small entry: plain DOM, no framework, no app layers.
    files: ['src/share/**'],
    ignores: ['src/share/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-redux',
                '@reduxjs/*',
                'firebase',
                'firebase/*',
                'zod',
                '@/app/*',
                '@/features/*',
                '@/store/*',
                '@/lib/*',
                '@/components/*',
              ],
              message:
                'The share page stays small: DOM code, contract types and quote-totals.ts only.',
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
              group: ['@/*'],
              message: 'The server imports only #contract/* from the SPA tree.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);

/** The areas the lint zones guard; docs/architecture.md draws the same arrows. */
function layerZones() {
  const sharedLayers = ['store', 'lib', 'components', 'contract', 'config'];
  const spaExceptContract = {
    from: './src',
    except: ['./contract'],
  };
  return [
    {
      target: './server',
      ...spaExceptContract,
      message: 'The server imports only #contract/* from the SPA tree.',
    },
    {
      target: './src/contract',
      ...spaExceptContract,
      message: 'The contract is shared with the server: zod only.',
    },
    {
      target: sharedLayers.map((layer) => `./src/${layer}`),
      from: ['./src/features', './src/app'],
      message: 'Shared layers must not import features or app.',
    },
    {
      target: './src/features',
      from: './src/app',
      message: 'Features never import the app shell; the app composes features.',
    },
    {
      target: './src/lib',
      from: './src/store',
      message: 'lib/ holds plain helpers: it never imports the store.',
    },
    {
      target: './src/machines',
      from: ['./src/app', './src/features', './src/store', './src/lib', './src/components'],
      message: 'Machines import nothing but xstate and contract types.',
    },
    // Features never import each other; they meet in src/app or through the store.
    ...subdirectories('src/features').map((name) => ({
      target: `./src/features/${name}`,
      from: './src/features',
      except: [`./${name}`],
      message: 'Features never import each other; they meet in src/app or through the store.',
    })),
  ];
}

/** Server modules: services are the only doors, and each module reads only its own tables. */
function moduleZones() {
  const modules = subdirectories('server/src/modules');
  return [
    // Server areas talk through services: another module's files other than service.ts are off
    // limits, and so are the tables another area owns.
    ...modules.map((name) => ({
      target: `./server/src/modules/${name}`,
      from: modules
        .filter((other) => other !== name)
        .map((other) => `./server/src/modules/${other}`),
      except: ['./service.ts'],
      message: "Server modules talk through services: import only another module's service.ts.",
    })),
    ...modules.map((name) => ({
      target: `./server/src/modules/${name}`,
      from: './server/src/db/schema',
      except: (OWNED_SCHEMA[name] ?? [`${name}.ts`]).map((file) => `./${file}`),
      message: 'A module reads only the tables it owns; other tables go through their service.',
    })),
  ];
}

function subdirectories(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
