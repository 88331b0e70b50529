import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { defineConfig, loadEnv } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

import { pluginPrecompress } from './scripts/precompress-plugin';
import {
  pluginPrerenderLogin,
  PRERENDER_ENTRY,
  PRERENDER_ENVIRONMENT,
  PRERENDER_FOLDER,
} from './scripts/prerender-plugin';
import { parseEnv } from './src/config/env-schema';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** A script chunk that takes longer than this to load fails with 'Loading chunk {n} failed.' */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * The public quote page (/q/{token}): its own small entry without React or the app shell, and
 * without the theme script (its CSP allows scripts from 'self' only).
 */
const SHARE_ENTRY = 'share';
const SIDE_EFFECT_FREE_CONTRACT = ['quotes.ts', 'quote-totals.ts'].map((file) =>
  fileURLToPath(new URL(`./src/contract/${file}`, import.meta.url)),
);
const isShareOnlyTag = (tag: { tag: string; attrs?: Record<string, unknown>; children?: string }) =>
  !(tag.tag === 'script' && tag.children) && !(tag.tag === 'link' && tag.attrs?.rel === 'manifest');

const themeBoot = readFileSync(new URL('./src/theme-boot.js', import.meta.url), 'utf8');

/** PUBLIC_* settings from the environment and .env files, validated with zod (fails the build). */
const publicEnv = parseEnv({ ...loadEnv().rawPublicVars, ...pickPublic(process.env) });

function pickPublic(vars: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(vars).filter(([key]) => key.startsWith('PUBLIC_')));
}

/**
 * Production builds also render the sign-in page's static panel in Node and write login.html
 * (scripts/prerender-plugin.ts), then write .br/.gz copies of every text asset
 * (scripts/precompress-plugin.ts). Plugins' after-build steps run in this order.
 */
const prerenderEnvironment = {
  source: { entry: { [PRERENDER_ENTRY]: './src/prerender/login-shell.tsx' } },
  output: {
    target: 'node' as const,
    distPath: { js: PRERENDER_FOLDER },
    filename: { js: '[name].js' },
  },
  performance: { chunkSplit: { strategy: 'all-in-one' as const } },
};

export default defineConfig(({ command }) => ({
  plugins: [pluginReact(), pluginPrerenderLogin(), pluginPrecompress()],
  environments: {
    web: {
      source: { entry: { index: './src/index.tsx', [SHARE_ENTRY]: './src/share/index.ts' } },
    },
    ...(command === 'build' ? { [PRERENDER_ENVIRONMENT]: prerenderEnvironment } : {}),
  },
  source: {
    define: { __BIDWRIGHT_ENV__: JSON.stringify(publicEnv) },
  },
  resolve: { alias: { '@': src } },
  html: {
    template: ({ entryName }) =>
      entryName === SHARE_ENTRY ? './src/share/share.html' : './src/index.html',
    title: 'Bidwright',
    meta: {
      description:
        'Bidwright connects to Upwork: browse jobs, create responses with AI agents and generate detailed quotes in minutes.',
      'theme-color': '#0f172a',
    },
    // src/theme-boot.js sets the 'dark' class before first paint (no flash of the wrong theme).
    // Inline, so the first paint waits for no request; the SPA server allows it by its hash.
    tags: [
      { tag: 'script', children: themeBoot, head: true, append: false },
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, head: true },
      { tag: 'link', attrs: { rel: 'icon', href: '/icon-192.png', type: 'image/png' }, head: true },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icon-192.png' }, head: true },
      (tags, { entryName }) => (entryName === SHARE_ENTRY ? tags.filter(isShareOnlyTag) : tags),
    ],
  },
  server: {
    port: 3000,
    // The public quote page has its own HTML; every other client-side route gets index.html.
    historyApiFallback: {
      rewrites: [{ from: /^\/q\/[^/]+\/?$/, to: `/${SHARE_ENTRY}.html` }],
    },
  },
  output: { distPath: { root: 'dist' } },
  performance: {
    chunkSplit: { strategy: 'split-by-experience' },
    // The sign-in screen downloads alongside the shell's scripts rather than after them (about
    // 4 KB gzip; routes.tsx names the chunk). Only login.html keeps this preload: the prerender
    // plugin takes it out of index.html, which every other route gets.
    // docs/decisions/0006-login-first-paint.md
    ...(command === 'build'
      ? { preload: { type: 'async-chunks' as const, include: [/\/login-page\.[0-9a-f]+\.js$/] } }
      : {}),
  },
  tools: {
    rspack: {
      output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS },
      // The share page imports the quote arithmetic only; these contract files have no side
      // effects, so their unused zod schemas (and zod itself) stay out of that page's bundle.
      module: { rules: [{ include: SIDE_EFFECT_FREE_CONTRACT, sideEffects: false }] },
    },
  },
}));
