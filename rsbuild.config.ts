import { fileURLToPath } from 'node:url';

import { defineConfig, loadEnv } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

import { parseEnv } from './src/config/env-schema';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** Seed §9: a script chunk that takes longer than this to load fails with 'Loading chunk {n} failed.' */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** PUBLIC_* settings from the environment and .env files, validated with zod (fails the build). */
const publicEnv = parseEnv({ ...loadEnv().rawPublicVars, ...pickPublic(process.env) });

function pickPublic(vars: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(vars).filter(([key]) => key.startsWith('PUBLIC_')));
}

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './src/index.tsx' },
    define: { __BIDWRIGHT_ENV__: JSON.stringify(publicEnv) },
  },
  resolve: { alias: { '@': src } },
  html: {
    template: './src/index.html',
    title: 'Bidwright',
    meta: {
      description:
        'Bidwright connects to Upwork: browse jobs, create responses with AI agents and generate detailed quotes in minutes.',
      'theme-color': '#0f172a',
    },
    // public/theme-boot.js sets the 'dark' class before first paint (no flash of the wrong theme).
    // A blocking external script needs no CSP hash.
    tags: [
      { tag: 'script', attrs: { src: '/theme-boot.js' }, head: true, append: false },
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, head: true },
      { tag: 'link', attrs: { rel: 'icon', href: '/icon-192.png', type: 'image/png' }, head: true },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icon-192.png' }, head: true },
    ],
  },
  server: { port: 3000 },
  output: { distPath: { root: 'dist' } },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  tools: {
    rspack: { output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } },
  },
});
